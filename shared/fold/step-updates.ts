/**
 * Step-level mutations of the fold (run-state.ts @2884677 `ensureStep`,
 * `completeLastAttempt`, `failLastAttempt`).
 *
 * Property creation order is part of the contract: `little replay` prints the state with
 * `JSON.stringify`, so keys must appear in the same order as upstream creates them.
 */
import { emptyUsageTotals } from '../pricing/usage-totals';
import { copyArray, made, owned } from './copy-on-write';
import type { MaterializedRunState, MaterializedStepState } from './run-state-types';

/**
 * The step at `stepPath`, created as `pending` with empty usage if it does not exist; the
 * caller may change it (in a forked state it is the fork's own copy: copy-on-write.ts).
 */
export function ensureStep(state: MaterializedRunState, stepPath: string): MaterializedStepState {
  const steps = (state.steps = owned(state, state.steps, copySteps));
  // A null-prototype map whose values are objects: undefined means absent, and `__proto__` or
  // `constructor` are ordinary step paths. One lookup, and a store only for a new or copied step
  // (a 22,000-step run's map is a dictionary: each lookup hashes and compares the path).
  const existing = steps[stepPath] as MaterializedStepState | undefined;
  if (existing === undefined) {
    return (steps[stepPath] = made(state, {
      stepPath,
      status: 'pending',
      usage: emptyUsageTotals(),
      attempts: [],
      artifactRefs: [],
    }));
  }
  const step = owned(state, existing, copyStep);
  if (step !== existing) steps[stepPath] = step;
  return step;
}

/** The run's artifact list, to change (the fork's own copy in a forked state). */
export function runArtifacts(state: MaterializedRunState): string[] {
  return (state.artifacts = owned(state, state.artifacts, copyArray));
}

// Insertion order is the steps' key order: the copy keeps it, and the null prototype.
function copySteps(steps: MaterializedRunState['steps']): MaterializedRunState['steps'] {
  return Object.assign(Object.create(null) as MaterializedRunState['steps'], steps);
}

// A step with what the fold changes in place copied: its attempts (the last one is completed or failed later) and artifact refs.
function copyStep(step: MaterializedStepState): MaterializedStepState {
  return { ...step, attempts: step.attempts.map((attempt) => ({ ...attempt })), artifactRefs: [...step.artifactRefs] };
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
