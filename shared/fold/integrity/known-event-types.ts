/**
 * Every event type little-workflow can write to `events.db`: the `EventType` union of
 * world.ts (@a99f487, the only stored version) plus the legacy PascalCase harness names
 * of harness/event-names.ts (@c1fc87c). `appendEvent` does not validate `type`, so
 * anything else can still be stored; we flag it and keep the event.
 */
import { HARNESS_EVENT_TYPES, LEGACY_HARNESS_EVENT_TYPES } from '../../events/event-names';

/** The non-harness members of world.ts `EventType`, in the union's order. */
export const WORKFLOW_EVENT_TYPES = [
  'OrchestrationRequested',
  'PlannerStarted',
  'PlannerDraftedWorkflow',
  'WorkflowValidationFailed',
  'WorkflowValidationSucceeded',
  'PlannerReuseDecisionRecorded',
  'WorkflowVersionRegistered',
  'RunStarted',
  'StepScheduled',
  'StepAttemptStarted',
  'ModelCallStarted',
  'ModelCallCompleted',
  'ToolCallStarted',
  'ToolCallCompleted',
  'ArtifactCreated',
  'StepOutputValidated',
  'StepCompleted',
  'StepFailed',
  'StepRepairAttempted',
  'ParallelGroupStarted',
  'ParallelBranchScheduled',
  'ParallelBranchCompleted',
  'ParallelBranchFailed',
  'ParallelGroupCompleted',
  'ParallelGroupFailed',
  'RunCompleted',
  'RunFailed',
  'OuterLoopCycleCompleted',
] as const;

/** All type strings little-workflow writes, current and legacy. */
export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set<string>([
  ...WORKFLOW_EVENT_TYPES,
  ...HARNESS_EVENT_TYPES,
  ...LEGACY_HARNESS_EVENT_TYPES.keys(),
]);

/** True when little-workflow can write `type`. */
export function isKnownEventType(type: string): boolean {
  return KNOWN_EVENT_TYPES.has(type);
}
