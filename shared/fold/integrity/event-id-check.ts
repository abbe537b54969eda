/**
 * Stored eventId versus its recomputation. Nothing on little-workflow's read path makes
 * this comparison, so an edited payload, type or sequence is invisible to `little report`
 * and `little replay`; only a recomputation shows it.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { recomputeEventId, type Sha256Hex } from './digest';

/** One finding per event whose stored eventId does not match the recomputed one. */
export function eventIdFindings(events: readonly EventEnvelope[], sha256Hex: Sha256Hex, runId: string | undefined): Diagnostic[] {
  const findings: Diagnostic[] = [];
  for (const event of events) {
    const expected = recomputeEventId(event, sha256Hex);
    if (expected === undefined) {
      findings.push(diagnostic('event-id-mismatch', `event ${event.sequence}: eventId cannot be recomputed (payload is not canonical JSON)`, {
        runId, sequence: event.sequence, severity: 'warning', detail: { stored: event.eventId },
      }));
    } else if (expected !== event.eventId) {
      findings.push(diagnostic('event-id-mismatch', `event ${event.sequence}: stored eventId ${event.eventId} but content hashes to ${expected}`, {
        runId, sequence: event.sequence, detail: { stored: event.eventId, expected },
      }));
    }
  }
  return findings;
}
