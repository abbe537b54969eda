/** Windows of a run's event log for the virtualized events view, filters, and single events in full. */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { jsonSize } from '../../../shared/run/json-preview';
import type { EventFilterSpec, EventRow } from '../../../shared/run/run-detail-types';
import type { DataDirReader, EventRead } from './store-types';
import { matches, MAX_EVENT_ROWS } from '../event-filter';
import { SLICE, yieldToLoop } from './in-slices';


/** Rows `fromSequence…` (at most `limit`) in sequence order. */
export function eventRows(reader: DataDirReader, runId: string, fromSequence: number, limit: number): Result<EventRow[]> {
  const rows: EventRow[] = [];
  for (const read of reader.readEvents(runId, fromSequence - 1)) {
    if (!read.ok && read.sequence === null) return fail(read.diagnostic);
    rows.push(rowOf(read));
    if (rows.length >= Math.min(limit, MAX_EVENT_ROWS)) break;
  }
  return ok(rows);
}

/** Sequences of every event matching `filter`, scanning the log in slices. */
export async function filterSequences(reader: DataDirReader, runId: string, filter: EventFilterSpec): Promise<Result<number[]>> {
  const sequences: number[] = [];
  let n = 0;
  for (const read of reader.readEvents(runId)) {
    if (!read.ok && read.sequence === null) return fail(read.diagnostic);
    const row = rowOf(read, false);
    if (matches(row, filter)) sequences.push(row.sequence);
    if (++n % SLICE === 0) await yieldToLoop();
  }
  return ok(sequences);
}

/** One event in full: the envelope, or the raw text of a row whose payload does not parse. */
export function fullEvent(reader: DataDirReader, runId: string, sequence: number): Result<{ event: EventEnvelope | null; rawPayload: string | null }> {
  for (const read of reader.readEvents(runId, sequence - 1)) {
    if (read.ok) return read.event.sequence === sequence ? ok({ event: read.event, rawPayload: null }) : notFound(runId, sequence);
    if (read.sequence === null) return fail(read.diagnostic);
    return read.sequence === sequence ? ok({ event: null, rawPayload: read.raw.payloadText }) : notFound(runId, sequence);
  }
  return notFound(runId, sequence);
}

function notFound<T>(runId: string, sequence: number): Result<T> {
  return fail(diagnostic('invalid-argument', `Run ${runId} has no event ${sequence}`, { runId, sequence }));
}


// Sizing re-serialises the payload, so the filter scan over a whole log skips it.
function rowOf(read: EventRead, withSize = true): EventRow {
  if (!read.ok) {
    const raw = read.raw!;
    return { sequence: read.sequence!, type: raw.type, recordedAt: raw.recordedAt, eventId: raw.eventId, payloadChars: raw.payloadText.length, undecodable: true };
  }
  const e = read.event;
  const p = (typeof e.payload === 'object' && e.payload !== null ? e.payload : {}) as Record<string, unknown>;
  return {
    sequence: e.sequence,
    type: e.type,
    recordedAt: e.recordedAt,
    eventId: e.eventId,
    ...(e.occurrenceId !== undefined ? { occurrenceId: e.occurrenceId } : {}),
    ...(typeof p.stepPath === 'string' ? { stepPath: p.stepPath } : {}),
    ...(typeof p.caller === 'string' ? { caller: p.caller } : {}),
    ...(typeof p.callId === 'string' ? { callId: p.callId } : {}),
    payloadChars: withSize ? jsonSize(e.payload) : 0,
  };
}
