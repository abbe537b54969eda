/**
 * One run's events read the way little-workflow's `listEvents` reads them: every payload must
 * parse, or the whole read fails. The failure is a Diagnostic whose `detail.errorName` is the
 * error little-workflow's CLI would print (`WorldPathError`, `SyntaxError`, a fold error's
 * name); a store failure has none (the CLI reports it as an unreadable data dir). The CLI's
 * `report`/`replay`/`events`/`diff`/`compare` and the app's `run.diff` read through here.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN, type EventEnvelope } from '../../shared/events/envelope';
import { ALL_PAYLOADS, type PayloadNeeds } from '../../shared/events/payload-needs';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunAccumulator } from '../../shared/run/run-accumulator';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { foldLog, type Checkpoints, type FoldRequest } from '../engine/fold-log';

/** The name little-workflow's CLI gives the failure (`<name>: <message>`), when it is one of its own. */
export function cliErrorName(failure: Diagnostic): string | null {
  const name = failure.detail?.errorName;
  return typeof name === 'string' ? name : null;
}

/** A failure little-workflow's CLI prints as `<name>: <message>`. */
export function namedFailure(code: Diagnostic['code'], name: string, message: string, runId?: string): Diagnostic {
  return diagnostic(code, message, { detail: { errorName: name }, ...(runId === undefined ? {} : { runId }) });
}

/**
 * Hand every event of `runId` to `each` in sequence order, as it is read (nothing is kept);
 * the count handed, or the failure that stops the read. `needs`: the payloads `each` reads
 * (the others may come as UNREAD_PAYLOAD, still proven valid JSON: shared/events/payload-needs.ts). With `upto`, the log as if it had
 * been truncated after that sequence: rows past it are never read, so a bad payload after
 * `upto` fails nothing.
 */
export function forEachEventStrict(reader: DataDirReader, runId: string, each: (event: EventEnvelope) => void, upto?: number, needs: PayloadNeeds = ALL_PAYLOADS): Result<number> {
  let count = 0;
  for (const read of strictEvents(reader, runId, upto, needs)) {
    if (!read.ok) return fail(read.error);
    each(read.event);
    count += 1;
  }
  return ok(count);
}

/** One item of a strict read: an event, or the failure that ends the read. */
export type StrictRead = { ok: true; event: EventEnvelope } | { ok: false; error: Diagnostic };

/**
 * The same read as a generator: each event as it is read, or the one failure that ends the read
 * (its last item). A caller may stop between two items for as long as it likes (`events` waits
 * there for a slow stdout): the statement stays where it is, nothing is read ahead.
 */
export function* strictEvents(reader: DataDirReader, runId: string, upto?: number, needs: PayloadNeeds = ALL_PAYLOADS): Generator<StrictRead> {
  if (!RUN_ID_PATTERN.test(runId)) return yield { ok: false, error: namedFailure('invalid-run-id', 'WorldPathError', `Invalid run id: ${runId}`) };
  for (const read of reader.readEvents(runId, 0, upto, needs)) {
    const sequence = read.ok ? read.event.sequence : read.sequence;
    if (upto !== undefined && sequence !== null && sequence > upto) return;
    if (read.ok) yield { ok: true, event: read.event };
    else if (read.sequence === null) return yield { ok: false, error: read.diagnostic };
    // listEvents parses every payload up front: one bad payload fails the whole read.
    else return yield { ok: false, error: namedFailure('payload-unparsable', 'SyntaxError', jsonParseMessage(read.raw.payloadText, read.diagnostic.message), runId) };
  }
}

/**
 * Every event of `runId` in one array, for the one consumer that needs random access to all of
 * them: `compare` (the resume audit folds the prefix before each crash boundary; the simulated
 * check slices batches and bisects over prefixes). Everything else folds or streams.
 */
export function readRunEventsStrict(reader: DataDirReader, runId: string, upto?: number): Result<EventEnvelope[]> {
  const events: EventEnvelope[] = [];
  const read = forEachEventStrict(reader, runId, (event) => events.push(event), upto);
  return read.ok ? ok(events) : read;
}

/** What a strict fold of a run needs: price table, where to stop, checkpoints (or none), a tap on every event folded and where its checks run (fold-checkpointed.ts). */
export type StrictFoldOptions = { table: PriceTable; upto?: number; checkpoints: Checkpoints | null; tap?: FoldRequest['tap'] };

/**
 * The run folded the way `little report`/`replay` fold it, through the one read -> fold path
 * (rows folded as read, never collected; from a trusted checkpoint when one exists), failing
 * like `readRunEventsStrict` + `materializeRunState`: an invalid run id, then the first row that
 * is not JSON or a read failure, then RunNotFoundError for no events, then the fold's own error.
 * The accumulator answers `state()` (and `firstNullPayload()` for replay's step order).
 */
export function foldRunStrict(reader: DataDirReader, runId: string, options: StrictFoldOptions): Result<RunAccumulator> {
  if (!RUN_ID_PATTERN.test(runId)) return fail(namedFailure('invalid-run-id', 'WorldPathError', `Invalid run id: ${runId}`));
  const fold = foldLog({ reader, runId, table: options.table, mode: 'fold', upto: options.upto, checkpoints: options.checkpoints, tap: options.tap });
  const bad = fold.undecodable[0];
  if (bad !== undefined) {
    // Only the first bad row's text is read again, for JSON.parse's own message.
    for (const read of reader.readEvents(runId, bad.sequence - 1, bad.sequence)) {
      if (!read.ok && read.sequence !== null) return fail(namedFailure('payload-unparsable', 'SyntaxError', jsonParseMessage(read.raw.payloadText, read.diagnostic.message), runId));
    }
    return fail(namedFailure('payload-unparsable', 'SyntaxError', bad.diagnostic.message, runId));
  }
  if (fold.readFailures.length > 0) return fail(fold.readFailures[0]);
  const error = fold.accumulator.strictError();
  if (error !== null) return fail(namedFailure(error.name === 'RunNotFoundError' ? 'run-not-found' : 'internal', error.name, error.message, runId));
  return ok(fold.accumulator);
}

function jsonParseMessage(text: string, refused: string): string {
  try {
    JSON.parse(text);
    // It parses, so the store refused it for another reason (nesting too deep).
    return refused;
  } catch (error) {
    return (error as Error).message;
  }
}
