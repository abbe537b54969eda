/**
 * The harness view of one run: sessions, model turns, tool calls, execute_step spans,
 * sub-run links and "resumed here" markers, each carrying the sequence numbers of the
 * events it was built from so the UI can link back to the raw log.
 *
 * Items reference each other by their `id` (an index into the view's arrays), which keeps
 * the view plain JSON and safe to send over IPC.
 */
import type { ManifestKind } from './manifest-scope';

/** Lifecycle of a harness session. */
export type SessionStatus = 'completed' | 'failed' | 'open';

/** One `harness.session.started` and its terminal event, if any. */
export type HarnessSession = {
  id: number;
  role?: string;
  taskKind?: string;
  manifestKind: ManifestKind;
  /** Manifest scope key: `stepPath` for worker/fixer, `__global__` for planner/orchestrator. */
  scopeKey: string;
  manifestHash?: string;
  harnessId?: string;
  stepPath?: string;
  parentRunId?: string;
  status: SessionStatus;
  startSequence: number;
  startedAt: string;
  endSequence?: number;
  endedAt?: string;
  /** `session.completed.output.result`, when completed. */
  result?: unknown;
  /** Token-only rollup the harness wrote; shown, never summed into costs. */
  usage?: unknown;
  error?: unknown;
  /** A later session of the same (kind, scope) that took over while this one was still open. */
  supersededBySessionId?: number;
  /** Set when this session is a resume of an earlier one (see `ResumeMarker`). */
  resumeOfSessionId?: number;
  modelTurnIds: number[];
  toolCallIds: number[];
  executeStepIds: number[];
  sequences: number[];
};

/** One failed attempt of a model call (a call may fail with `willRetry` and then respond). */
export type ModelCallFailure = {
  sequence: number;
  recordedAt: string;
  error?: unknown;
  attempt?: number;
  willRetry?: boolean;
  durationMs?: number;
};

/** Where a model call stands. `orphaned`: its session ended without a terminal for it. */
export type ModelTurnStatus = 'responded' | 'failed' | 'in-flight' | 'orphaned';

/** A `harness.model.called` paired with its `responded` / `failed` events by callId (or turn). */
export type ModelTurn = {
  id: number;
  /** Absent for legacy events, which pair by `turn` instead. */
  callId?: string;
  turn?: number;
  sessionId?: number;
  stepPath?: string;
  occurrenceId?: string;
  promptHash?: string;
  request?: unknown;
  calledSequence?: number;
  calledAt?: string;
  failures: ModelCallFailure[];
  respondedSequence?: number;
  respondedAt?: string;
  model?: { provider?: string; modelId?: string };
  response?: unknown;
  usage?: unknown;
  toolCalls: { toolName?: string; args?: unknown; toolCallId?: string }[];
  status: ModelTurnStatus;
  /** The terminal event arrived while a later session (a resume) was running. */
  completedAfterResume: boolean;
  /** Sequences of further `called` events that reused this callId. */
  duplicateCalledSequences: number[];
  toolCallItemIds: number[];
  sequences: number[];
};

/** Where a tool call stands. */
export type ToolCallStatus = 'succeeded' | 'failed' | 'in-flight' | 'orphaned';

/** A `harness.tool_call.started` paired with `succeeded` / `failed` by callId. */
export type ToolCallItem = {
  id: number;
  callId?: string;
  toolName?: string;
  caller?: string;
  args?: unknown;
  callIndex?: number;
  turn?: number;
  scope?: unknown;
  stepPath?: string;
  sessionId?: number;
  occurrenceId?: string;
  startedSequence?: number;
  startedAt?: string;
  endSequence?: number;
  endedAt?: string;
  status: ToolCallStatus;
  result?: unknown;
  /** The tool returned `undefined` (stored as `null` plus this flag). */
  resultUndefined: boolean;
  error?: unknown;
  /** The model turn whose response asked for this call. */
  requestedByTurnId?: number;
  requestedVia?: 'toolCallId' | 'turn';
  /** Sub-run this call started (`args.subRunId`, else `result.runId`). */
  subRunId?: string;
  completedAfterResume: boolean;
  sequences: number[];
};

/** A `harness.execute_step.started` and its `succeeded`, if any (there is no failed event). */
export type ExecuteStepItem = {
  id: number;
  stepPath?: string;
  stepId?: string;
  uses?: string;
  visitIndex?: number;
  sessionId?: number;
  startedSequence?: number;
  startedAt?: string;
  succeededSequence?: number;
  succeededAt?: string;
  output?: unknown;
  outputUndefined: boolean;
  status: 'succeeded' | 'open';
  /** The owning session ended (e.g. failed) while this span was open. */
  closedBySessionEndSequence?: number;
  /** A later `execute_step.started` for the same step (a resume) took over. */
  supersededBySequence?: number;
  sequences: number[];
};

/** How a sub-run is linked to this run. */
export type SubRunVia = 'args.subRunId' | 'result.runId';

/** A child run started from this run (orchestrator `run_workflow` / `start_workflow`). */
export type SubRunLink = {
  runId: string;
  via: SubRunVia[];
  toolCallId?: number;
  toolName?: string;
  /** `result.status` reported by the tool, when it returned. */
  reportedStatus?: string;
  sequences: number[];
};

/** Why a repeated session start counts as a resume. */
export type ResumeReason = 'previous-session-open' | 'repeated-without-retry';

/** "Resumed here": a repeated session start for the same (kind, scope). */
export type ResumeMarker = {
  sessionId: number;
  previousSessionId: number;
  sequence: number;
  recordedAt: string;
  reason: ResumeReason;
  /** The event just before the resumed session start. */
  previousEventSequence?: number;
  previousEventAt?: string;
  /** Visible downtime: recordedAt gap to the previous event, null when a timestamp does not parse. */
  gapMs: number | null;
};

/** The whole harness view of a run. */
export type HarnessView = {
  runId?: string;
  /** `parentRunId` of the first session that names one. */
  parentRunId?: string;
  sessions: HarnessSession[];
  modelTurns: ModelTurn[];
  toolCalls: ToolCallItem[];
  executeSteps: ExecuteStepItem[];
  subRuns: SubRunLink[];
  resumes: ResumeMarker[];
  /** Terminal harness events that matched no opening event (e.g. a session end with no start). */
  unpairedSequences: number[];
  eventCount: number;
  lastSequence?: number;
};
