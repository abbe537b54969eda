/** Steps by status, for the run head (the overview shows the counts, not the steps). */
import type { StepStatus } from '../fold/run-state-types';

/** How many of `steps` are in each status (every status present, zero included). */
export function stepCounts(steps: ReadonlyArray<{ status: StepStatus }>): Record<StepStatus, number> {
  const counts: Record<StepStatus, number> = { failed: 0, running: 0, pending: 0, completed: 0 };
  for (const step of steps) counts[step.status] += 1;
  return counts;
}
