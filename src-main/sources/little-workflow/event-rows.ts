/**
 * Turns stored event rows into envelopes the way little-workflow's `listEvents` does,
 * except that an undecodable payload becomes a diagnostic instead of a thrown SyntaxError.
 */
import { diagnostic } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { UNREAD_PAYLOAD } from '../../../shared/events/payload-needs';
import { jsonTooDeep, tooDeepMessage } from '../../../shared/json-depth';
import type { EventRead, RawEventRow } from './store-types';

/** The stored fields of one event, as read from SQLite or a legacy JSONL line. */
export type StoredEvent = {
  sequence: number;
  eventId: string;
  type: string;
  occurrenceId: string | null;
  recordedAt: string;
  payloadText: string;
};

/** Text of a column value: a corrupt row may hold any SQLite type where TEXT is expected. */
export function columnText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return String(value);
}

/** A StoredEvent from a SQLite row selected with the store's column aliases. */
export function storedEventFromRow(row: Record<string, unknown>): StoredEvent {
  const occurrence = row.occurrence_id;
  return {
    sequence: Number(row.sequence),
    eventId: columnText(row.event_id),
    type: columnText(row.type),
    occurrenceId: occurrence === null || occurrence === undefined ? null : columnText(occurrence),
    recordedAt: columnText(row.recorded_at),
    payloadText: columnText(row.payload),
  };
}

/**
 * Build the envelope for `runId` (the queried id, as `rowToEnvelope` stamps it).
 *
 * Key order matters to anyone printing envelopes like `little events` does: eventId,
 * runId, sequence, type, occurrenceId (only when non-null), recordedAt, payload.
 */
export function decodeStoredEvent(runId: string, stored: StoredEvent): EventRead {
  return decodeEvent(runId, stored.sequence, stored.eventId, stored.type, stored.occurrenceId, stored.recordedAt, stored.payloadText);
}

/**
 * One row as the reader selects it (`sequence, event_id, type, occurrence_id, recorded_at,
 * payload`, and with payload needs `payload_null`), decoded. A NULL payload column that was
 * not NULL in the table is one the SELECT left out: a valid JSON object of a type the consumer
 * does not read (shared/events/payload-needs.ts), so the event carries UNREAD_PAYLOAD.
 */
export function decodeEventRow(runId: string, row: readonly unknown[]): EventRead {
  const payload = row[5];
  const occurrence = row[3];
  const occurrenceId = occurrence === null || occurrence === undefined ? null : columnText(occurrence);
  if (payload === null && row.length > 6 && !row[6]) {
    const event = envelope(runId, Number(row[0]), columnText(row[1]), columnText(row[2]), occurrenceId, columnText(row[4]), UNREAD_PAYLOAD);
    return { ok: true, event };
  }
  return decodeEvent(runId, Number(row[0]), columnText(row[1]), columnText(row[2]), occurrenceId, columnText(row[4]), columnText(payload));
}

function decodeEvent(
  runId: string,
  sequence: number,
  eventId: string,
  type: string,
  occurrenceId: string | null,
  recordedAt: string,
  payloadText: string,
): EventRead {
  let payload: unknown;
  try {
    payload = parsePayloadText(payloadText);
  } catch (error) {
    const raw: RawEventRow = { type, payloadText, eventId, recordedAt, occurrenceId };
    return {
      ok: false,
      sequence,
      runId,
      raw,
      diagnostic: diagnostic('payload-unparsable', `Event ${sequence} (${type}) of ${runId} has a payload that is not JSON: ${(error as Error).message}`, { runId, sequence }),
    };
  }
  return { ok: true, event: envelope(runId, sequence, eventId, type, occurrenceId, recordedAt, payload), payloadText };
}

/** A stored payload parsed as little-workflow's `listEvents` parses it, refused past the nesting limit: throws SyntaxError. */
export function parsePayloadText(payloadText: string): unknown {
  if (jsonTooDeep(payloadText)) throw new SyntaxError(tooDeepMessage());
  return JSON.parse(payloadText);
}

// Two plain literals rather than a conditional spread: same keys and order, but no per-row
// spread (about 5% of a 200k-event read + fold, see `npm run bench`).
function envelope(runId: string, sequence: number, eventId: string, type: string, occurrenceId: string | null, recordedAt: string, payload: unknown): EventEnvelope {
  return occurrenceId === null
    ? { eventId, runId, sequence, type, recordedAt, payload }
    : { eventId, runId, sequence, type, occurrenceId, recordedAt, payload };
}
