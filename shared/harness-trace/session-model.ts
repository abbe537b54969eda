/**
 * One harness session as the inspector shows it: a pure function of its status file and its
 * read trace. Model calls pair `called` with `responded`/`failed` by occurrenceId (the id the
 * same call carries in events.db's `occurrence_id`), else by turn and step number; tool calls
 * pair by turn and toolCallId. Runtime, file, persistent-dir and outcome events become items
 * of their own kind; everything keeps its sequence and line so the UI can show the raw event.
 */
import { numberField, objectField, stringField } from '../fold/payload-fields';
import { hasRedactionMarker, hasSpooledOutput } from './doctor';
import { foldOutcomes, outcomeFromEvent, type OutcomeFate, type OutcomeReport } from './outcomes';
import { FILE_MUTATION_TYPES, isFailureType } from './trace-names';
import type { TraceEvent, TraceRead, TraceRecord } from './trace-reader';
import type { CapturedOutput, FileChangeItem, FileDiff, ModelCallItem, OutcomeItem, PersistentDirItem, RuntimeItem, SessionItem, SessionModel, SessionStatus, ToolCallItem } from './session-items';

// The model's shape lives in session-items.ts; its readers import it from here as well.
export type { SessionStatus, CallStatus, ModelCallItem, ToolCallItem, FileDiff, FileChangeItem, RuntimeItem, CapturedOutput, PersistentDirItem, OutcomeItem, OtherItem, SessionItem, SessionCounts, SessionModel } from './session-items';
export { isFailedItem } from './session-items';

/** Build the session's model from its status and trace. */
export function buildSessionModel(sessionId: string, status: SessionStatus | null, trace: TraceRead): SessionModel {
  const items: SessionItem[] = [];
  const models = new Map<string, ModelCallItem>();
  const tools = new Map<string, ToolCallItem>();
  const fates = outcomeFates(trace.events.map((r) => r.event));
  for (const record of trace.events) {
    const item = itemFor(record, models, tools, fates);
    if (item) items.push(item);
  }
  const events = trace.events.map((r) => r.event);
  const modelItems = items.filter((i): i is ModelCallItem => i.kind === 'model-call');
  const toolItems = items.filter((i): i is ToolCallItem => i.kind === 'tool-call');
  const runtimeItems = items.filter((i): i is RuntimeItem => i.kind === 'runtime');
  const times = events.map((e) => e.timestamp).sort();
  return {
    sessionId,
    state: status?.state ?? null,
    firstAt: times[0] ?? null,
    lastAt: times.at(-1) ?? null,
    tornTail: trace.tornTail !== null,
    counts: {
      events: events.length,
      invalidLines: trace.invalid.length + (trace.tornTail ? 1 : 0),
      modelCalls: modelItems.length,
      modelCallsFailed: modelItems.filter((m) => m.status === 'failed').length,
      toolCalls: toolItems.length,
      toolCallsFailed: toolItems.filter((t) => t.status === 'failed').length,
      failures: events.filter((e) => isFailureType(e.type)).length,
      commandsDenied: runtimeItems.filter((r) => r.type === 'harness.runtime.command.denied').length,
      tierEscalations: runtimeItems.filter((r) => r.type === 'harness.runtime.tier.escalated').length,
      fileChanges: items.filter((i) => i.kind === 'file-change').length,
      persistentCommits: events.filter((e) => e.type === 'harness.persistent_dir.commit.succeeded').length,
      spooledOutputs: events.filter(hasSpooledOutput).length,
      redactions: events.filter((e) => hasRedactionMarker(e.metadata)).length,
      outcomes: events.filter((e) => e.type === 'outcome.reported').length,
    },
    items,
  };
}

/** Each outcome event's fate in the session's own fold (the "Outcomes of this session" numbers). */
function outcomeFates(events: readonly TraceEvent[]): Map<string, OutcomeFate> {
  const reports = events.map(outcomeFromEvent).filter((r): r is OutcomeReport => r !== undefined);
  const byEvent = new Map<string, OutcomeFate>();
  for (const [report, fate] of foldOutcomes(reports).fates) byEvent.set(`${report.sequence}:${report.eventId}`, fate);
  return byEvent;
}

