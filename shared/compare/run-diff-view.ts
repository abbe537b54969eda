/**
 * What the compare view shows of two runs (`run.diff`): the diff `little-inspector diff --json`
 * prints, plus each aligned step's activity on both sides (models, tool calls by name, error,
 * where to fetch its whole output for the JSON diff on demand).
 */
import { diffRuns, type DiffSide, type Pair, type RunDiff } from './run-diff';
import type { StepActivity } from './step-activity';

export type RunDiffView = {
  diff: RunDiff;
  /** Per aligned step path, each run's activity (null where the step is absent). */
  activity: Record<string, Pair<StepActivity>>;
};

/** Diff `a` against `b` with both sides' activity per step. */
export function diffView(a: DiffSide, b: DiffSide): RunDiffView {
  const diff = diffRuns(a, b);
  const activity: Record<string, Pair<StepActivity>> = {};
  const of = (side: DiffSide, path: string) => (Object.hasOwn(side.activity, path) ? side.activity[path]! : null);
  for (const { stepPath } of diff.steps) activity[stepPath] = { a: of(a, stepPath), b: of(b, stepPath) };
  return { diff, activity };
}
