/**
 * The `little-inspector` CLI inside the packaged app.
 *
 * The packaged Electron has the RunAsNode fuse off (docs/SECURITY.md), so `ELECTRON_RUN_AS_NODE=1`
 * cannot turn it into Node to run out/main/cli.js. Instead the app's own main process runs the
 * CLI when it is launched with `--cli` (what the installed `little-inspector` wrapper passes) or
 * with a CLI command as its first argument (`Little Inspector report <dir>`): same commands,
 * output and exit codes as `npx little-inspector`, no window, no single-instance lock.
 */

/** The marker the installed wrappers put before the CLI arguments. */
export const CLI_FLAG = '--cli';

/** Help and version spellings the CLI understands besides its commands. */
const CLI_WORDS = ['help', '-h', '--help', '-v', '--version'];

/**
 * The CLI arguments when `argv` asks for the CLI, else null (open the window).
 *
 * Chromium switches before the marker (`--ozone-platform=headless` from the wrapper on a
 * display-less Linux) are skipped; after it, every argument belongs to the CLI. Without the
 * marker, only a first argument that is a CLI command selects the CLI, so a folder path (which
 * a command name never looks like unless it is relative and bare: open it as `./runs`) opens
 * the window.
 */
export function cliArguments(argv: readonly string[], defaultApp: boolean, commands: readonly string[]): string[] | null {
  const userArgs = argv.slice(defaultApp ? 2 : 1);
  const marker = userArgs.indexOf(CLI_FLAG);
  if (marker !== -1 && userArgs.slice(0, marker).every((arg) => arg.startsWith('--'))) return userArgs.slice(marker + 1);
  const first = userArgs[0];
  if (first !== undefined && (commands.includes(first) || CLI_WORDS.includes(first))) return [...userArgs];
  return null;
}
