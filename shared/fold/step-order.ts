/**
 * The one home of step order: little-workflow's `stepPathsInEventOrder` (run-state.ts, as
 * `replayRun` orders its plan, @c1fc87c and @2884677). The run view's step list, the replay
 * order and the resume plan's lists all read steps in this order.
 */
import type { EventEnvelope } from '../events/envelope';
import { stringValue, type JsonRecord } from './payload-values';
import type { MaterializedRunState } from './run-state-types';

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
  return orderStepPaths(state, stepPathsInEventOrder(events));
}

/** `orderedStepPaths` from the step paths in first-mention order, gathered elsewhere (the run accumulator). */
export function orderStepPaths(state: MaterializedRunState, mentioned: Iterable<string>): string[] {
  const ordered = [...mentioned].filter((stepPath) => Object.hasOwn(state.steps, stepPath));
  const placed = new Set(ordered);
  for (const stepPath of Object.keys(state.steps)) {
    if (!placed.has(stepPath)) ordered.push(stepPath);
  }
  return ordered;
}
