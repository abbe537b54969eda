/**
 * `little report --table`: little-workflow run-report.ts @2884677 `formatRunReport`,
 * reproduced byte for byte (the CLI writes this string with no extra newline).
 */
import type { RunReport, RunReportRow } from './run-report';

const HEADER = ['STEP', 'IN', 'CACHED', 'CACHE%', 'OUT', 'CALLS', 'COST (USD)'] as const;
const GAP = '  ';

/** `CACHE%` cell: share x 100 with one decimal. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** `CALLS` cell: priced count, or `<priced>+<unpriced>?` when some calls were unpriced. */
export function formatCalls(row: Pick<RunReportRow, 'pricedCalls' | 'unpricedCalls'>): string {
  return row.unpricedCalls === 0 ? String(row.pricedCalls) : `${row.pricedCalls}+${row.unpricedCalls}?`;
}

/**
 * `COST (USD)` cell: `n/a` for unknown, `<0.000001` for real money that rounds to zero at
 * six decimals, else `toFixed(6)`. Only positive values get the `<` form, so a tiny
 * negative float residue prints as `-0.000000`.
 */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'n/a';
  const rendered = costUsd.toFixed(6);
  return costUsd > 0 && Number(rendered) === 0 ? '<0.000001' : rendered;
}

function cells(row: RunReportRow): string[] {
  // String(n), not a number format: fractional token counts print as they are (100.5).
  return [
    row.stepPath,
    String(row.inputTokens),
    String(row.cachedInputTokens),
    formatShare(row.cacheHitShare),
    String(row.outputTokens),
    formatCalls(row),
    formatCost(row.costUsd),
  ];
}

/** The fixed-width table text, ending with a newline. */
export function formatRunReportTable(report: RunReport): string {
  const bodyRows = report.unattributed === undefined ? report.steps : [...report.steps, report.unattributed];
  const body = [...bodyRows, report.total].map(cells);
  const widths = HEADER.map((label, column) =>
    Math.max(label.length, ...body.map((line) => line[column]!.length)));
  // First column left-aligned, the rest right-aligned; trailing spaces trimmed per line.
  const line = (row: readonly string[]): string =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join(GAP)
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join(GAP);

  const out = [`Run ${report.runId} (${report.status})`, '', line(HEADER), rule];
  for (const row of body.slice(0, -1)) out.push(line(row));
  if (body.length > 1) out.push(rule);
  out.push(line(body[body.length - 1]!));
  if (report.hasUnpricedCalls) {
    out.push(
      '',
      `Note: ${report.total.unpricedCalls} model call(s) had no registry pricing and are excluded from the cost above.`,
    );
  }
  out.push('');
  return out.join('\n');
}
