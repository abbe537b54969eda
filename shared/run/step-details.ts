/** Per-step rows of the run view: the folded step without its output body, plus where it sits in the log. */
import type { EventEnvelope } from '../events/envelope';
import type { MaterializedRunState } from '../fold/run-state-types';
import { jsonPreview } from './json-preview';
import type { StepDetail } from './run-detail-types';

/** Steps in replay order (first mention), each with previews and first/last/completed sequences. */
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
  const order = [...first.keys()].filter((p) => Object.hasOwn(state.steps, p));
  for (const p of Object.keys(state.steps)) if (!first.has(p)) order.push(p);
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
