/** A little-harness session as a `sessions` row, from its run-list row (shared/harness-trace/session-run-row.ts). */
import type { RunSummary } from '../../shared/library';
import { spanMs, type SessionRow } from './table-rows';

/** The `sessions` row of a session's run-list row, or null for a row that is not a session's. */
export function sessionRow(summary: RunSummary): SessionRow | null {
  const session = summary.session;
  if (summary.source !== 'little-harness' || session === undefined) return null;
  const counts = session.counts;
  return {
    data_dir: summary.dataDir,
    session_id: summary.runId,
    path_key: session.pathKey,
    status: summary.status,
    started_at: summary.startedAt,
    ended_at: summary.finishedAt,
    duration_ms: spanMs(summary.startedAt, summary.finishedAt),
    event_count: summary.eventCount,
    last_sequence: summary.lastSequence ?? 0,
    invalid_lines: counts.invalidLines,
    model_calls: counts.modelCalls,
    failed_model_calls: counts.modelCallsFailed,
    tool_calls: counts.toolCalls,
    failed_tool_calls: counts.toolCallsFailed,
    failures: counts.failures,
    commands_denied: counts.commandsDenied,
    input_tokens: summary.inputTokens ?? 0,
    output_tokens: summary.outputTokens ?? 0,
    torn_tail: session.tornTail,
  };
}
