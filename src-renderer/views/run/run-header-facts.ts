/**
 * What the run header says, for the position on screen: as of event #N the header is the head's
 * at N (status by the crash boundary's verdict, cost and tokens folded up to N), so it never
 * contradicts the banner and the overview; as it is now it is the run-list row (kept current
 * by the live feed). Pure.
 */
import type { RunSummary } from '../../../shared/library';
import type { CostFacts } from '../../../shared/format/money';
import type { RunHead } from '../../../shared/run/run-head-types';
import { shownRunStatus } from '../../../shared/status/display-status';
import { boundaryInFlightCalls } from '../../../shared/fold/crash/in-flight-calls';

/** The header's status, cost and tokens. */
export type HeaderFacts = {
  status: Pick<RunSummary, 'status' | 'crashed' | 'statusInferred' | 'verdict'>;
  cost: CostFacts;
  inputTokens: number | null;
  outputTokens: number | null;
  /** The event the facts are as of, null: now. */
  asOf: number | null;
};

/** The header of `row` shown as of `at` (undefined: now), from `head` (the head on screen) when travelling. */
export function headerFacts(row: RunSummary, head: RunHead | null, at: number | undefined): HeaderFacts {
  if (at === undefined || head === null || head.ref.at === undefined) {
    // The calls in flight are the crash boundary's, as the overview, the costs tab and the
    // exports count them; the row has them only for runs without a terminal event (a run that
    // failed on a model call's timeout has one in flight too), so it answers only until the head of now is there.
    const headOfNow = head !== null && head.ref.at === undefined;
    return {
      status: row,
      cost: { costUsd: row.costUsd, unpricedCalls: row.unpricedCalls ?? 0, inFlightCalls: headOfNow ? boundaryInFlightCalls(head) : (row.inFlightCalls ?? 0) },
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      asOf: null,
    };
  }
  const shown = shownRunStatus(head.summary, head.boundary?.verdict);
  const crashed = shown.status === 'crashed';
  const usage = head.state.usage;
  return {
    status: { status: shown.status === 'crashed' ? head.summary.status : shown.status, crashed, statusInferred: shown.inferred, verdict: shown.reason },
    cost: { costUsd: usage.costUsd, unpricedCalls: usage.unpricedCalls, inFlightCalls: boundaryInFlightCalls(head) },
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    // The head on screen may still be the previous position's while N loads: it says which it is.
    asOf: head.ref.at,
  };
}
