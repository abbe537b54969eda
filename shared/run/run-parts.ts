/**
 * The folded parts every view of a run starts from: the fold (tolerant of a damaged log), the
 * full harness view and the crash boundary. The run view cuts them to previews
 * (build-run-detail.ts); the OTLP mapping keeps the bodies (shared/otlp).
 */
import type { EventEnvelope } from '../events/envelope';
import { crashBoundary, type CrashBoundaryOptions } from '../fold/crash/crash-boundary';
import type { CrashBoundary } from '../fold/crash/crash-types';
import type { HarnessView } from '../fold/harness/harness-types';
import { buildHarnessView } from '../fold/harness/harness-view';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';
import { foldTolerant } from './fold-tolerant';

/** Facts of the crash boundary read outside the log (lock owner, sub-run statuses, outer loop). */
export type BoundaryFacts = Omit<CrashBoundaryOptions, 'harnessView'>;

/** A run folded: state, why `little report` would refuse the log (or null), harness view, boundary. */
export type RunParts = { state: MaterializedRunState; reportError: string | null; harness: HarnessView; boundary: CrashBoundary };

/** Fold `events` of `runId` priced with `table` and derive the harness view and the crash boundary. */
export function runParts(runId: string, events: readonly EventEnvelope[], table: PriceTable, facts: BoundaryFacts): RunParts {
  const { state, reportError } = foldTolerant(runId, events as EventEnvelope[], table);
  const harness = buildHarnessView(events);
  const boundary = crashBoundary(events, state, { ...facts, harnessView: harness });
  return { state, reportError, harness, boundary };
}
