/**
 * Step-level mutations of the fold (run-state.ts @2884677 `ensureStep`,
 * `completeLastAttempt`, `failLastAttempt`).
 *
 * Property creation order is part of the contract: `little replay` prints the state with
 * `JSON.stringify`, so keys must appear in the same order as upstream creates them.
 */
import { emptyUsageTotals } from '../pricing/usage-totals';
import type { MaterializedRunState, MaterializedStepState } from './run-state-types';

/** The step at `stepPath`, created as `pending` with empty usage if it does not exist. */
export function ensureStep(state: MaterializedRunState, stepPath: string): MaterializedStepState {
  // hasOwn on a null-prototype map: `__proto__` or `constructor` are ordinary step paths here.
  if (!Object.hasOwn(state.steps, stepPath)) {
    state.steps[stepPath] = {
      stepPath,
      status: 'pending',
      usage: emptyUsageTotals(),
      attempts: [],
      artifactRefs: [],
    };
  }
  return state.steps[stepPath] as MaterializedStepState;
}

/** Mark the last attempt completed, or add a synthetic completed `attempt_1` if there is none. */
export function completeLastAttempt(step: MaterializedStepState, finishedAt: string): void {
  const attempt = step.attempts.at(-1);
  if (attempt === undefined) {
    step.attempts.push({ attemptId: 'attempt_1', startedAt: finishedAt, finishedAt, status: 'completed' });
    return;
  }
  // An `error` left by an earlier StepFailed on this attempt is kept, as upstream.
  attempt.status = 'completed';
  attempt.finishedAt = finishedAt;
}

/** Mark the last attempt failed with `error`, or add a synthetic failed `attempt_1`. */
export function failLastAttempt(step: MaterializedStepState, finishedAt: string, error: unknown): void {
  const attempt = step.attempts.at(-1);
  if (attempt === undefined) {
    step.attempts.push({ attemptId: 'attempt_1', startedAt: finishedAt, finishedAt, status: 'failed', error });
    return;
  }
  attempt.status = 'failed';
  attempt.finishedAt = finishedAt;
  // Assigned even when undefined: the key then exists in memory but not in JSON, as upstream.
  attempt.error = error;
}
