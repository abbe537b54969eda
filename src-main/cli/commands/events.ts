/** `little-inspector events <runId> [--type T] [--caller C] [--data-dir DIR]`: `little events`, byte for byte. */
import { eventMatchesFilter } from '../../../shared/events/event-filter';
import { formatEventLine } from '../../../shared/report/cli-lines';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { eachRunEventPaced, openDataDirArg } from '../run-log';

/** Print the run's envelopes, one JSON line each; an unknown run prints nothing, as upstream. */
export async function eventsCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, type: true, caller: true, json: false });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector events <run-id> [--type <event-type>] [--caller <caller>] [--data-dir <dir>]');
  const filter = {
    ...(typeof flags.type === 'string' ? { type: flags.type } : {}),
    ...(typeof flags.caller === 'string' ? { caller: flags.caller } : {}),
  };
  const reader = openDataDirArg(flags['data-dir'] as string | undefined);
  try {
    // Printed as read, never collected (two reads: the first proves the whole log parses, as
    // `little events` needs), and paced by stdout: a slow pipe pauses the read, never buffers it.
    await eachRunEventPaced(reader, positionals[0], (event) => {
      if (eventMatchesFilter(event, filter)) io.stdout(formatEventLine(event));
    }, () => io.stdoutFull?.() ?? null);
  } finally {
    reader.close();
  }
  return 0;
}
