/** `little-inspector sql "<query>" [--data-dir DIR] [--json|--csv] [--timeout S]`: read-only SQL over the fleet index, under a time budget. */
import { SQL_TIME_BUDGET_MAX_MS, SQL_TIME_BUDGET_MS, type SqlResult } from '../../fleet/fleet-sql';
import { runSqlJob } from '../../fleet/sql-budget';
import { parseArgs, UsageError } from '../args';
import { CACHE_FLAGS, CACHE_USAGE } from '../cache-arg';
import type { CliIo } from '../cli-io';
import { fleetIndexArg } from '../fleet-index-arg';
import { formatDiagnostic } from '../format-diagnostic';
import { terminalSafe } from '../terminal-safe';

const USAGE = `Usage: little-inspector sql "<query>" [--data-dir <dir>] [--json | --csv] [--timeout <seconds>] ${CACHE_USAGE}`;

/**
 * Update the index, then run the query read-only in a child process stopped after `--timeout`
 * seconds (default 10); a refused, failed or stopped query exits 1, an index that cannot be read 2.
 */
export async function sqlCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, csv: false, timeout: true, 'price-table': true, ...CACHE_FLAGS });
  if (positionals.length !== 1 || (flags.json === true && flags.csv === true)) throw new UsageError(USAGE);
  const budgetMs = timeoutArg(flags.timeout);
  const index = await fleetIndexArg(flags, io, flags.json !== true && flags.csv !== true && process.stderr.isTTY === true);
  index.db.close();
  // With --no-cache the index lived in this process's memory: the child builds its own.
  const result = await untilInterrupted((signal) => runSqlJob({ root: index.root, indexPath: index.path, update: index.path === null, sql: positionals[0], table: index.table }, budgetMs, signal));
  if (!result.ok && result.error.code === 'cancelled') return 130;
  if (!result.ok) {
    io.stderr(`little-inspector sql: ${terminalSafe(formatDiagnostic(result.error))}\n`);
    return result.error.code === 'index-failed' ? 2 : 1;
  }
  io.stdout(flags.json === true ? `${JSON.stringify(jsonOf(result.value), null, 2)}\n` : flags.csv === true ? csvOf(result.value) : tableOf(result.value));
  if (result.value.truncated) io.stderr(`little-inspector sql: stopped at ${result.value.rows.length} rows (the row cap)\n`);
  return 0;
}

/** Run `work`, giving up (killing the query's child, which would otherwise outlive us) on SIGINT or SIGTERM. */
async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const giveUp = (): void => controller.abort();
  process.once('SIGINT', giveUp).once('SIGTERM', giveUp);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', giveUp).off('SIGTERM', giveUp);
  }
}

/** `--timeout` in seconds (a positive number up to SQL_TIME_BUDGET_MAX_MS), as milliseconds. */
function timeoutArg(value: string | true | undefined): number {
  if (value === undefined) return SQL_TIME_BUDGET_MS;
  const seconds = Number(value);
  if (value === true || !Number.isFinite(seconds) || seconds <= 0 || seconds * 1000 > SQL_TIME_BUDGET_MAX_MS) {
    throw new UsageError(`--timeout takes seconds, more than 0 and at most ${SQL_TIME_BUDGET_MAX_MS / 1000}.\n${USAGE}`);
  }
  return Math.round(seconds * 1000);
}

function jsonOf(result: SqlResult): unknown {
  return { columns: result.columns, rows: result.rows, truncated: result.truncated };
}

const cell = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

function csvOf(result: SqlResult): string {
  const quote = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return `${[result.columns, ...result.rows.map((row) => row.map(cell))].map((row) => row.map(quote).join(',')).join('\n')}\n`;
}

function tableOf(result: SqlResult): string {
  const rows = [result.columns, ...result.rows.map((row) => row.map((v) => terminalSafe(cell(v)).replace(/\n/g, ' ')))];
  const widths = result.columns.map((_, i) => Math.min(60, Math.max(...rows.map((row) => (row[i] ?? '').length))));
  const line = (row: string[]): string => row.map((text, i) => (text.length > widths[i] ? `${text.slice(0, widths[i] - 1)}…` : text.padEnd(widths[i]))).join('  ').trimEnd();
  return `${[line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n')}\n(${result.rows.length} row${result.rows.length === 1 ? '' : 's'})\n`;
}
