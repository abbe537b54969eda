/** The human-readable run list of `little-inspector runs`. */
import type { RunSummary } from '../../shared/library';
import { formatColumns } from './columns';
import { terminalSafe } from './terminal-safe';
import { formatCost } from '../../shared/format/money';
import { runDisplayStatus } from '../../shared/status/display-status';

const HEADERS = ['RUN', 'STATUS', 'EVENTS', 'STARTED', 'IN', 'OUT', 'COST', 'PARENT'] as const;

/** Fixed-width columns, two spaces apart, numbers right-aligned. */
export function formatRunsTable(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'No runs.\n';
  const rows = runs.map((run) => [
    run.runId,
    // The folded status, and why it is not what the run list shows (crashed), or how it was found.
    runDisplayStatus(run) === 'crashed' ? `${run.status} (crashed)` : run.statusInferred ? `${run.status} (inferred)` : run.status,
    String(run.eventCount),
    run.startedAt ?? '',
    run.inputTokens === null ? 'n/a' : String(run.inputTokens),
    run.outputTokens === null ? 'n/a' : String(run.outputTokens),
    formatCost(run),
    terminalSafe(run.parentRunId ?? ''),
  ]);
  return formatColumns(HEADERS, rows, new Set([2, 4, 5, 6]));
}
