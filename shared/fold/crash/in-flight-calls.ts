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
