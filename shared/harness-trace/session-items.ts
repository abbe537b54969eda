/**
 * What a harness session's model is made of (session-model.ts builds it): the session's status
 * file, its items (model and tool calls, file changes, runtime, persistent-dir and outcome
 * events, everything else), their counts, and which items report a failure.
 */
import type { OutcomeFate } from './outcomes';

/** status.json as little-harness writes it (every field optional here: the file may be hand-edited or torn). */
export type SessionStatus = { id?: string; state?: string; pathKey?: string; createdAt?: string; updatedAt?: string };

export type CallStatus = 'open' | 'succeeded' | 'failed';

/** What a model call and a tool call both have: their pairing, status, times and events. */
type CallItemBase = {
  occurrenceId?: string;
  turnId?: string;
  status: CallStatus;
  startedAt: string;
  endedAt?: string;
  sequences: number[];
  /** Line of the call's first event in trace.ndjson. */
  line: number;
  error?: string;
  redacted: boolean;
};

export type ModelCallItem = CallItemBase & {
  kind: 'model-call';
  stepNumber?: number;
  model: string;
  promptHash?: string;
  /** The start of the model's answer (`text.preview`), when captured. */
  responsePreview?: string;
};

export type ToolCallItem = CallItemBase & {
  kind: 'tool-call';
  toolName: string;
  toolCallId: string;
  caller: string;
  command?: string;
  /** The start of the call's output (`output.preview`), when captured. */
  outputPreview?: string;
  spooled?: { path: string; bytes?: number };
};

/** A diff as the trace holds it: inline, spooled to a contentRef (with its preview), or not taken. */
export type FileDiff =
  | { kind: 'inline'; text: string; bytes?: number }
  | { kind: 'spooled'; preview: string; contentRef: string; bytes?: number }
  | { kind: 'unavailable'; reason: string };

export type FileChangeItem = {
  kind: 'file-change';
  type: string;
  change: 'created' | 'updated' | 'deleted' | 'written' | 'staged';
  path: string;
  root: string;
  beforeBytes?: number;
  afterBytes?: number;
  diff: FileDiff | null;
  sequence: number;
  line: number;
  at: string;
};

export type RuntimeItem = {
  kind: 'runtime';
  type: string;
  command?: string;
  /** Classifier reasons of a denial or escalation: each reason's `kind` (and `detail` when given). */
  reasons: string[];
  from?: string;
  to?: string;
  trigger?: string;
  detail?: string;
  error?: string;
  exitCode?: number;
  durationMs?: number;
  /** A command's captured stdout/stderr: its preview, where it was spooled (`/artifacts/trace/…`), or that it was redacted. */
  outputs: CapturedOutput[];
  sequence: number;
  line: number;
  at: string;
};

/** Captured content of a command stream as the trace holds it. */
export type CapturedOutput = { stream: 'stdout' | 'stderr'; preview: string; contentRef?: string; bytes?: number; redacted: boolean };

export type PersistentDirItem = {
  kind: 'persistent-dir';
  type: string;
  harnessDir: string;
  commit?: string;
  changeCounts?: { created: number; updated: number; deleted: number };
  /** Paths the commit created, updated and deleted (as listed in `changes`). */
  changedPaths: Array<{ change: 'created' | 'updated' | 'deleted'; path: string }>;
  error?: string;
  sequence: number;
  line: number;
  at: string;
};

/** An `outcome.reported` event and what the session's outcome fold made of it. */
export type OutcomeItem = {
  kind: 'outcome';
  status: string;
  source: string;
  retracted: boolean;
  reporter?: string;
  reportKey?: string;
  promptHash?: string;
  stepPath?: string;
  score?: number;
  detail?: string;
  fate: OutcomeFate;
  sequence: number;
  line: number;
  at: string;
};

/** Any other event; `runId`/`stepPath` are set for `harness.execute_step.*` (the workflow step it ran). */
export type OtherItem = { kind: 'event'; type: string; sequence: number; line: number; at: string; failed: boolean; error?: string; occurrenceId?: string; runId?: string; stepPath?: string };

export type SessionItem = ModelCallItem | ToolCallItem | FileChangeItem | RuntimeItem | PersistentDirItem | OutcomeItem | OtherItem;

export type SessionCounts = {
  events: number;
  invalidLines: number;
  modelCalls: number;
  modelCallsFailed: number;
  toolCalls: number;
  toolCallsFailed: number;
  failures: number;
  commandsDenied: number;
  tierEscalations: number;
  fileChanges: number;
  persistentCommits: number;
  spooledOutputs: number;
  redactions: number;
  outcomes: number;
};

export type SessionModel = {
  sessionId: string;
  state: string | null;
  firstAt: string | null;
  lastAt: string | null;
  tornTail: boolean;
  counts: SessionCounts;
  items: SessionItem[];
};

/** True for an item that reports a failure (a failed call, a denied or unavailable command, a runtime error, a failed commit). */
export function isFailedItem(item: SessionItem): boolean {
  if (item.kind === 'model-call' || item.kind === 'tool-call') return item.status === 'failed';
  if (item.kind === 'runtime') return item.type.endsWith('.failed') || item.type.endsWith('.error') || item.type.endsWith('.denied') || item.type.endsWith('.unavailable');
  if (item.kind === 'persistent-dir') return item.type.endsWith('.failed');
  if (item.kind === 'outcome') return false;
  return item.kind === 'event' && item.failed;
}
