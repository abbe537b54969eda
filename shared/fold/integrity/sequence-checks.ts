/**
 * Shape checks of a run's log: sequences dense from 1 with no duplicates (little-workflow's
 * fold throws `RunStateEventMismatchError` otherwise), and every event of the run's id.
 *
 * Rows the store could not decode still occupy their sequence, so their sequences are
 * passed in too: an undecodable row is reported as such, not as a gap.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';

/** Gap and duplicate findings over all sequences of the run (decoded and undecodable). */
export function sequenceFindings(sequences: ArrayLike<number>, runId: string | undefined): Diagnostic[] {
  const findings: Diagnostic[] = [];
  const valid: number[] = [];
  for (let i = 0; i < sequences.length; i += 1) {
    const sequence = sequences[i];
    if (Number.isSafeInteger(sequence) && sequence >= 1) valid.push(sequence);
    else findings.push(diagnostic('sequence-gap', `sequence ${String(sequence)} is not a positive integer`, { runId, detail: { sequence } }));
  }
  let sorted = true;
  for (let i = 1; i < valid.length; i += 1) {
    if (valid[i] < valid[i - 1]) {
      sorted = false;
      break;
    }
  }
  // The store returns rows in order; sort only hand-built or shuffled input.
  const ordered = sorted ? valid : [...valid].sort((a, b) => a - b);
  let expected = 1;
  for (let i = 0; i < ordered.length; i += 1) {
    const sequence = ordered[i];
    if (i > 0 && sequence === ordered[i - 1]) {
      if (i < 2 || ordered[i - 2] !== sequence) {
        findings.push(diagnostic('sequence-duplicate', `sequence ${sequence} appears more than once`, { runId, sequence }));
      }
      continue;
    }
    if (sequence > expected) {
      const to = sequence - 1;
      const range = expected === to ? `${expected}` : `${expected}..${to}`;
      findings.push(diagnostic('sequence-gap', `sequence gap: ${range} missing before ${sequence}`, { runId, sequence, detail: { from: expected, to } }));
    }
    expected = sequence + 1;
  }
  return findings;
}

/** The finding of an event whose runId differs from the run being checked, or null. */
export function runIdFinding(event: EventEnvelope, runId: string): Diagnostic | null {
  if (event.runId === runId) return null;
  return diagnostic('run-id-mismatch', `event ${event.sequence} belongs to ${event.runId}, not ${runId}`, {
    runId, sequence: event.sequence, detail: { eventRunId: event.runId },
  });
}
