/** `little-inspector` process entry (bundled to out/main/cli.js). */
import { processIo } from './cli-io';
import { runCliSafely } from './run-cli';

void runCliSafely(process.argv.slice(2), processIo).then((code) => {
  process.exitCode = code;
});
