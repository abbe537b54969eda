/** Command dispatch for `little-inspector`; returns the exit code instead of exiting. */
import pkg from '../../package.json';
import { UsageError } from './args';
import type { CliIo } from './cli-io';
import { checkCommand } from './commands/check';
import { compareCommand } from './commands/compare';
import { diffCommand } from './commands/diff';
import { eventsCommand } from './commands/events';
import { exportCommand } from './commands/export';
import { planCommand } from './commands/plan';
import { otlpCommand } from './commands/otlp';
import { doctorCommand, outcomesCommand, sessionsCommand, traceCommand } from './commands/harness-sessions';
import { pricingCommand } from './commands/pricing';
import { replayCommand } from './commands/replay';
import { reportCommand } from './commands/report';
import { runsCommand } from './commands/runs';
import { serveCommand } from './commands/serve';
import { tailCommand } from './commands/tail';
import { formatDiagnostic } from './format-diagnostic';
import { DataDirError } from './run-log';
import { terminalSafe } from './terminal-safe';
import { USAGE } from './usage';

type Command = (argv: string[], io: CliIo) => Promise<number>;

const commands: Record<string, Command> = {
  serve: serveCommand,
  events: eventsCommand,
  replay: replayCommand,
  plan: planCommand,
  report: reportCommand,
  runs: runsCommand,
  check: checkCommand,
  pricing: pricingCommand,
  export: exportCommand,
  tail: (argv, io) => tailCommand(argv, io),
  compare: compareCommand,
  diff: diffCommand,
  otlp: (argv, io) => otlpCommand(argv, io),
  sessions: sessionsCommand,
  trace: traceCommand,
  doctor: doctorCommand,
  outcomes: outcomesCommand,
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
  const command = Object.prototype.hasOwnProperty.call(commands, first) ? commands[first] : undefined;
  if (!command) {
    io.stderr(`little-inspector: unknown command "${first}"\n\n${USAGE}`);
    return 1;
  }
  try {
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
