/**
 * The one-line outputs of `little replay` and `little events` (cli-core.ts @2884677
 * `writeJsonLine`: `JSON.stringify(value)` + newline).
 */
import type { EventEnvelope } from '../events/envelope';
import type { MaterializedRunState } from '../fold/run-state-types';

/**
 * What `little replay <runId>` prints: the folded state as one JSON line.
 *
 * `little replay` prints only after reading and verifying every run artifact; a missing,
 * foreign or tampered artifact makes it fail instead. The store must do that check first
 * if it wants to reproduce the command, not just its success output.
 */
export function formatReplayLine(state: MaterializedRunState): string {
  return `${JSON.stringify(state)}\n`;
}

/**
 * What `little events <runId>` prints for one envelope.
 *
 * The envelope is rebuilt in world.ts `rowToEnvelope` key order (eventId, runId, sequence,
 * type, occurrenceId only when set, recordedAt, payload), whatever order the caller's
 * object has, so the line matches upstream byte for byte.
 */
export function formatEventLine(envelope: EventEnvelope): string {
  const ordered = {
    eventId: envelope.eventId,
    runId: envelope.runId,
    sequence: envelope.sequence,
    type: envelope.type,
    ...(envelope.occurrenceId === undefined || envelope.occurrenceId === null
      ? {}
      : { occurrenceId: envelope.occurrenceId }),
    recordedAt: envelope.recordedAt,
    payload: envelope.payload,
  };
  return `${JSON.stringify(ordered)}\n`;
}
