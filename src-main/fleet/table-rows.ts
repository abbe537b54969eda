/**
 * The fleet's tables, one row type each, with snake_case column names (what SQL and Parquet
 * users type). Every column is documented in docs/FLEET.md; times are ISO 8601 text as
 * recorded (the Parquet export types them as timestamps), costs are USD with `null` when no
 * call of the row could be priced (never a made-up 0; `unpriced_calls` says how many were not).
 *
 * Add columns, never rename them: the index's SQL tables and the Parquet files are built from
 * these types.
 */
import { parseTime } from '../../shared/timeline/time-axis';

/** Which tool wrote a run. */
export type RunSourceName = 'little-workflow' | 'loopctl';

/** Token and cost columns shared by runs, steps and attempts. */
export type UsageColumns = {
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  /** USD; null only when every call was unpriced (0 when there were no calls). */
  cost_usd: number | null;
  priced_calls: number;
  unpriced_calls: number;
};

/** One workflow run (little-workflow or loopctl; harness sessions are `sessions`). */
export type RunRow = UsageColumns & {
  data_dir: string;
  run_id: string;
  source: RunSourceName;
  /** `OrchestrationRequested.workflowId` when the log carries one, else null. */
  workflow_id: string | null;
  workflow_version: string | null;
  parent_run_id: string | null;
  outer_loop_id: string | null;
  label: string | null;
  status: 'pending' | 'running' | 'completed' | 'failed';
  status_inferred: boolean;
  /** The run list's verdict: the run stopped mid-flight (dead lock owner, or no live owner and work left open). */
  crashed: boolean;
  started_at: string | null;
  /** The run's terminal time; null while it has none. */
  ended_at: string | null;
  duration_ms: number | null;
  last_event_at: string | null;
  event_count: number;
  last_sequence: number;
  steps: number;
  failed_steps: number;
  attempts: number;
  failed_attempts: number;
  /** Cost of the model calls made during failed attempts (null when all of them were unpriced). */
  failed_attempt_cost_usd: number | null;
  /** Calls counted in the usage columns (every model call event the fold prices). */
  model_calls: number;
  tool_calls: number;
  failed_tool_calls: number;
  /** "Resumed here" markers: a repeated harness session start for the same kind and scope. */
  resumes: number;
  /** Sum of the visible downtime before each resume (recordedAt gap), ms. */
  resume_downtime_ms: number;
  /** Why `little report` refuses the log (the row's usage is then the tolerant fold's), else null. */
  report_error: string | null;
  price_table: string;
};

/** One step path of a run. */
export type StepRow = UsageColumns & {
  data_dir: string;
  run_id: string;
  step_path: string;
  /** The step id (`payload.stepId`, else the path's last segment without `.visit[n]`). */
  step_id: string;
  uses: string | null;
  /** The `.visit[n]` index of the path (0 when it has none). */
  visit: number;
  status: 'pending' | 'running' | 'completed' | 'failed';
  attempts: number;
  failed_attempts: number;
  started_at: string | null;
  ended_at: string | null;
  /** First attempt's start to the last attempt's end (retries and resume downtime included); null while open. */
  duration_ms: number | null;
  first_sequence: number | null;
  last_sequence: number | null;
  error: string | null;
};

/** One attempt of a step. */
export type AttemptRow = UsageColumns & {
  data_dir: string;
  run_id: string;
  step_path: string;
  step_id: string;
  /** 1-based position among the step's attempts. */
  attempt: number;
  attempt_id: string;
  status: 'running' | 'completed' | 'failed';
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  error: string | null;
  /** Model calls made while this attempt was its step's current one. */
  model_calls: number;
};

/** One model call the fold counts (its usage is in the run's totals). */
export type ModelCallRow = {
  data_dir: string;
  run_id: string;
  /** Sequence of the event carrying the usage (`harness.model.responded` / `ModelCallCompleted`; loopctl: the turn's last `seq`). */
  sequence: number;
  event_type: string;
  call_id: string | null;
  turn: number | null;
  step_path: string | null;
  attempt_id: string | null;
  provider: string | null;
  model: string | null;
  input_tokens: number;
  cached_input_tokens: number;
  output_tokens: number;
  reasoning_tokens: number;
  cost_usd: number | null;
  priced: boolean;
  /** The price table key that priced it, else null. */
  price_key: string | null;
  /** When the call was made (`harness.model.called`), else null. */
  started_at: string | null;
  responded_at: string;
  duration_ms: number | null;
  /** Failed tries (`harness.model.failed`) before this response. */
  failures: number;
};

/** One tool call (harness `tool_call` events; loopctl dispatch attempts). */
export type ToolCallRow = {
  data_dir: string;
  run_id: string;
  /** Sequence of its start event (its end event when the start is missing). */
  sequence: number;
  call_id: string | null;
  tool: string | null;
  caller: string | null;
  step_path: string | null;
  status: 'succeeded' | 'failed' | 'in-flight' | 'orphaned';
  error: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_ms: number | null;
  sub_run_id: string | null;
};

/** One little-harness session (a session folder's trace). */
export type SessionRow = {
  data_dir: string;
  session_id: string;
  path_key: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  started_at: string | null;
  ended_at: string | null;
  duration_ms: number | null;
  event_count: number;
  last_sequence: number;
  invalid_lines: number;
  model_calls: number;
  failed_model_calls: number;
  tool_calls: number;
  failed_tool_calls: number;
  failures: number;
  commands_denied: number;
  input_tokens: number;
  output_tokens: number;
  torn_tail: boolean;
};

/** The tables of one run, one data dir or a whole root. */
export type FleetTables = {
  runs: RunRow[];
  steps: StepRow[];
  attempts: AttemptRow[];
  model_calls: ModelCallRow[];
  tool_calls: ToolCallRow[];
  sessions: SessionRow[];
};

/** The table names, in the order the docs list them. */
export const FLEET_TABLE_NAMES = ['runs', 'steps', 'attempts', 'model_calls', 'tool_calls', 'sessions'] as const;

/** Tables with no rows. */
export function emptyFleetTables(): FleetTables {
  return { runs: [], steps: [], attempts: [], model_calls: [], tool_calls: [], sessions: [] };
}

/** Append every row of `from` to `into` (in place; returns `into`). */
export function appendFleetTables(into: FleetTables, from: FleetTables): FleetTables {
  for (const name of FLEET_TABLE_NAMES) {
    const target = into[name] as unknown[];
    for (const row of from[name]) target.push(row);
  }
  return into;
}

/** Milliseconds from `start` to `end` (ISO texts), or null when either is missing or does not parse. */
export function spanMs(start: string | null | undefined, end: string | null | undefined): number | null {
  const s = parseTime(start);
  const e = parseTime(end);
  return s !== null && e !== null ? e - s : null;
}
