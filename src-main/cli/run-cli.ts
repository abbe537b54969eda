/** Command dispatch for `little-inspector`; returns the exit code instead of exiting. */
import pkg from '../../package.json';
import { UsageError } from './args';
import type { CliIo } from './cli-io';
import { formatDiagnostic } from './format-diagnostic';
import { DataDirError } from './run-log';
import { terminalSafe } from './terminal-safe';
import { USAGE } from './usage';

type Command = (argv: string[], io: CliIo) => Promise<number>;

// Each command's module is loaded when it runs (a chunk of its own in the build): `report` then
// compiles and initialises only what it uses, not serve's HTTP server, the exports, OTLP or the
// zod schemas of harness traces (~0.1 s of the bare process's start on the 200k-event bench).
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve')).serveCommand,
  events: async () => (await import('./commands/events')).eventsCommand,
  replay: async () => (await import('./commands/replay')).replayCommand,
  plan: async () => (await import('./commands/plan')).planCommand,
  job: async () => (await import('./commands/job')).jobCommand,
  report: async () => (await import('./commands/report')).reportCommand,
  runs: async () => (await import('./commands/runs')).runsCommand,
  fleet: async () => (await import('./commands/fleet')).fleetCommand,
  'export-fleet': async () => (await import('./commands/export-fleet')).exportFleetCommand,
  check: async () => (await import('./commands/check')).checkCommand,
  scan: async () => (await import('./commands/scan')).scanCommand,
  pricing: async () => (await import('./commands/pricing')).pricingCommand,
  export: async () => (await import('./commands/export')).exportCommand,
  tail: async () => {
    const { tailCommand } = await import('./commands/tail');
    return (argv, io) => tailCommand(argv, io);
  },
  compare: async () => (await import('./commands/compare')).compareCommand,
  diff: async () => (await import('./commands/diff')).diffCommand,
  otlp: async () => {
    const { otlpCommand } = await import('./commands/otlp');
    return (argv, io) => otlpCommand(argv, io);
  },
  sessions: async () => (await import('./commands/harness-sessions')).sessionsCommand,
  trace: async () => (await import('./commands/harness-sessions')).traceCommand,
  doctor: async () => (await import('./commands/harness-sessions')).doctorCommand,
  outcomes: async () => (await import('./commands/harness-sessions')).outcomesCommand,
  search: async () => (await import('./commands/search')).searchCommand,
  sql: async () => (await import('./commands/sql')).sqlCommand,
};

/** The command names (the desktop app runs the CLI when its first argument is one of these). */
export const CLI_COMMANDS: readonly string[] = Object.freeze(Object.keys(commands));

/** Run the CLI with `argv` (arguments after the script name). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    io.stdout(USAGE);
    return first === undefined ? 1 : 0;
  }
  if (first === '-v' || first === '--version') {
    io.stdout(`${pkg.version}\n`);
    return 0;
  }
  const load = Object.prototype.hasOwnProperty.call(commands, first) ? commands[first] : undefined;
  if (!load) {
    io.stderr(`little-inspector: unknown command "${first}"\n\n${USAGE}`);
    return 1;
  }
  try {
    const command = await load();
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`little-inspector ${first}: ${error.message}\nRun "little-inspector --help" for usage.\n`);
      return 1;
    }
    if (error instanceof DataDirError) {
      io.stderr(`little-inspector ${first}: ${terminalSafe(formatDiagnostic(error.diagnostic))}\n`);
      return 2;
    }
    // Everything else is a run-level error that little-workflow's CLI also prints as
    // `<name>: <message>` with exit 1 (RunNotFoundError, WorldPathError, SyntaxError, …); the
    // message may quote a payload, so it is kept to one line without terminal controls.
    if (error instanceof Error) {
      io.stderr(`${terminalSafe(`${error.name}: ${error.message}`)}\n`);
      return 1;
    }
    throw error;
  }
}

/** {@link runCli} with an unexpected throw reported as an internal error (exit 70), never a rejection. */
export async function runCliSafely(argv: string[], io: CliIo): Promise<number> {
  try {
    return await runCli(argv, io);
  } catch (error) {
    io.stderr(`little-inspector: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 70;
  }
}
