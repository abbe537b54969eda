/**
 * All integrity findings of one run's log, as typed diagnostics. It never throws: a check
 * that breaks on some unforeseen input becomes an `internal` diagnostic and the others
 * still run. Artifact findings (`artifact-missing`, `artifact-hash-mismatch`,
 * `artifact-wrong-run`, `artifact-corrupt`) need the disk, so the store produces them.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { branchFactFindings } from './branch-facts';
import type { Sha256Hex } from './digest';
import { eventIdFindings } from './event-id-check';
import { isKnownEventType } from './known-event-types';
import { manifestFindings } from './manifest-checks';
import { runIdFindings, sequenceFindings } from './sequence-checks';

/** A row the store could not decode (its payload did not parse), with its diagnostic. */
export type UndecodableRow = { sequence: number; diagnostic: Diagnostic };

/** Inputs the checks cannot get from the events themselves. */
export type IntegrityOptions = {
  /** Hex sha256 of a UTF-8 string; main passes node:crypto's. */
  sha256Hex: Sha256Hex;
  /** The run being checked; defaults to the first event's runId. */
  runId?: string;
  /** Rows of the run that could not be decoded; they still hold their sequence. */
  undecodable?: readonly UndecodableRow[];
};

const MAX_LISTED = 50;

/** Every integrity finding of the run, ordered by sequence. */
export function integrityFindings(events: readonly EventEnvelope[], options: IntegrityOptions): Diagnostic[] {
  const runId = options.runId ?? events[0]?.runId;
  const undecodable = options.undecodable ?? [];
  const findings: Diagnostic[] = [];
  const run = (name: string, check: () => Diagnostic[]): void => {
    try {
      // A loop, not push(...spread): a 200k-finding check would overflow the argument limit.
      for (const finding of check()) findings.push(finding);
    } catch (error) {
      findings.push(diagnostic('internal', `integrity check ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { runId }));
    }
  };
  run('sequences', () => sequenceFindings([...events.map((event) => event.sequence), ...undecodable.map((row) => row.sequence)], runId));
  if (runId !== undefined) run('run ids', () => runIdFindings(events, runId));
  run('event ids', () => eventIdFindings(events, options.sha256Hex, runId));
  run('undecodable rows', () => undecodable.map((row) => ({ ...row.diagnostic, sequence: row.diagnostic.sequence ?? row.sequence, runId: row.diagnostic.runId ?? runId })));
  run('event types', () => unknownTypeFindings(events, runId));
  run('parallel branches', () => branchFactFindings(events, runId));
  run('harness hashes', () => manifestFindings(events, options.sha256Hex, runId));
  // Stable sort: checks keep their order within one sequence; run-wide findings come first.
  return findings
    .map((finding, index) => ({ finding, index }))
    .sort((a, b) => (a.finding.sequence ?? 0) - (b.finding.sequence ?? 0) || a.index - b.index)
    .map(({ finding }) => finding);
}

// One warning per unknown type: the events stay in the log and the views, only flagged.
function unknownTypeFindings(events: readonly EventEnvelope[], runId: string | undefined): Diagnostic[] {
  const byType = new Map<string, number[]>();
  for (const event of events) {
    if (isKnownEventType(event.type)) continue;
    const list = byType.get(event.type);
    if (list === undefined) byType.set(event.type, [event.sequence]);
    else list.push(event.sequence);
  }
  return [...byType.entries()].map(([type, sequences]) =>
    diagnostic('unknown-event-type', `event type '${type}' is not one little-workflow writes (${sequences.length} event(s), kept)`, {
      runId, sequence: sequences[0], severity: 'warning',
      detail: { type, count: sequences.length, sequences: sequences.slice(0, MAX_LISTED) },
    }),
  );
}
