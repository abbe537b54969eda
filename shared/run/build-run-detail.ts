/**
 * The run model as a pure function: `(events up to a sequence, facts, price table) → RunDetail`.
 * Fold, report, harness view, crash boundary, resume plan, steps and timeline, with heavy
 * bodies cut to previews and every price from `table`. It is the run accumulator
 * (run-accumulator.ts) fed from an array: readers feed the accumulator row by row instead.
 * Reading the log, the lock and the outer-loop manifests is the caller's
 * (src-main/library/run-detail.ts); the integrity check (hashes, artifacts) is too. `upto`
 * evaluates the run as it stood after that event: the result equals the model of the log
 * truncated there.
 */
import type { EventEnvelope } from '../events/envelope';
import type { PriceTable } from '../pricing/price-table-types';
import { joinRunDetail, runDetailLists, type FoldedRun } from './folded-run';
import { RunAccumulator } from './run-accumulator';
import type { RunDetail } from './run-detail-types';
import type { RunModelFacts } from './run-model-facts';

export type { RunModelFacts } from './run-model-facts';
export { joinRunDetail, runDetailLists, type FoldedRun, type RunDetailCore } from './folded-run';

/** The model's inputs: the run's events in sequence order, its facts, the active table, and where to stop. */
export type RunModelInput = { events: readonly EventEnvelope[]; facts: RunModelFacts; table: PriceTable; upto?: number };

/** The events of `events` up to and including sequence `upto` (all of them without `upto`). */
export function eventsUpTo<T extends { sequence: number }>(events: readonly T[], upto: number | undefined): readonly T[] {
  if (upto === undefined) return events;
  // Sequence order: the first event past `upto` ends the prefix.
  const end = events.findIndex((e) => e.sequence > upto);
  return end === -1 ? events : events.slice(0, end);
}

/**
 * Fold the run and derive everything but the long lists: the state, report, crash boundary,
 * counts and times. The run view shows its head from this before the lists are built
 * (`runDetailLists`: step rows, the harness view cut to previews, the timeline).
 */
export function foldRun({ events, facts, table, upto }: RunModelInput): FoldedRun {
  const accumulator = RunAccumulator.create(facts.ref.runId, table);
  for (const event of eventsUpTo(events, upto)) accumulator.add(event);
  return accumulator.folded(facts, upto);
}

/** The run view's detail (findings empty: the integrity check fills them in). */
export function buildRunDetail(input: RunModelInput): RunDetail {
  const folded = foldRun(input);
  return joinRunDetail(folded.core, runDetailLists(folded, input.table));
}
