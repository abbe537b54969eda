/**
 * The mapping's input from a run's log and the facts main reads beside it (lock owner,
 * sub-run statuses, outer-loop manifest, the workflow version's name): the same fold, harness
 * view and crash boundary the run view is built from (shared/run/run-parts.ts), so a trace and
 * the app tell the same story.
 */
import type { EventEnvelope } from '../events/envelope';
import type { PriceTable } from '../pricing/price-table-types';
import { runParts, type BoundaryFacts } from '../run/run-parts';
import type { RunSpanInput } from './span-context';

/** Facts from outside the log; leave out what is not known. */
export type RunSpanFacts = BoundaryFacts & Pick<RunSpanInput, 'workflow' | 'conversationId'>;

/** Fold `events` (tolerantly: a damaged log still maps) and derive what the spans need. */
export function runSpanInput(runId: string, events: readonly EventEnvelope[], table: PriceTable, facts: RunSpanFacts = {}): RunSpanInput {
  const { workflow, conversationId, ...boundaryFacts } = facts;
  const { state, harness, boundary } = runParts(runId, events, table, boundaryFacts);
  return { runId, events, state, harness, boundary, table, ...(workflow ? { workflow } : {}), ...(conversationId ? { conversationId } : {}) };
}
