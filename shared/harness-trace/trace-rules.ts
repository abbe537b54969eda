/**
 * Which `trace.ndjson` lines little-harness accepts: our own statement of the rules its
 * `validateTraceEvent` (src/trace/validate.ts @a99f487) applies, written with zod 4 like the
 * original so number, datetime and union edge cases behave the same. A line that fails is an
 * "invalid event" for `doctor` and `outcomes`. The rules never change the value: the reader
 * keeps the line as written (lossless); the only default little-harness fills in is
 * `metadata: {}`, which the model treats the same way.
 */
import { z } from 'zod';
import { TRACE_EVENT_TYPES, TRACE_SCHEMA, type TraceEventType } from './trace-names';

const text = z.string().min(1);
const count = z.number().int().nonnegative();
const hex64 = z.string().regex(/^[a-f0-9]{64}$/u);
const anyRecord = z.record(z.string(), z.unknown());
const traceRef = z.string().startsWith('/artifacts/trace/');
const loose = <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough();

const envelope = z.object({
  schemaVersion: z.literal(TRACE_SCHEMA),
  eventId: text,
  sequence: z.number().int().positive(),
  type: z.enum(TRACE_EVENT_TYPES),
  sessionId: text,
  occurrenceId: text.optional(),
  turnId: text.optional(),
  stepId: text.optional(),
  parentEventId: text.optional(),
  timestamp: z.iso.datetime({ offset: true }),
  metadata: anyRecord.default({}),
});

/** Captured content: inline preview, or spooled under /artifacts/trace/ (no other keys allowed). */
const content = z
  .object({
    captured: z.boolean(),
    preview: z.string().optional(),
    truncated: z.boolean().optional(),
    contentRef: traceRef.optional(),
    bytes: count.optional(),
    sha256: hex64.optional(),
    mediaType: text.optional(),
    redacted: z.boolean().optional(),
    redactionReason: text.optional(),
  })
  .strict();

const diff = z.discriminatedUnion('available', [
  loose({ available: z.literal(true), format: z.literal('unified'), preview: z.string().optional(), truncated: z.boolean(), contentRef: traceRef.optional(), bytes: count.optional(), sha256: hex64.optional() }),
  loose({ available: z.literal(false), reason: z.enum(['disabled', 'non_text', 'too_large', 'redacted', 'content_unavailable']) }),
]);

const errorEnvelope = loose({
  name: text,
  message: text,
  stack: z.string().optional(),
  cause: z.union([anyRecord, z.string(), z.number(), z.boolean(), z.null()]).optional(),
});
const errorOrText = z.union([errorEnvelope, z.string()]);
const model = loose({ provider: text.optional(), modelId: text.optional() });
const fileEntry = z.object({ path: text, kind: z.enum(['file', 'directory']), bytes: count.optional(), sha256: hex64.optional(), mediaType: text.optional() }).strict();
const blob = loose({ bytes: count, sha256: text });
const reason = loose({ kind: text });
const commitMode = z.enum(['after-turn', 'manual', 'read-only']);
const stepNumber = z.number().int().positive();

/** Managed roots and the harness dir each is mounted at ("agents" is `/.agents`). */
const ROOT_DIRS: Record<string, string> = { session: '/session', artifacts: '/artifacts', persistent: '/persistent', agents: '/.agents' };
const managedRoot = z.enum(['session', 'artifacts', 'persistent', 'agents']);

/** A file path belongs to its root: `/<root>/…`, or the managed root's own harness dir (custom mounts use their label). */
export function pathInRoot(path: string, root: string): boolean {
  const dirs = [`/${root}`];
  if (Object.hasOwn(ROOT_DIRS, root)) dirs.push(ROOT_DIRS[root]);
  return dirs.some((dir) => path === dir || path.startsWith(`${dir}/`));
}
const inRoot = { message: 'file path must belong to root' };
const belongs = (m: { path: string; root: string }) => pathInRoot(m.path, m.root);

const fileChangeShape = {
  path: z.string().startsWith('/'),
  root: text,
  bytes: count.optional(),
  mediaType: text.optional(),
  sha256: text.optional(),
  source: text.optional(),
  before: blob.optional(),
  after: blob,
  diff,
};
const fileCreated = loose(fileChangeShape).refine(belongs, inRoot);
const fileUpdated = loose({ ...fileChangeShape, before: blob }).refine(belongs, inRoot);
const fileDeleted = loose({ path: z.string().startsWith('/'), root: text, source: text.optional(), before: blob, diff }).refine(belongs, inRoot);
const fileStaged = loose({ path: z.string().startsWith('/'), root: managedRoot, source: text, after: blob }).refine(belongs, inRoot);

const toolShape = {
  toolName: text,
  toolCallId: text,
  caller: z.enum(['model', 'code', 'runtime', 'host']),
  input: content.optional(),
  output: content.optional(),
  contentRef: traceRef.optional(),
  spooled: loose({ path: z.string().startsWith('/artifacts/'), bytes: count.optional(), sha256: hex64.optional(), mediaType: text.optional() }).optional(),
  command: z.string().optional(),
  exitCode: z.number().int().optional(),
  durationMs: z.number().nonnegative().optional(),
  error: errorOrText.optional(),
};

