/** `little-inspector fleet [--data-dir DIR] [--json] [--by workflow-version|model|day|status]`: totals over every run under a root. */
import { FLEET_GROUPINGS, type FleetFigures, type FleetGrouping, type FleetSummary } from '../../../shared/fleet/fleet-summary-types';
import { formatCount, formatDuration, formatUsd } from '../../../shared/report-export/report-time';
import { fleetSummary } from '../../fleet/fleet-summary';
import { readSnapshotTables } from '../../fleet/run-tables';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { formatColumns } from '../columns';
import { loadLibraryArg, printLibraryDiagnostics } from '../library-arg';
import { priceTableArg } from '../price-table-arg';
import { terminalSafe } from '../terminal-safe';

const USAGE = `Usage: little-inspector fleet [--data-dir <dir>] [--json] [--by ${FLEET_GROUPINGS.join('|')}] [--price-table <file>]`;

/** Print the fleet summary as text, or as one JSON object with `--json`. */
export async function fleetCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, by: true, 'price-table': true });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const by = groupingArg(flags.by);
  const table = await priceTableArg(flags['price-table'], io);
  const library = loadLibraryArg(flags['data-dir'] as string | undefined, table, io);
  const read = readSnapshotTables(library, table);
  const summary = fleetSummary(read.tables, { by, priceTable: library.pricing.tableId });
  io.stdout(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : formatFleet(summary));
  printLibraryDiagnostics(library, io);
  for (const d of read.diagnostics) io.stderr(`${terminalSafe(`${d.severity}: ${d.code}: ${d.message}`)}\n`);
  return 0;
}

function groupingArg(value: string | true | undefined): FleetGrouping | null {
  if (value === undefined) return null;
  const found = FLEET_GROUPINGS.find((g) => g === value);
  if (found === undefined) throw new UsageError(`--by takes one of ${FLEET_GROUPINGS.join(', ')}`);
  return found;
}

/** The summary as text: totals, the groups, the slowest and the most failing steps. */
export function formatFleet(summary: FleetSummary): string {
  const s = summary.sessions;
  const lines = [
    ...figureLines(summary),
    `Sessions: ${formatCount(s.count)} (completed ${s.byStatus.completed}, failed ${s.byStatus.failed}, running ${s.byStatus.running}, pending ${s.byStatus.pending}); model calls ${formatCount(s.modelCalls)} (${s.failedModelCalls} failed), tool calls ${formatCount(s.toolCalls)} (${s.failedToolCalls} failed)`,
  ];
  let text = `${lines.join('\n')}\n`;
  if (summary.by !== null) {
    text += `\nBy ${summary.by}:\n`;
    text += formatColumns(
      ['KEY', 'RUNS', 'COMPLETED', 'FAILED', 'CRASHED', 'RESUMES', 'CALLS', 'UNPRICED', 'IN', 'OUT', 'COST (USD)'],
      summary.groups.map((g) => [terminalSafe(g.key), String(g.runs), String(g.byStatus.completed), String(g.byStatus.failed), String(g.crashed), String(g.resumes), String(g.modelCalls), String(g.unpricedCalls), String(g.inputTokens), String(g.outputTokens), costText(g.costUsd)]),
      new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    );
  }
  if (summary.slowestSteps.length > 0) {
    text += '\nSlowest steps (by step id):\n';
    text += formatColumns(['STEP', 'COUNT', 'P50', 'P95', 'MAX', 'SLOWEST RUN'], summary.slowestSteps.map((t) => [terminalSafe(t.stepId), String(t.count), formatDuration(t.p50Ms), formatDuration(t.p95Ms), formatDuration(t.maxMs), t.slowestRunId]), new Set([1, 2, 3, 4]));
  }
  if (summary.mostFailingSteps.length > 0) {
    text += '\nMost failing steps (by step id):\n';
    text += formatColumns(
      ['STEP', 'FAILED ATTEMPTS', 'ATTEMPTS', 'FAILED STEPS', 'RUNS', 'P50', 'P95', 'SINCE VERSION'],
      summary.mostFailingSteps.map((f) => [terminalSafe(f.stepId), String(f.failedAttempts), String(f.attempts), String(f.failedSteps), String(f.runs), formatDuration(f.p50Ms), formatDuration(f.p95Ms), terminalSafe(f.workflowVersions[0] ?? '')]),
      new Set([1, 2, 3, 4, 5, 6]),
    );
  }
  return `${text}\nCosts priced with ${terminalSafe(summary.priceTable)}.\n`;
}

function figureLines(f: FleetFigures): string[] {
  return [
    `Runs: ${formatCount(f.runs)} (completed ${f.byStatus.completed}, failed ${f.byStatus.failed}, running ${f.byStatus.running}, pending ${f.byStatus.pending}); crashed ${f.crashed}`,
    `Resumes: ${f.resumes} (downtime ${formatDuration(f.resumeDowntimeMs)})`,
    `Failed attempts: ${f.failedAttempts} (cost ${formatUsd(f.failedAttemptCostUsd)})`,
    `Cost: ${formatUsd(f.costUsd)} over ${formatCount(f.modelCalls)} model calls${f.unpricedCalls > 0 ? ` (${f.unpricedCalls} unpriced: ${f.costUsd === null ? 'no cost known' : 'a lower bound'})` : ''}`,
    `Tokens: input ${formatCount(f.inputTokens)} (cached ${formatCount(f.cachedInputTokens)}), output ${formatCount(f.outputTokens)} (reasoning ${formatCount(f.reasoningTokens)})`,
  ];
}

const costText = formatUsd;
