/** Per-step rows of the run view: the folded step without its output body, plus where it sits in the log. */
import type { EventEnvelope } from '../events/envelope';
import { copyMap, owned } from '../fold/copy-on-write';
import type { MaterializedRunState } from '../fold/run-state-types';
import { orderStepPaths } from '../fold/step-order';
import { jsonPreview } from './json-preview';
import type { StepDetail } from './run-detail-types';

/**
 * Where each step path sits in the log: first and last events naming it (`payload.stepPath`)
 * and its last StepCompleted. Built one event at a time; `first`'s insertion order is the
 * first-mention order `orderedStepPaths` uses (both skip events whose payload is not an object).
 */
export class StepPositions {
  // Read them, never change them: a forked one copies a snapshot's map before changing it (copy-on-write.ts).
  first = new Map<string, number>();
  last = new Map<string, number>();
  completed = new Map<string, number>();

  /** Note the next event of the run. */
  add(event: EventEnvelope): void {
    const payload = event.payload as { stepPath?: unknown } | null;
    const stepPath = typeof payload === 'object' && payload !== null ? payload.stepPath : undefined;
    if (typeof stepPath !== 'string') return;
    if (!this.first.has(stepPath)) (this.first = owned(this, this.first, copyMap)).set(stepPath, event.sequence);
    (this.last = owned(this, this.last, copyMap)).set(stepPath, event.sequence);
    if (event.type === 'StepCompleted') (this.completed = owned(this, this.completed, copyMap)).set(stepPath, event.sequence);
  }
}

/** Steps in replay order (`orderedStepPaths`), each with previews and first/last/completed sequences, from positions collected as the log was read. */
export function stepDetailsOf(state: MaterializedRunState, positions: StepPositions): StepDetail[] {
  const { first, last, completed } = positions;
  return orderStepPaths(state, first.keys()).map((stepPath) => {
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