function itemFor(record: TraceRecord, models: Map<string, ModelCallItem>, tools: Map<string, ToolCallItem>, fates: Map<string, OutcomeFate>): SessionItem | null {
  const e = record.event;
  const m = e.metadata ?? {};
  const line = record.line;
  if (e.type.startsWith('harness.model.')) return modelStep(e, m, line, models);
  if (e.type.startsWith('harness.tool_call.')) return toolStep(e, m, line, tools);
  if (e.type.startsWith('harness.runtime.')) return runtimeItem(e, m, line);
  if (e.type.startsWith('harness.file.')) return fileItem(e, m, line);
  const fate = fates.get(`${e.sequence}:${e.eventId}`);
  if (e.type === 'outcome.reported' && fate !== undefined) return outcomeItem(e, m, line, fate);
  if (e.type.startsWith('harness.persistent_dir.')) {
    const counts = objectField(m, 'changeCounts');
    return {
      kind: 'persistent-dir',
      type: e.type,
      harnessDir: stringField(m, 'harnessDir') ?? '',
      commit: stringField(m, 'commit'),
      changeCounts: counts ? { created: numberField(counts, 'created') ?? 0, updated: numberField(counts, 'updated') ?? 0, deleted: numberField(counts, 'deleted') ?? 0 } : undefined,
      changedPaths: changedPaths(objectField(m, 'changes')),
      error: errorText(m.error),
      sequence: e.sequence,
      line,
      at: e.timestamp,
    };
  }
  const step = e.type.startsWith('harness.execute_step.') ? { runId: stringField(m, 'runId'), stepPath: stringField(m, 'stepPath') } : {};
  return { kind: 'event', type: e.type, sequence: e.sequence, line, at: e.timestamp, failed: isFailureType(e.type), error: errorText(m.error), occurrenceId: e.occurrenceId, ...step };
}

function outcomeItem(e: TraceEvent, m: Record<string, unknown>, line: number, fate: OutcomeFate): OutcomeItem {
  return {
    kind: 'outcome',
    status: stringField(m, 'status') ?? '',
    source: stringField(m, 'source') ?? '',
    retracted: m.retracted === true,
    reporter: stringField(m, 'reporter'),
    reportKey: stringField(m, 'reportKey'),
    promptHash: stringField(m, 'promptHash'),
    stepPath: stringField(m, 'stepPath'),
    score: numberField(m, 'score'),
    detail: stringField(m, 'detail'),
    fate,
    sequence: e.sequence,
    line,
    at: e.timestamp,
  };
}

function modelStep(e: TraceEvent, m: Record<string, unknown>, line: number, open: Map<string, ModelCallItem>): SessionItem | null {
  const stepNumber = numberField(m, 'stepNumber');
  const key = e.occurrenceId ?? `${e.turnId ?? ''}#${stepNumber ?? ''}`;
  const modelRef = objectField(m, 'model');
  if (e.type === 'harness.model.called') {
    const item: ModelCallItem = {
      kind: 'model-call',
      occurrenceId: e.occurrenceId,
      turnId: e.turnId,
      stepNumber,
      model: [stringField(modelRef, 'provider'), stringField(modelRef, 'modelId')].filter(Boolean).join('/'),
      promptHash: stringField(objectField(m, 'request'), 'promptHash'),
      status: 'open',
      startedAt: e.timestamp,
      sequences: [e.sequence],
      line,
      redacted: hasRedactionMarker(m),
    };
    open.set(key, item);
    return item;
  }
  const call = open.get(key);
  // An answer without its call (the trace was cut before it) still shows, as a plain event.
  if (!call || call.status !== 'open') return { kind: 'event', type: e.type, sequence: e.sequence, line, at: e.timestamp, failed: isFailureType(e.type) };
  call.status = e.type === 'harness.model.failed' ? 'failed' : 'succeeded';
  call.endedAt = e.timestamp;
  call.sequences.push(e.sequence);
  call.error = errorText(m.error);
  call.responsePreview = contentPreview(objectField(m, 'text'));
  call.redacted ||= hasRedactionMarker(m);
  return null;
}

/** The preview of captured content, "[redacted]" when a rule withheld it, undefined when there is none. */
function contentPreview(c: Record<string, unknown> | undefined): string | undefined {
  if (!c) return undefined;
  if (c.redacted === true) return '[redacted]';
  const preview = stringField(c, 'preview');
  return preview === undefined || preview === '' ? undefined : preview;
}

function toolStep(e: TraceEvent, m: Record<string, unknown>, line: number, open: Map<string, ToolCallItem>): ToolCallItem | null {
  const toolCallId = stringField(m, 'toolCallId') ?? '';
  const key = `${e.turnId ?? ''}#${toolCallId}`;
  const spooledRef = objectField(m, 'spooled');
  const spooled = spooledRef && typeof spooledRef.path === 'string' ? { path: spooledRef.path, bytes: numberField(spooledRef, 'bytes') } : undefined;
  const existing = open.get(key);
  if (e.type === 'harness.tool_call.started' || !existing || existing.status !== 'open') {
    const item: ToolCallItem = {
      kind: 'tool-call',
      occurrenceId: e.occurrenceId,
      turnId: e.turnId,
      toolName: stringField(m, 'toolName') ?? '',
      toolCallId,
      caller: stringField(m, 'caller') ?? '',
      status: 'open',
      startedAt: e.timestamp,
      sequences: [],
      line,
      command: stringField(m, 'command'),
      redacted: false,
    };
    open.set(key, item);
    settleTool(item, e, m, spooled);
    return item;
  }
  settleTool(existing, e, m, spooled);
  return null;
}

