/**
 * The mapping's input from a run's log and the facts main reads beside it (lock owner,
 * sub-run statuses, outer-loop manifest): the same fold, harness view and crash boundary the
 * run view is built from (shared/run), so a trace and the app tell the same story.
 */
import type { EventEnvelope } from '../events/envelope';
import { crashBoundary, type CrashBoundaryOptions } from '../fold/crash/crash-boundary';
import { buildHarnessView } from '../fold/harness/harness-view';
import type { PriceTable } from '../pricing/price-table-types';
import { foldTolerant } from '../run/fold-tolerant';
import type { RunSpanInput } from './span-context';

/** Facts from outside the log; leave out what is not known. */
export type RunSpanFacts = Omit<CrashBoundaryOptions, 'harnessView'> & Pick<RunSpanInput, 'workflow'>;

/** Fold `events` (tolerantly: a damaged log still maps) and derive what the spans need. */
export function runSpanInput(runId: string, events: readonly EventEnvelope[], table: PriceTable, facts: RunSpanFacts = {}): RunSpanInput {
  const { state } = foldTolerant(runId, [...events], table);
  const harness = buildHarnessView(events);
  const { workflow, ...boundaryFacts } = facts;
  const boundary = crashBoundary(events, state, { ...boundaryFacts, harnessView: harness });
  return { runId, events, state, harness, boundary, table, ...(workflow ? { workflow } : {}) };
}
