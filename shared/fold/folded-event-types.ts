/**
 * The closed set of event types the run-state fold reacts to (run-state.ts @2884677).
 * Everything else (Parallel*, StepOutputValidated, planner events, most harness events)
 * leaves the state untouched apart from `eventCount`.
 */
import { LEGACY_HARNESS_EVENT_TYPES, normalizeHarnessEventType } from '../events/event-names';
import type { PayloadNeeds } from '../events/payload-needs';

/** Every (normalised) event type that changes the folded state. */
export const FOLDED_EVENT_TYPES = [
  'WorkflowVersionRegistered',
  'RunStarted',
  'StepScheduled',
  'StepAttemptStarted',
  'ModelCallCompleted',
  'harness.model.responded',
  'harness.session.completed',
  'ArtifactCreated',
  'StepCompleted',
  'StepFailed',
  'RunCompleted',
  'RunFailed',
] as const;

/** One of the event types the fold handles. */
export type FoldedEventType = (typeof FOLDED_EVENT_TYPES)[number];

const FOLDED = new Set<string>(FOLDED_EVENT_TYPES);

/** `type` as a handled event type, or undefined when the fold ignores it. */
export function foldedEventType(type: string): FoldedEventType | undefined {
  // A Set, so inherited names such as `constructor` can never be mistaken for a handled type.
  return FOLDED.has(type) ? (type as FoldedEventType) : undefined;
}

/**
 * The stored types whose payloads the fold reads (legacy harness names included): the handled
 * types but `harness.session.completed`, whose rule reads nothing (its rollup is skipped on
 * purpose). Of every other event the fold asks only whether its payload is an object or null.
 */
export const FOLD_PAYLOAD_NEEDS: PayloadNeeds = {
  types: [...LEGACY_HARNESS_EVENT_TYPES.keys(), ...FOLDED_EVENT_TYPES].filter((type) => {
    const kind = foldedEventType(normalizeHarnessEventType(type));
    return kind !== undefined && kind !== 'harness.session.completed';
  }),
};
