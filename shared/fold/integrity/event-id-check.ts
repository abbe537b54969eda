/**
 * Stored eventId versus its recomputation. Nothing on little-workflow's read path makes
 * this comparison, so an edited payload, type or sequence is invisible to `little report`
 * and `little replay`; only a recomputation shows it.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { recomputeEventId, type Sha256Hex } from './digest';

/**
 * The finding of one event whose stored eventId does not match the one recomputed from its
 * parsed payload, or null. (The integrity check first hashes the payload's stored text as it
 * is: `eventIdOfStoredText`; this is the recomputation when that does not give the stored id.)
 */
export function eventIdFinding(event: EventEnvelope, sha256Hex: Sha256Hex, runId: string | undefined): Diagnostic | null {
  const expected = recomputeEventId(event, sha256Hex);
  if (expected === undefined) {
    return diagnostic('event-id-mismatch', `event ${event.sequence}: eventId cannot be recomputed (payload is not canonical JSON)`, {
      runId, sequence: event.sequence, severity: 'warning', detail: { stored: event.eventId },
    });
  }
  if (expected === event.eventId) return null;
  return diagnostic('event-id-mismatch', `event ${event.sequence}: stored eventId ${event.eventId} but content hashes to ${expected}`, {
    runId, sequence: event.sequence, detail: { stored: event.eventId, expected },
  });
}
