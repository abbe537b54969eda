/**
 * The event types a little-harness `trace.ndjson` may hold (schema `lh.trace.v2`).
 * Facts: little-harness `src/events/names.ts` (HARNESS_EVENT_TYPES + the side-channel
 * `outcome.reported`) and `src/trace/validate.ts` (adds the two execute_step types).
 * See docs/HARNESS-SESSIONS.md.
 */

/** The schema version every valid trace line carries. */
export const TRACE_SCHEMA = 'lh.trace.v2';

const SESSION = ['harness.session.started', 'harness.session.completed', 'harness.session.failed'] as const;
const MODEL = ['harness.model.called', 'harness.model.responded', 'harness.model.failed'] as const;
const TOOL = ['harness.tool_call.started', 'harness.tool_call.succeeded', 'harness.tool_call.failed'] as const;
const RUNTIME = [
  'harness.runtime.command.started',
  'harness.runtime.command.succeeded',
  'harness.runtime.command.failed',
  'harness.runtime.command.denied',
  'harness.runtime.tier.escalated',
  'harness.runtime.tier.unavailable',
  'harness.runtime.error',
  'harness.runtime.dispose.failed',
] as const;
const FILE = [
  'harness.file.created',
  'harness.file.updated',
  'harness.file.deleted',
  'harness.file.staged_from_message',
  'harness.file.staged_from_host',
  'harness.file.written_by_tool',
] as const;
const MOUNT = ['harness.artifact.created', 'harness.filesystem.mounted'] as const;
const PERSISTENT = [
  'harness.persistent_dir.loaded',
  'harness.persistent_dir.commit.started',
  'harness.persistent_dir.commit.succeeded',
  'harness.persistent_dir.commit.failed',
] as const;
const STEP = ['harness.execute_step.started', 'harness.execute_step.succeeded'] as const;

/** Every type a valid trace line may carry. */
export const TRACE_EVENT_TYPES = [...SESSION, ...MODEL, ...TOOL, ...RUNTIME, ...FILE, ...MOUNT, ...PERSISTENT, 'outcome.reported', ...STEP] as const;

export type TraceEventType = (typeof TRACE_EVENT_TYPES)[number];

/** The file events whose metadata carries a diff (little-harness `latestDiffForPath` reads these three). */
export const FILE_MUTATION_TYPES: ReadonlySet<string> = new Set(['harness.file.created', 'harness.file.updated', 'harness.file.deleted']);

/** A failure as little-harness `doctor` counts it: any `*.failed`, plus `harness.runtime.error`. */
export function isFailureType(type: string): boolean {
  return type.endsWith('.failed') || type === 'harness.runtime.error';
}

/** Harness path roots of a session folder and the folder each maps to (little-harness `files/path-policy.ts`). */
export const MANAGED_ROOT_DIRS = { session: 'session', artifacts: 'artifacts', persistent: 'persistent', agents: '.agents' } as const;

/** Where long trace content and diffs are spooled (`trace/content.ts`, `trace/diff.ts`). */
export const TRACE_ARTIFACT_PREFIX = '/artifacts/trace/';
