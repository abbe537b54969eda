/** A small, strict argument parser: known flags only, clear usage errors. */

/** Thrown for a bad command line; the CLI prints it with the usage hint and exits 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Flag spec: `true` takes a value, `false` is a boolean switch. */
export type FlagSpec = Record<string, boolean>;

export type ParsedArgs = {
  positionals: string[];
  flags: Record<string, string | true>;
};

/** Parse `argv` (without node and script) against a flag spec; `--name=value` and `--name value` both work. */
export function parseArgs(argv: string[], spec: FlagSpec): ParsedArgs {
  const positionals: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!(name in spec)) throw new UsageError(`unknown option --${name}`);
    if (spec[name]) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    } else {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags[name] = true;
    }
  }
  return { positionals, flags };
}

/** Parse a TCP port (0 = random). */
export function parsePort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${value}"`);
  return Number(value);
}

/**
 * `--at <seq>`: the event sequence a command evaluates the log at (the log as if truncated
 * after it). A positive integer; absent gives undefined (the whole log).
 */
export function parseAtFlag(value: string | true | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new UsageError(`--at must be an event sequence (an integer from 1), got "${String(value)}"`);
  }
  return Number(value);
}
