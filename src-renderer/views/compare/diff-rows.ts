/**
 * The compare view's rows, kept pure: what each aligned step shows (added, removed, changed,
 * same) and the activity cells; the numbers' texts are shared/compare/diff-cells.ts.
 */
import type { Pair } from '../../../shared/compare/run-diff';
import type { StepActivity } from '../../../shared/compare/step-activity';

import type { StepChange } from '../../../shared/compare/diff-cells';

export { stepChange, type StepChange } from '../../../shared/compare/diff-cells';

/** The mark drawn in front of a step path (as `little-inspector diff` prints it, a blank where it prints `=`). */
export const CHANGE_MARK: Record<StepChange, string> = { added: '+', removed: '-', changed: '~', same: ' ' };

/** Tool calls by name as `search ×2, fetch ×1` (sorted by name). */
export function toolsText(tools: Readonly<Record<string, number>>): string {
  return Object.keys(tools)
    .sort()
    .map((name) => `${name} ×${tools[name]}`)
    .join(', ');
}

/** Whether a step's activity differs between the runs (models, tools or error), for highlighting. */
export function activityDiffers(pair: Pair<StepActivity>): { models: boolean; tools: boolean; error: boolean } {
  const { a, b } = pair;
  if (a === null || b === null) return { models: false, tools: false, error: false };
  return {
    models: a.models.join('\n') !== b.models.join('\n'),
    tools: toolsText(a.tools) !== toolsText(b.tools),
    error: a.error !== b.error,
  };
}
