/**
 * What the SQL child process does with one job (sql-child.ts is its entry): bring the index of the
 * root up to date when asked (the app: the console always sees the runs as they are now), open it
 * read-only, list the queryable tables, then run the statement. It says when the index is ready,
 * so the parent starts the query's budget then (indexing has no budget: it is bounded by the data).
 */
import { diagnostic, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { FleetSqlTable, SqlResult } from '../../shared/fleet/fleet-sql-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { IndexConnection } from '../sources/little-workflow/sqlite-driver';
import { runFleetSql } from './fleet-sql';
import { discoverFleet, updateFleetIndex } from './index-build';
import { openIndexForRead, openIndexForWrite } from './index-file';

/** One job: the root and its index file (null: built in the child's memory), the statement (null: tables only). */
export type SqlJob = { root: string; indexPath: string | null; update: boolean; sql: string | null; cap: number; table: PriceTable };

/** What the child posts: the index is ready (the budget starts), then the rows; or why it cannot. */
export type SqlChildMessage =
  | { kind: 'indexed'; runs: number; events: number; tables: FleetSqlTable[] }
  | { kind: 'done'; result: Result<SqlResult> | null }
  | { kind: 'failed'; error: Diagnostic };

/** The tables and views a query may name (docs/FLEET.md), in the order the console lists them. */
export const SQL_TABLE_NAMES = ['runs', 'steps', 'attempts', 'model_calls', 'tool_calls', 'sessions', 'events', 'event_text'] as const;

/** Do `job`, posting each step. */
export async function doSqlJob(job: SqlJob, post: (message: SqlChildMessage) => void): Promise<void> {
  const opened = await openForQuery(job);
  if (!opened.ok) return post({ kind: 'failed', error: opened.error });
  const { db, runs, events } = opened.value;
  try {
    post({ kind: 'indexed', runs, events, tables: queryableTables(db) });
    post({ kind: 'done', result: job.sql === null ? null : runFleetSql(db, job.sql, job.cap) });
  } finally {
    db.close();
  }
}

type Opened = { db: IndexConnection; runs: number; events: number };

async function openForQuery(job: SqlJob): Promise<Result<Opened>> {
  if (!job.update && job.indexPath !== null) {
    const read = openIndexForRead(job.indexPath);
    return read.ok ? { ok: true, value: { db: read.value, ...counts(read.value) } } : read;
  }
  const discovery = discoverFleet(job.root);
  if (!discovery.ok) return discovery;
  const written = openIndexForWrite(job.indexPath);
  if (!written.ok) return written;
  try {
    await updateFleetIndex(written.value, discovery.value, { table: job.table });
  } catch (error) {
    written.value.close();
    return { ok: false, error: diagnostic('index-failed', `Could not update the fleet index: ${error instanceof Error ? error.message : String(error)}`, { path: job.root }) };
  }
  if (job.indexPath === null) {
    written.value.exec('PRAGMA query_only = 1');
    return { ok: true, value: { db: written.value, ...counts(written.value) } };
  }
  written.value.close();
  const read = openIndexForRead(job.indexPath);
  return read.ok ? { ok: true, value: { db: read.value, ...counts(read.value) } } : read;
}

function counts(db: IndexConnection): { runs: number; events: number } {
  const row = db.prepare('SELECT (SELECT count(*) FROM index_runs) AS runs, (SELECT count(*) FROM index_events) AS events').get();
  return { runs: Number(row?.runs ?? 0), events: Number(row?.events ?? 0) };
}

function queryableTables(db: IndexConnection): FleetSqlTable[] {
  const kinds = new Map<string, string>();
  for (const row of db.prepare("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')").iterate()) kinds.set(String(row.name), String(row.type));
  const info = db.prepare('SELECT name, type FROM pragma_table_info(?)');
  return SQL_TABLE_NAMES.filter((name) => kinds.has(name)).map((name) => ({
    name,
    kind: kinds.get(name) === 'view' ? 'view' : 'table',
    columns: [...info.iterate(name)].map((column) => ({ name: String(column.name), type: String(column.type ?? '') })),
  }));
}
