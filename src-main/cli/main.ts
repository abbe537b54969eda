/** `little-inspector` process entry (bundled to out/main/cli.js). */
import { processIo } from './cli-io';
import { runCli } from './run-cli';

runCli(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`little-inspector: internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
    process.exitCode = 70;
  },
);
