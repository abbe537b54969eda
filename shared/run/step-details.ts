/** Per-step rows of the run view: the folded step without its output body, plus where it sits in the log. */
import type { EventEnvelope } from '../events/envelope';
import type { MaterializedRunState } from '../fold/run-state-types';
import { orderedStepPaths } from '../fold/step-order';
import { jsonPreview } from './json-preview';
import type { StepDetail } from './run-detail-types';

/** Steps in replay order (`orderedStepPaths`), each with previews and first/last/completed sequences. */
export function stepDetails(state: MaterializedRunState, events: readonly EventEnvelope[]): StepDetail[] {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const completed = new Map<string, number>();
  for (const event of events) {
    const payload = event.payload as { stepPath?: unknown } | null;
    const stepPath = typeof payload === 'object' && payload !== null ? payload.stepPath : undefined;
    if (typeof stepPath !== 'string') continue;
    if (!first.has(stepPath)) first.set(stepPath, event.sequence);
    last.set(stepPath, event.sequence);
    if (event.type === 'StepCompleted') completed.set(stepPath, event.sequence);
  }
  // The tolerant fold skips events whose payload is not an object; so does the order.
  const order = orderedStepPaths(state, events.filter((e) => typeof e.payload === 'object' && e.payload !== null));
  return order.map((stepPath) => {
    const step = state.steps[stepPath];
    return {
      stepPath,
      status: step.status,
      usage: step.usage,
      attempts: step.attempts.map((a) => ({ ...a, ...(a.error !== undefined ? { error: jsonPreview(a.error, 1000) } : {}) })),
      outputRef: step.outputRef,
      artifactRefs: step.artifactRefs,
      metadata: step.metadata,
      ...(step.error !== undefined ? { error: jsonPreview(step.error, 2000) } : {}),
      ...('output' in step ? { output: jsonPreview(step.output, 2000) } : {}),
      completedSequence: completed.get(stepPath),
      firstSequence: first.get(stepPath),
      lastSequence: last.get(stepPath),
    };
  });
}
