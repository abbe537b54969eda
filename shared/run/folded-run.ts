/**
 * A run folded up to its cut, in the two stages the run view receives it: the core (state,
 * report, crash boundary, counts, times: the head is cut from it) and the long lists built
 * from it next (step rows, the harness view cut to previews, the timeline). The run
 * accumulator (run-accumulator.ts) produces it; `joinRunDetail` makes the whole `RunDetail`.
 */
import type { HarnessView } from '../fold/harness/harness-types';
import type { MaterializedRunState, MaterializedStepState } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';
import { buildTimeline } from '../timeline/build-timeline';
import type { EventTimeClusters } from '../timeline/time-axis';
import { liteHarnessView } from './lite-harness-view';
import type { RunDetail } from './run-detail-types';
import { stepDetailsOf, type StepPositions } from './step-details';

/** The run model without its long lists (steps, harness items, timeline rows): what the head is cut from. */
export type RunDetailCore = Omit<RunDetail, 'steps' | 'harness' | 'timeline'>;

/**
 * A run folded up to its cut: the core, and what the lists are built from (the fold, the
 * harness view with bodies cut to what the previews need, where each step sits in the log,
 * the event times' clusters). Shares objects with its accumulator: build the lists before
 * feeding it more.
 */
export type FoldedRun = {
  core: RunDetailCore;
  state: MaterializedRunState;
  /** The state's steps, listed once (step-list.ts); shared, never change it. */
  steps: readonly MaterializedStepState[];
  harness: HarnessView;
  positions: StepPositions;
  eventTimes: EventTimeClusters;
};

/** The long lists of a folded run: its step rows, its harness view cut to previews (turns priced with `table`), its timeline. */
export function runDetailLists({ core, state, steps, harness, positions, eventTimes }: FoldedRun, table: PriceTable): Pick<RunDetail, 'steps' | 'harness' | 'timeline'> {
  return {
    steps: stepDetailsOf(state, positions),
    harness: liteHarnessView(harness, table),
    timeline: buildTimeline({ steps, harness, boundary: core.boundary, recordedAt: [], eventTimes }),
  };
}

/** A folded run's core and lists as one detail. */
export function joinRunDetail(core: RunDetailCore, lists: Pick<RunDetail, 'steps' | 'harness' | 'timeline'>): RunDetail {
  const { ref, summary, state, report, reportError, boundary, findings, ...rest } = core;
  return { ref, summary, state, steps: lists.steps, report, reportError, boundary, harness: lists.harness, findings, ...rest, timeline: lists.timeline };
}