const tierShape = {
  from: text,
  to: text,
  trigger: z.enum(['classification', 'emulation-gap']),
  command: text,
  decision: z.enum(['run', 'escalate', 'deny']).optional(),
  reasons: z.array(reason).optional(),
  gap: loose({ kind: z.literal('emulation-gap'), signal: text, command: text, option: text.optional() }).optional(),
};

const commandFinished = loose({ command: text, exitCode: z.number().int(), durationMs: z.number().nonnegative(), stdout: content, stderr: content, error: errorOrText.optional() });

const persistentShape = { harnessDir: z.string().startsWith('/persistent'), commit: commitMode };
const commitShape = {
  ...persistentShape,
  changeCounts: z.object({ created: count, updated: count, deleted: count }).strict(),
  changes: z.object({ created: z.array(fileEntry), updated: z.array(fileEntry), deleted: z.array(fileEntry) }).strict(),
};

const mounted = loose({
  root: managedRoot,
  harnessDir: z.string().startsWith('/'),
  source: z.enum(['session', 'skill', 'persistent_dir', 'runtime']),
  writable: z.boolean(),
  commit: commitMode.optional(),
  fileCount: count,
  files: z.array(fileEntry),
})
  .refine((m) => m.harnessDir === ROOT_DIRS[m.root], { message: 'harness.filesystem.mounted harnessDir must match root' })
  .refine((m) => m.files.every((f) => pathInRoot(f.path, m.root)), { message: 'harness.filesystem.mounted files must belong to root' });

/** The metadata rule of each type. */
const METADATA: Record<TraceEventType, z.ZodType> = {
  'harness.session.started': anyRecord,
  'harness.session.completed': anyRecord,
  'harness.session.failed': anyRecord,
  'harness.execute_step.started': anyRecord,
  'harness.execute_step.succeeded': anyRecord,
  'harness.model.called': loose({
    stepNumber,
    model,
    request: loose({ promptHash: text, system: content, messages: z.array(loose({ role: text, content })), tools: z.array(loose({ toolName: text, descriptionHash: text.optional(), schemaHash: text.optional() })) }),
  }),
  'harness.model.responded': loose({
    stepNumber,
    model,
    text: content,
    finishReason: text.optional(),
    rawFinishReason: text.optional(),
    usage: z.unknown().optional(),
    providerMetadata: z.unknown().optional(),
    warnings: z.array(z.unknown()).optional(),
  }),
  'harness.model.failed': loose({ stepNumber, model, durationMs: z.number().nonnegative(), error: errorEnvelope, redacted: z.boolean().optional() }),
  'harness.tool_call.started': loose(toolShape),
  'harness.tool_call.succeeded': loose(toolShape),
  'harness.tool_call.failed': loose({ ...toolShape, error: errorEnvelope }),
  'outcome.reported': loose({
    status: z.enum(['success', 'failure', 'partial']),
    source: text,
    retracted: z.boolean().optional(),
    score: z.number().optional(),
    detail: z.string().optional(),
    reporter: text.optional(),
    reportKey: text.optional(),
    stepPath: text.optional(),
    promptHash: text.optional(),
  }),
  'harness.runtime.command.started': loose({ command: text }),
  'harness.runtime.command.succeeded': commandFinished,
  'harness.runtime.command.failed': commandFinished,
  'harness.runtime.command.denied': loose({ command: text, reasons: z.array(reason) }),
  'harness.runtime.tier.escalated': loose(tierShape),
  'harness.runtime.tier.unavailable': loose({ ...tierShape, detail: text }),
  'harness.runtime.error': loose({ error: errorOrText }),
  'harness.runtime.dispose.failed': loose({ error: errorOrText }),
  'harness.file.created': fileCreated,
  'harness.file.updated': fileUpdated,
  'harness.file.deleted': fileDeleted,
  'harness.file.written_by_tool': fileUpdated.or(fileCreated),
  'harness.file.staged_from_message': fileStaged,
  'harness.file.staged_from_host': fileStaged,
  'harness.artifact.created': loose({ path: z.string().startsWith('/artifacts/'), artifact: loose({ id: text, path: text, bytes: count.optional(), mediaType: text.optional(), sha256: text.optional(), metadata: anyRecord.optional() }) }),
  'harness.filesystem.mounted': mounted,
  'harness.persistent_dir.loaded': loose({ ...persistentShape, durationMs: z.number().nonnegative(), fileCount: count, files: z.array(fileEntry) }),
  'harness.persistent_dir.commit.started': loose(commitShape),
  'harness.persistent_dir.commit.succeeded': loose({ ...commitShape, durationMs: z.number().nonnegative() }),
  'harness.persistent_dir.commit.failed': loose({ ...commitShape, durationMs: z.number().nonnegative(), error: errorEnvelope }),
};

/** Why `value` is not a valid trace event (first problem, with its field path), or null when it is. */
export function traceEventProblem(value: unknown): string | null {
  const head = envelope.safeParse(value);
  if (!head.success) return describe(head.error);
  const body = METADATA[head.data.type].safeParse(head.data.metadata);
  return body.success ? null : describe(body.error, 'metadata');
}

function describe(error: z.ZodError, prefix?: string): string {
  const issue = error.issues[0];
  const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
