/** The event envelope exactly as little-workflow's `listEvents` returns it (world.ts `rowToEnvelope`). */
export type EventEnvelope = {
  eventId: string;
  runId: string;
  sequence: number;
  type: string;
  /** Present only when the `occurrence_id` column is non-null. */
  occurrenceId?: string;
  recordedAt: string;
  /** Parsed payload JSON; usually an object, but any JSON value can be stored. */
  payload: unknown;
};

/** Run id pattern of little-workflow (world.ts `RUN_ID_PATTERN`); checked before an id becomes a path. */
export const RUN_ID_PATTERN = /^run_[A-Za-z0-9_-]{1,80}$/;
/** Artifact id pattern (world.ts). */
export const ARTIFACT_ID_PATTERN = /^art_[A-Za-z0-9_-]{1,80}$/;
/** Workflow version id pattern (workflow-version-store.ts). */
export const WORKFLOW_VERSION_ID_PATTERN = /^wfver_[A-Za-z0-9_-]{1,80}$/;
/** Outer-loop id pattern (world.ts). */
export const OUTER_LOOP_ID_PATTERN = /^ol_[A-Za-z0-9_-]{1,80}$/;
