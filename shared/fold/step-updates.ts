/**
 * Step-level mutations of the fold (run-state.ts @2884677 `ensureStep`,
 * `completeLastAttempt`, `failLastAttempt`).
 *
 * Property creation order is part of the contract: `little replay` prints the state with
 * `JSON.stringify`, so keys must appear in the same order as upstream creates them.
 */
import { emptyUsageTotals } from '../pricing/usage-totals';
import type { MaterializedRunState, MaterializedStepState } from './run-state-types';

/**
 * A Map beside each state's `steps` object (never part of the state: a clone or checkpoint does
 * not carry it). Finding a key in an object of 22,000 steps with a string fresh from JSON.parse
 * costs V8 a string-table lookup per access (about 1 us, 80 ms over the 89,000 lookups of a
 * 200,000-event run's fold); a Map hashes the string once. `ensureStep` is the only writer of
 * `steps`, so the index, built from the object's keys the first time, stays equal to it.
 */
const stepIndex = new WeakMap<MaterializedRunState['steps'], Map<string, MaterializedStepState>>();

function indexOf(steps: MaterializedRunState['steps']): Map<string, MaterializedStepState> {
  let index = stepIndex.get(steps);
  if (index === undefined) {
    index = new Map(Object.keys(steps).map((key) => [key, steps[key] as MaterializedStepState]));
    stepIndex.set(steps, index);
  }
  return index;
}

/** The step at `stepPath`, created as `pending` with empty usage if it does not exist. */
export function ensureStep(state: MaterializedRunState, stepPath: string): MaterializedStepState {
  // A null-prototype map: `__proto__` or `constructor` are ordinary step paths here (and Map keys).
  const index = indexOf(state.steps);
  let step = index.get(stepPath);
  if (step === undefined) {
    step = {
      stepPath,
      status: 'pending',
      usage: emptyUsageTotals(),
      attempts: [],
      artifactRefs: [],
    };
    state.steps[stepPath] = step;
    index.set(stepPath, step);
  }
  return step;
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
