import type { InFlightItem } from './crash-types';

/**
 * Model calls the log ends inside (started, never answered), of the whole run or of one step:
 * their cost is unknown, so a sum beside them is no measured figure (shared/format/money.ts).
 */
export function inFlightModelCalls(inFlight: readonly InFlightItem[], stepPath?: string): number {
  let n = 0;
  for (const item of inFlight) if (item.kind === 'model-call' && (stepPath === undefined || item.stepPath === stepPath)) n += 1;
  return n;
}

/**
 * The calls in flight of a run as the crash boundary counts them: the one source of that fact
 * for the run list row, the header, the overview, the costs tab and the exports, so no two of
 * them can disagree (the harness view's own in-flight count once did, issue 34).
 */
export function boundaryInFlightCalls(run: { boundary: { inFlight: readonly InFlightItem[] } | null }): number {
  return inFlightModelCalls(run.boundary?.inFlight ?? []);
}
