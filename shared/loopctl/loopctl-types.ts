/**
 * Decoded lines of loopctl's two observer ledgers and the runs folded from them
 * (see ../../docs of the shared workspace, loopctl-format.md §3-§6).
 *
 * Decoded lines use camelCase; every field is the documented one. What the files do not
 * record (tool inputs and outputs, assistant text in events.jsonl, the model of a turn
 * before any switch) stays `undefined` and is explained in `notes`, never invented.
 */
import type { Diagnostic } from '../diagnostics';
import type { ModelTurn, ToolCallItem } from '../fold/harness/harness-types';
import type { UsageTotals } from '../fold/run-state-types';

/** `TrajectoryRecord.outcome`. */
export type TrajectoryOutcome = 'success' | 'failure' | 'partial';

/** One `TrajectoryToolCall` (completion order; one entry per retry attempt). */
export type TrajectoryToolCall = { toolCallId: string; tool: string; ok: boolean; durationMs: number };

/** One `TrajectoryTurn`. */
export type TrajectoryTurn = {
  turn: number;
  query: string;
  responseText: string;
  toolCalls: TrajectoryToolCall[];
  durationMs: number;
  inputTokens: number;
  outputTokens: number;
};

/** One line of `trajectory.jsonl` (one finished run), with its line number. */
export type TrajectoryRecord = {
  line: number;
  sessionId: string;
  /** The observer's UUID for the run; unrelated to events.jsonl's counter. */
  runId: string;
  outcome: TrajectoryOutcome;
  startedAt: string;
  durationMs: number;
  totalTurns: number;
  tokenSummary: { inputTokens: number; outputTokens: number; cachedInputTokens: number | null; cacheWriteTokens: number | null; reasoningTokens: number | null };
  turns: TrajectoryTurn[];
};

/** Envelope fields every events.jsonl line carries. */
export type LedgerEventBase = { line: number; seq: number; ts: string; runId: number; sessionId: string; turn: number | null };

/** One line of `events.jsonl`, decoded by kind (`unknown` keeps a newer kind's label and data). */
export type LedgerEvent = LedgerEventBase &
  (
    | { kind: 'run.started' }
    | { kind: 'run.ended'; success: boolean; error: string | null; totalTurns: number; durationMs: number }
    | { kind: 'turn.started'; query: string }
    | { kind: 'turn.ended'; success: boolean; error: string | null; durationMs: number; inputTokens: number; outputTokens: number; stopReason: string }
    | { kind: 'compaction'; tokensBefore: number; tokensAfter: number; tokensSaved: number; evictedMessages: number; reason: string }
    | { kind: 'fallback' | 'model.switched'; from: string; to: string }
    | { kind: 'detection'; detector: string; pattern?: string; repetitions?: number; action?: string }
    | { kind: 'tool.call'; toolCallId: string; tool: string }
    | { kind: 'tool.result'; toolCallId: string; tool: string; resultHash: string | null; isError: boolean; durationMs: number }
    | { kind: 'unknown'; label: string; data: Record<string, unknown> }
  );

/** The kinds of events.jsonl this reader knows (v1), plus `unknown`. */
export type LedgerEventKind = LedgerEvent['kind'];

/**
 * A model turn in the harness view's shape. Differs from `ModelTurn`: no `request`/`response`
 * bodies; `query` and `responseText` are plain text (the response only from trajectory.jsonl);
 * `model.modelId` is the loopctl model name with no provider; sequences are events.jsonl `seq`.
 */
export type LoopctlModelTurn = Omit<ModelTurn, 'request' | 'response' | 'usage'> & {
  query?: string;
  /** events.jsonl cuts `query` at the capture limit; trajectory.jsonl does not. */
  querySource?: 'trajectory' | 'events';
  responseText?: string;
  usage?: { inputTokens: number; outputTokens: number };
  durationMs?: number;
  stopReason?: string;
  /** How the model name was attributed (loopctl never records it per turn). */
  modelSource?: 'switched-to' | 'switched-from';
  costUsd: number | null;
  /** events.jsonl line numbers of the turn's lines. */
  lines: number[];
};

/**
 * A tool dispatch attempt in the harness view's shape. Differs from `ToolCallItem`: `args` and
 * `result` are always absent (loopctl records neither); `attempt` counts retries of one id;
 * `resultHash` is the u64 as exact decimal text.
 */
export type LoopctlToolCall = ToolCallItem & {
  attempt: number;
  resultHash?: string | null;
  isError?: boolean;
  durationMs?: number;
  source: 'events' | 'trajectory';
  lines: number[];
};

/** A compaction, fallback, model switch, detection or unknown-kind line on the run's timeline. */
export type LoopctlTimelineEvent = { seq: number; line: number; ts: string; turn: number | null; kind: LedgerEventKind; summary: string; data: Record<string, unknown> };

/** One loopctl run, from events.jsonl, trajectory.jsonl, or both matched by session and time. */
export type LoopctlRun = {
  /** Stable id in little-workflow's run-id alphabet: `run_lc_<session>_<k>` (k-th run.started of the session) or `run_lc_t_<uuid>`. */
  id: string;
  sessionId: string;
  ordinal: number;
  eventsRunId: number | null;
  trajectoryRunId: string | null;
  matchedBy: 'time' | 'order' | null;
  /** False when the run's lines begin without `run.started` (rotated or truncated file). */
  startSeen: boolean;
  ended: boolean;
  /** A later `run.started` of the same session came before this run's end. */
  abandoned: boolean;
  success: boolean | null;
  error: string | null;
  outcome: TrajectoryOutcome | null;
  outcomeSource: 'trajectory' | 'derived' | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  totalTurns: number | null;
  modelTurns: LoopctlModelTurn[];
  toolCalls: LoopctlToolCall[];
  timeline: LoopctlTimelineEvent[];
  kindCounts: Record<string, number>;
  eventCount: number;
  lastKind: string | null;
  lastSeq: number;
  usage: UsageTotals;
  diagnostics: Diagnostic[];
  /** What the files cannot tell about this run. */
  notes: string[];
};
