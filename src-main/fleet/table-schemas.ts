/**
 * Every fleet table's columns and their types (table-rows.ts rows): the one list the Parquet files
 * (parquet-tables.ts) and the index's SQL tables (index-tables.ts) are made from. Its own module so
 * that opening the index loads no Parquet writer (a warm `search` starts faster).
 */
import type { AttemptRow, FleetTables, ModelCallRow, RunRow, SessionRow, StepRow, ToolCallRow } from './table-rows';

/** The Parquet types the tables use. */
export type ParquetColumnType = 'STRING' | 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'TIMESTAMP';

type Schema<Row> = { readonly [K in keyof Row]-?: ParquetColumnType };

const USAGE = { input_tokens: 'DOUBLE', cached_input_tokens: 'DOUBLE', output_tokens: 'DOUBLE', reasoning_tokens: 'DOUBLE', cost_usd: 'DOUBLE', priced_calls: 'INT64', unpriced_calls: 'INT64' } as const;

const RUNS: Schema<RunRow> = {
  data_dir: 'STRING', run_id: 'STRING', source: 'STRING', workflow_id: 'STRING', workflow_version: 'STRING', parent_run_id: 'STRING', outer_loop_id: 'STRING', label: 'STRING',
  status: 'STRING', status_inferred: 'BOOLEAN', crashed: 'BOOLEAN', started_at: 'TIMESTAMP', ended_at: 'TIMESTAMP', duration_ms: 'INT64', last_event_at: 'TIMESTAMP',
  event_count: 'INT64', last_sequence: 'INT64', steps: 'INT64', failed_steps: 'INT64', attempts: 'INT64', failed_attempts: 'INT64', failed_attempt_cost_usd: 'DOUBLE',
  model_calls: 'INT64', tool_calls: 'INT64', failed_tool_calls: 'INT64', resumes: 'INT64', resume_downtime_ms: 'INT64', report_error: 'STRING', price_table: 'STRING', ...USAGE,
};

const STEPS: Schema<StepRow> = {
  data_dir: 'STRING', run_id: 'STRING', step_path: 'STRING', step_id: 'STRING', uses: 'STRING', visit: 'INT64', status: 'STRING', attempts: 'INT64', failed_attempts: 'INT64',
  started_at: 'TIMESTAMP', ended_at: 'TIMESTAMP', duration_ms: 'INT64', first_sequence: 'INT64', last_sequence: 'INT64', error: 'STRING', ...USAGE,
};

const ATTEMPTS: Schema<AttemptRow> = {
  data_dir: 'STRING', run_id: 'STRING', step_path: 'STRING', step_id: 'STRING', attempt: 'INT64', attempt_id: 'STRING', status: 'STRING', started_at: 'TIMESTAMP', ended_at: 'TIMESTAMP',
  duration_ms: 'INT64', error: 'STRING', model_calls: 'INT64', ...USAGE,
};

const MODEL_CALLS: Schema<ModelCallRow> = {
  data_dir: 'STRING', run_id: 'STRING', sequence: 'INT64', event_type: 'STRING', call_id: 'STRING', turn: 'INT64', step_path: 'STRING', attempt_id: 'STRING', provider: 'STRING', model: 'STRING',
  input_tokens: 'DOUBLE', cached_input_tokens: 'DOUBLE', output_tokens: 'DOUBLE', reasoning_tokens: 'DOUBLE', cost_usd: 'DOUBLE', priced: 'BOOLEAN', price_key: 'STRING',
  started_at: 'TIMESTAMP', responded_at: 'TIMESTAMP', duration_ms: 'INT64', failures: 'INT64',
};

const TOOL_CALLS: Schema<ToolCallRow> = {
  data_dir: 'STRING', run_id: 'STRING', sequence: 'INT64', call_id: 'STRING', tool: 'STRING', caller: 'STRING', step_path: 'STRING', status: 'STRING', error: 'STRING',
  started_at: 'TIMESTAMP', ended_at: 'TIMESTAMP', duration_ms: 'INT64', sub_run_id: 'STRING',
};

const SESSIONS: Schema<SessionRow> = {
  data_dir: 'STRING', session_id: 'STRING', path_key: 'STRING', status: 'STRING', started_at: 'TIMESTAMP', ended_at: 'TIMESTAMP', duration_ms: 'INT64', event_count: 'INT64',
  last_sequence: 'INT64', invalid_lines: 'INT64', model_calls: 'INT64', failed_model_calls: 'INT64', tool_calls: 'INT64', failed_tool_calls: 'INT64', failures: 'INT64',
  commands_denied: 'INT64', input_tokens: 'DOUBLE', output_tokens: 'DOUBLE', torn_tail: 'BOOLEAN',
};

/** Each table's Parquet schema: column name -> type, in file order. */
export const PARQUET_SCHEMAS: { readonly [K in keyof FleetTables]: Schema<FleetTables[K][number]> } = {
  runs: RUNS,
  steps: STEPS,
  attempts: ATTEMPTS,
  model_calls: MODEL_CALLS,
  tool_calls: TOOL_CALLS,
  sessions: SESSIONS,
};

/** The tables written, in order (`<name>.parquet`). */
export const PARQUET_TABLES: readonly (keyof FleetTables)[] = ['runs', 'steps', 'attempts', 'model_calls', 'tool_calls', 'sessions'];
