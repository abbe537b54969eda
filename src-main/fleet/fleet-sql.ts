/**
 * Read-only SQL over the fleet index (docs/FLEET.md "SQL"): one statement, which must begin with
 * SELECT, WITH or VALUES and which SQLite itself says writes nothing (sqlite3_stmt_readonly where
 * the driver tells), on a connection opened read-only with `query_only`; at most SQL_ROW_CAP rows.
 * ATTACH, PRAGMA, VACUUM INTO and every write are refused with `sql-refused`; load_extension is
 * off in both drivers and fails as `sql-failed`. The time budget is not kept here: neither driver
 * can interrupt a statement, so the query runs in a child process that is killed when its budget
 * is spent (sql-budget.ts).
 */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { SQL_BUDGET_MAX_MS, type SqlResult } from '../../shared/fleet/fleet-sql-types';
import type { IndexConnection } from '../sources/little-workflow/sqlite-driver';

export const SQL_ROW_CAP = 10_000;
/** The default time budget of one query (`sql --timeout`, the console's budget field). */
export const SQL_TIME_BUDGET_MS = 10_000;
/** The longest budget one may ask for. */
export const SQL_TIME_BUDGET_MAX_MS = SQL_BUDGET_MAX_MS;

export type { SqlResult } from '../../shared/fleet/fleet-sql-types';

const READ_KEYWORD = /^(?:select|with|values)\b/i;

/** `sql` without comments and surrounding blanks, or a refusal when it holds more than one statement. */
function oneStatement(sql: string): Result<string> {
  let out = '';
  for (let i = 0; i < sql.length; i += 1) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      const end = sql.indexOf(close, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
      out += ' ';
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 1;
      out += ' ';
    } else if (c === ';') {
      if (sql.slice(i + 1).replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '') return fail(diagnostic('sql-refused', 'Only one statement at a time.'));
      break;
    } else out += c;
  }
  return ok(out.trim());
}

/** The one statement `sql` holds, or its refusal by its text alone (checked before any process starts). */
export function readStatement(sql: string): Result<string> {
  const statement = oneStatement(sql);
  if (!statement.ok) return statement;
  if (!READ_KEYWORD.test(statement.value)) {
    return fail(diagnostic('sql-refused', 'The fleet index is read-only: only SELECT, WITH or VALUES (no INSERT, UPDATE, DELETE, DDL, ATTACH, PRAGMA or VACUUM).'));
  }
  return statement;
}

/** Run `sql` on `db` (a read-only connection), with no time limit of its own (sql-budget.ts keeps it). */
export function runFleetSql(db: IndexConnection, sql: string, cap = SQL_ROW_CAP): Result<SqlResult> {
  const statement = readStatement(sql);
  if (!statement.ok) return statement;
  try {
    const prepared = db.prepare(statement.value);
    if (prepared.readOnly === false) return fail(diagnostic('sql-refused', 'The fleet index is read-only: this statement writes.'));
    const columns = prepared.columnNames();
    const rows: unknown[][] = [];
    let truncated = false;
    for (const row of prepared.iterateArrays()) {
      if (rows.length === cap) {
        truncated = true;
        break;
      }
      rows.push(row.map(cellValue));
    }
    return ok({ columns, rows, truncated });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/readonly|read-only|not authorized/i.test(message)) return fail(diagnostic('sql-refused', `The fleet index is read-only: ${message}`));
    return fail(diagnostic('sql-failed', message));
  }
}

/** A cell as it travels (IPC, JSON): bigints as numbers, blobs as a note of their size. */
function cellValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Uint8Array) return `<blob: ${value.byteLength} bytes>`;
  return value;
}
