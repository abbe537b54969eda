/**
 * The table rows of one loopctl run, from its ledger fold (shared/loopctl): no steps or
 * attempts (loopctl records none), one `model_calls` row per turn (every turn is a call the
 * fold prices, unknown tokens included), one `tool_calls` row per dispatch attempt.
 */
import type { RunSummary } from '../../shared/library';
import type { LoopctlRun } from '../../shared/loopctl/loopctl-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { spanMs, type FleetTables, type ModelCallRow, type RunRow } from './table-rows';
import { toolCallRows, usageColumns } from './workflow-run-tables';

/** The rows of loopctl run `run` (its row in the library is `summary`). */
export function loopctlRunTables(summary: RunSummary, run: LoopctlRun, table: PriceTable): FleetTables {
  const base = { data_dir: summary.dataDir, run_id: summary.runId };
  const toolCalls = toolCallRows(base, run);
  const modelCalls: ModelCallRow[] = run.modelTurns.map((turn) => ({
    ...base,
    sequence: turn.respondedSequence ?? turn.calledSequence ?? turn.lines.at(-1) ?? 0,
    event_type: 'turn.ended',
    call_id: turn.callId ?? null,
    turn: turn.turn ?? null,
    step_path: null,
    attempt_id: null,
    provider: turn.model?.provider ?? null,
    model: turn.model?.modelId ?? null,
    input_tokens: turn.usage?.inputTokens ?? 0,
    cached_input_tokens: 0,
    output_tokens: turn.usage?.outputTokens ?? 0,
    reasoning_tokens: 0,
    cost_usd: turn.costUsd,
    priced: turn.costUsd !== null,
    price_key: null,
    started_at: turn.calledAt ?? null,
    responded_at: turn.respondedAt ?? turn.calledAt ?? summary.startedAt ?? '',
    duration_ms: turn.durationMs ?? spanMs(turn.calledAt, turn.respondedAt),
    failures: turn.failures.length,
  }));
  const row: RunRow = {
    ...base,
    source: 'loopctl',
    workflow_id: null,
    workflow_version: null,
    parent_run_id: null,
    outer_loop_id: null,
    label: summary.label,
    status: summary.status,
    status_inferred: summary.statusInferred,
    crashed: summary.crashed,
    started_at: run.startedAt,
    ended_at: run.ended ? run.finishedAt : null,
    duration_ms: run.durationMs ?? (run.ended ? spanMs(run.startedAt, run.finishedAt) : null),
    last_event_at: run.finishedAt,
    event_count: summary.eventCount,
    last_sequence: summary.lastSequence ?? run.lastSeq,
    steps: 0,
    failed_steps: 0,
    attempts: 0,
    failed_attempts: 0,
    failed_attempt_cost_usd: 0,
    model_calls: run.usage.pricedCalls + run.usage.unpricedCalls,
    tool_calls: toolCalls.length,
    failed_tool_calls: toolCalls.filter((c) => c.status === 'failed').length,
    resumes: 0,
    resume_downtime_ms: 0,
    report_error: null,
    price_table: table.id,
    ...usageColumns(run.usage),
  };
  return { runs: [row], steps: [], attempts: [], model_calls: modelCalls, tool_calls: toolCalls, sessions: [] };
}
