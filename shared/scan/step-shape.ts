/**
 * A step path with its visit indices and parallel attempt marks taken out (`loop.visit[3]` →
 * `loop`, `fan@attempt_2[a].score` → `fan[a].score`): fleet mode compares "the same step" across
 * runs of a workflow version whose loops ran a different number of times.
 */
export function stepShape(stepPath: string): string {
  return stepPath.replace(/\.visit\[\d+\]/g, '').replace(/@attempt_\d+/g, '');
}
