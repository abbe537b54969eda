/**
 * The per-type rules of the fold for run and step lifecycle events (run-state.ts
 * @2884677 `applyEvent`). Model-call events are priced in run-state.ts; this module
 * handles the rest of the closed set, exhaustively.
 */
import { assertNever } from '../assert-never';
import type { EventEnvelope } from '../events/envelope';
import type { FoldedEventType } from './folded-event-types';
import { artifactRefValue, artifactRefsValue, isRecord, pushUnique, stringValue, type JsonRecord } from './payload-values';
import type { MaterializedRunState } from './run-state-types';
import { completeLastAttempt, ensureStep, failLastAttempt, runArtifacts } from './step-updates';

/**
 * Apply one handled event. Fields are read with plain property access (no null guard)
 * where upstream reads them, so a `null` payload throws the same TypeError at the same field.
 */
export function applyRunOrStepEvent(state: MaterializedRunState, kind: FoldedEventType, event: EventEnvelope): void {
  const payload = event.payload as JsonRecord;
  switch (kind) {
    case 'WorkflowVersionRegistered':
    case 'RunStarted': {
      if (typeof payload.workflowVersionId === 'string') state.workflowVersionId = payload.workflowVersionId;
      if (kind === 'RunStarted') {
        // A later RunStarted (resume after a terminal event) flips status back and moves startedAt.
        state.status = 'running';
        state.startedAt = event.recordedAt;
      }
      return;
    }
    case 'StepScheduled': {
      const stepPath = stringValue(payload.stepPath);
      if (stepPath !== undefined) ensureStep(state, stepPath);
      return;
    }
    case 'StepAttemptStarted':
      return startAttempt(state, payload, event.recordedAt);
    case 'ArtifactCreated': {
      const ref = artifactRefValue(payload.artifactRef);
      if (ref === undefined) return;
      pushUnique(runArtifacts(state), ref);
      const stepPath = stringValue(payload.stepPath);
      if (stepPath !== undefined) pushUnique(ensureStep(state, stepPath).artifactRefs, ref);
      return;
    }
    case 'StepCompleted':
      return completeStep(state, payload, event.recordedAt);
    case 'StepFailed': {
      const stepPath = stringValue(payload.stepPath);
      if (stepPath === undefined) return;
      const step = ensureStep(state, stepPath);
      step.status = 'failed';
      // Assigned even when absent: the key exists (value undefined) and vanishes in JSON.
      step.error = payload.error;
      failLastAttempt(step, event.recordedAt, payload.error);
      return;
    }
    case 'RunCompleted':
      return completeRun(state, payload, event.recordedAt);
    case 'RunFailed':
      state.status = 'failed';
      state.finishedAt = event.recordedAt;
      state.error = payload.error;
      return;
    case 'ModelCallCompleted':
    case 'harness.model.responded':
    case 'harness.session.completed':
      // Model calls are priced by the caller; the session rollup is skipped on purpose,
      // because it re-sums the `harness.model.responded` calls already counted.
      return;
    default:
      assertNever(kind, 'folded event type');
  }
}

function startAttempt(state: MaterializedRunState, payload: JsonRecord, recordedAt: string): void {
  const stepPath = stringValue(payload.stepPath);
  if (stepPath === undefined) return;
  const step = ensureStep(state, stepPath);
  step.status = 'running';
  // A new attempt clears the previous result but keeps metadata and artifactRefs.
  delete step.error;
  delete step.output;
  delete step.outputRef;
  step.attempts.push({
    attemptId: stringValue(payload.attemptId) ?? `attempt_${step.attempts.length + 1}`,
    startedAt: recordedAt,
    status: 'running',
  });
}

function completeStep(state: MaterializedRunState, payload: JsonRecord, recordedAt: string): void {
  const stepPath = stringValue(payload.stepPath);
  if (stepPath === undefined) return;
  const step = ensureStep(state, stepPath);
  step.status = 'completed';
  delete step.error;
  completeLastAttempt(step, recordedAt);
  // `in`, not `!== undefined`: a present key sets output even when its value is undefined.
  if ('output' in payload) step.output = payload.output;
  const outputRef = artifactRefValue(payload.outputRef);
  if (outputRef !== undefined) {
    step.outputRef = outputRef;
    pushUnique(step.artifactRefs, outputRef);
    pushUnique(runArtifacts(state), outputRef);
  }
  for (const ref of artifactRefsValue(payload.artifactRefs)) {
    pushUnique(step.artifactRefs, ref);
    pushUnique(runArtifacts(state), ref);
  }
  if (isRecord(payload.metadata)) step.metadata = payload.metadata;
}

function completeRun(state: MaterializedRunState, payload: JsonRecord, recordedAt: string): void {
  state.status = 'completed';
  state.finishedAt = recordedAt;
  delete state.error;
  // Plain `in` on the raw payload: a non-object payload throws TypeError here, as upstream.
  if ('output' in payload) state.output = payload.output;
  const outputRef = artifactRefValue(payload.outputRef);
  if (outputRef !== undefined) {
    state.outputRef = outputRef;
    pushUnique(runArtifacts(state), outputRef);
  }
}