function settleTool(item: ToolCallItem, e: TraceEvent, m: Record<string, unknown>, spooled: ToolCallItem['spooled']): void {
  item.sequences.push(e.sequence);
  item.redacted ||= hasRedactionMarker(m);
  if (spooled) item.spooled = spooled;
  if (e.type === 'harness.tool_call.started') return;
  item.status = e.type === 'harness.tool_call.failed' ? 'failed' : 'succeeded';
  item.endedAt = e.timestamp;
  item.error = errorText(m.error);
  item.outputPreview = contentPreview(objectField(m, 'output'));
}

function runtimeItem(e: TraceEvent, m: Record<string, unknown>, line: number): RuntimeItem {
  const reasons = Array.isArray(m.reasons) ? m.reasons.map(reasonText).filter((r): r is string => r !== undefined) : [];
  return {
    kind: 'runtime',
    type: e.type,
    command: stringField(m, 'command'),
    reasons,
    from: stringField(m, 'from'),
    to: stringField(m, 'to'),
    trigger: stringField(m, 'trigger'),
    detail: stringField(m, 'detail'),
    error: errorText(m.error),
    exitCode: numberField(m, 'exitCode'),
    durationMs: numberField(m, 'durationMs'),
    outputs: (['stdout', 'stderr'] as const).flatMap((stream) => capturedOutput(stream, objectField(m, stream))),
    sequence: e.sequence,
    line,
    at: e.timestamp,
  };
}

function capturedOutput(stream: CapturedOutput['stream'], c: Record<string, unknown> | undefined): CapturedOutput[] {
  if (!c) return [];
  const preview = stringField(c, 'preview') ?? '';
  const contentRef = stringField(c, 'contentRef');
  const redacted = c.redacted === true;
  // An empty stream that was captured whole says nothing worth a line.
  if (preview === '' && contentRef === undefined && !redacted) return [];
  return [{ stream, preview, contentRef, bytes: numberField(c, 'bytes'), redacted }];
}

const CHANGE_OF: Record<string, FileChangeItem['change']> = {
  'harness.file.created': 'created',
  'harness.file.updated': 'updated',
  'harness.file.deleted': 'deleted',
  'harness.file.written_by_tool': 'written',
};

function fileItem(e: TraceEvent, m: Record<string, unknown>, line: number): FileChangeItem {
  return {
    kind: 'file-change',
    type: e.type,
    change: CHANGE_OF[e.type] ?? 'staged',
    path: stringField(m, 'path') ?? '',
    root: stringField(m, 'root') ?? '',
    beforeBytes: numberField(objectField(m, 'before'), 'bytes'),
    afterBytes: numberField(objectField(m, 'after'), 'bytes'),
    diff: FILE_MUTATION_TYPES.has(e.type) || e.type === 'harness.file.written_by_tool' ? diffOf(objectField(m, 'diff')) : null,
    sequence: e.sequence,
    line,
    at: e.timestamp,
  };
}

/** The diff of a file event: spooled when it has a contentRef, inline otherwise, or why none was taken. */
export function diffOf(diff: Record<string, unknown> | undefined): FileDiff | null {
  if (!diff) return null;
  if (diff.available !== true) return { kind: 'unavailable', reason: stringField(diff, 'reason') ?? 'unknown' };
  const contentRef = stringField(diff, 'contentRef');
  const preview = stringField(diff, 'preview') ?? '';
  const bytes = numberField(diff, 'bytes');
  return contentRef ? { kind: 'spooled', preview, contentRef, bytes } : { kind: 'inline', text: preview, bytes };
}

function changedPaths(changes: Record<string, unknown> | undefined): PersistentDirItem['changedPaths'] {
  if (!changes) return [];
  return (['created', 'updated', 'deleted'] as const).flatMap((change) => {
    const list = changes[change];
    return Array.isArray(list) ? list.flatMap((f) => (typeof stringField(f, 'path') === 'string' ? [{ change, path: stringField(f, 'path')! }] : [])) : [];
  });
}

function errorText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const name = stringField(value, 'name');
  const message = stringField(value, 'message');
  return message === undefined ? undefined : name ? `${name}: ${message}` : message;
}

function reasonText(value: unknown): string | undefined {
  const kind = stringField(value, 'kind');
  if (kind === undefined) return undefined;
  const detail = stringField(value, 'detail') ?? stringField(value, 'message');
  return detail ? `${kind}: ${detail}` : kind;
}
