/** `little-inspector` process entry (bundled to out/main/cli.js). */
import { endQuietlyOnBrokenPipe } from './broken-pipe';
import { processIo } from './cli-io';
import { runCliSafely } from './run-cli';

endQuietlyOnBrokenPipe([process.stdout, process.stderr]);
void runCliSafely(process.argv.slice(2), processIo).then((code) => {
  process.exitCode = code;
});
