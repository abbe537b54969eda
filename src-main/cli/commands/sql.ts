/** `little-inspector sql "<query>" [--data-dir DIR] [--json|--csv]`: read-only SQL over the fleet index. */
import { openIndexForRead } from '../../fleet/index-file';
import { runFleetSql, type SqlResult } from '../../fleet/fleet-sql';
import { parseArgs, UsageError } from '../args';
import { CACHE_FLAGS, CACHE_USAGE } from '../cache-arg';
import type { CliIo } from '../cli-io';
import { fleetIndexArg } from '../fleet-index-arg';
import { formatDiagnostic } from '../format-diagnostic';
import { terminalSafe } from '../terminal-safe';

const USAGE = `Usage: little-inspector sql "<query>" [--data-dir <dir>] [--json | --csv] ${CACHE_USAGE}`;

/** Update the index, then run the query on a read-only connection; a refused or failed query exits 1. */
export async function sqlCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, csv: false, 'price-table': true, ...CACHE_FLAGS });
  if (positionals.length !== 1 || (flags.json === true && flags.csv === true)) throw new UsageError(USAGE);
  const index = await fleetIndexArg(flags, io, flags.json !== true && flags.csv !== true && process.stderr.isTTY === true);
  let db = index.db;
  if (index.path !== null) {
    index.db.close();
    const opened = openIndexForRead(index.path);
    if (!opened.ok) {
      io.stderr(`little-inspector sql: ${terminalSafe(formatDiagnostic(opened.error))}\n`);
      return 2;
    }
    db = opened.value;
  } else db.exec('PRAGMA query_only = 1');
  try {
    const result = runFleetSql(db, positionals[0]);
    if (!result.ok) {
      io.stderr(`little-inspector sql: ${terminalSafe(formatDiagnostic(result.error))}\n`);
      return 1;
    }
    io.stdout(flags.json === true ? `${JSON.stringify(jsonOf(result.value), null, 2)}\n` : flags.csv === true ? csvOf(result.value) : tableOf(result.value));
    if (result.value.truncated) io.stderr(`little-inspector sql: stopped at ${result.value.rows.length} rows (the row cap)\n`);
  } finally {
    db.close();
  }
  return 0;
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
