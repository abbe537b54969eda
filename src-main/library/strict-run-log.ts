/**
 * One run's events read the way little-workflow's `listEvents` reads them: every payload must
 * parse, or the whole read fails. The failure is a Diagnostic whose `detail.errorName` is the
 * error little-workflow's CLI would print (`WorldPathError`, `SyntaxError`, a fold error's
 * name); a store failure has none (the CLI reports it as an unreadable data dir). The CLI's
 * `report`/`replay`/`diff` and the app's `run.diff` read through here.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN, type EventEnvelope } from '../../shared/events/envelope';
import type { DataDirReader } from '../sources/little-workflow/store-types';

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

function jsonParseMessage(text: string, refused: string): string {
  try {
    JSON.parse(text);
    // It parses, so the store refused it for another reason (nesting too deep).
    return refused;
  } catch (error) {
    return (error as Error).message;
  }
}
