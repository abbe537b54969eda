/**
 * The pure part of `little replay` / `replayRun` (replay.ts and run-state.ts
 * `stepPathsInEventOrder`, @c1fc87c and @2884677): step order, which steps a resume would
 * run again, and the completed/pending split.
 *
 * Reading and verifying artifacts is I/O and belongs to the store; it passes what it
 * hydrated in, and this module only places it in the result.
 */
import type { EventEnvelope } from '../events/envelope';
import { stringValue, type JsonRecord } from './payload-values';
import type { MaterializedRunState, MaterializedStepState, StepStatus } from './run-state-types';

/** One step of the replay plan; `shouldRun` is true for every status but `completed`. */
export type ReplayPlanStep = {
  stepPath: string;
  status: StepStatus;
  shouldRun: boolean;
  artifactRefs: string[];
  output?: unknown;
  outputRef?: string;
};

/** An artifact the store read and verified (manifest shape is the store's business). */
export type HydratedArtifact<M = unknown> = { ref: string; manifest: M; payload: unknown };

/** What `replayRun` returns, minus the I/O: key order as upstream's ReplayResult. */
export type ReplayPlan<M = unknown> = {
  runId: string;
  events: readonly EventEnvelope[];
  state: MaterializedRunState;
  steps: ReplayPlanStep[];
  completedStepPaths: string[];
  pendingStepPaths: string[];
  artifacts: HydratedArtifact<M>[];
};

/**
 * Distinct string `payload.stepPath` values in first-appearance order, over every event type.
 * Plain property access: a `null` payload throws TypeError, as it makes `replayRun` throw.
 */
export function stepPathsInEventOrder(events: readonly EventEnvelope[]): string[] {
  const seen = new Set<string>();
  for (const event of events) {
    const stepPath = stringValue((event.payload as JsonRecord).stepPath);
    if (stepPath !== undefined) seen.add(stepPath);
  }
  return [...seen];
}

/** State step paths ordered by first mention in the log; steps never mentioned follow in state order. */
export function orderedStepPaths(state: MaterializedRunState, events: readonly EventEnvelope[]): string[] {
  const ordered = stepPathsInEventOrder(events).filter((stepPath) => Object.hasOwn(state.steps, stepPath));
  const placed = new Set(ordered);
  for (const stepPath of Object.keys(state.steps)) {
    if (!placed.has(stepPath)) ordered.push(stepPath);
  }
  return ordered;
}

/** The plan entry for one step; `output`/`outputRef` only when the step has them. */
export function replayPlanStep(step: MaterializedStepState): ReplayPlanStep {
  return {
    stepPath: step.stepPath,
    status: step.status,
    shouldRun: step.status !== 'completed',
    artifactRefs: step.artifactRefs,
    // `in`: an output key holding undefined is still carried, as upstream.
    ...('output' in step ? { output: step.output } : {}),
    ...(step.outputRef === undefined ? {} : { outputRef: step.outputRef }),
  };
}

/** The replay plan for a folded run and the events it was folded from. */
export function replayPlan<M = unknown>(
  state: MaterializedRunState,
  events: readonly EventEnvelope[],
  artifacts: HydratedArtifact<M>[] = [],
): ReplayPlan<M> {
  const steps = orderedStepPaths(state, events).map((stepPath) => replayPlanStep(state.steps[stepPath]!));
  return {
    runId: state.runId,
    events,
    state,
    steps,
    completedStepPaths: steps.filter((step) => !step.shouldRun).map((step) => step.stepPath),
    pendingStepPaths: steps.filter((step) => step.shouldRun).map((step) => step.stepPath),
    artifacts,
  };
}
