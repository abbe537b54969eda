/**
 * One run's events read the way little-workflow's `listEvents` reads them: every payload must
 * parse, or the whole read fails. The failure is a Diagnostic whose `detail.errorName` is the
 * error little-workflow's CLI would print (`WorldPathError`, `SyntaxError`, a fold error's
 * name); a store failure has none (the CLI reports it as an unreadable data dir). The CLI's
 * `report`/`replay`/`diff` and the app's `run.diff` read through here.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN, type EventEnvelope } from '../../shared/events/envelope';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunAccumulator } from '../../shared/run/run-accumulator';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { foldLog, type Checkpoints } from './checkpoints/fold-checkpointed';

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
 * Every event of `runId` in sequence order. With `upto`, the log as if it had been truncated
 * after that sequence: rows past it are never read, so a bad payload after `upto` fails nothing.
 */
export function readRunEventsStrict(reader: DataDirReader, runId: string, upto?: number): Result<EventEnvelope[]> {
  if (!RUN_ID_PATTERN.test(runId)) return fail(namedFailure('invalid-run-id', 'WorldPathError', `Invalid run id: ${runId}`));
  const events: EventEnvelope[] = [];
  for (const read of reader.readEvents(runId)) {
    const sequence = read.ok ? read.event.sequence : read.sequence;
    if (upto !== undefined && sequence !== null && sequence > upto) break;
    if (read.ok) events.push(read.event);
    else if (read.sequence === null) return fail(read.diagnostic);
    // listEvents parses every payload up front: one bad payload fails the whole read.
    else return fail(namedFailure('payload-unparsable', 'SyntaxError', jsonParseMessage(read.raw.payloadText, read.diagnostic.message), runId));
  }
  return ok(events);
}

/** What a strict fold of a run needs: price table, where to stop, checkpoints (or none). */
export type StrictFoldOptions = { table: PriceTable; upto?: number; checkpoints: Checkpoints | null };

/**
 * The run folded the way `little report`/`replay` fold it, through the one read -> fold path
 * (rows folded as read, never collected; from a trusted checkpoint when one exists), failing
 * like `readRunEventsStrict` + `materializeRunState`: an invalid run id, then the first row that
 * is not JSON or a read failure, then RunNotFoundError for no events, then the fold's own error.
 * The accumulator answers `state()` (and `firstNullPayload()` for replay's step order).
 */
export function foldRunStrict(reader: DataDirReader, runId: string, options: StrictFoldOptions): Result<RunAccumulator> {
  if (!RUN_ID_PATTERN.test(runId)) return fail(namedFailure('invalid-run-id', 'WorldPathError', `Invalid run id: ${runId}`));
  const fold = foldLog({ reader, runId, table: options.table, mode: 'fold', upto: options.upto, checkpoints: options.checkpoints });
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
