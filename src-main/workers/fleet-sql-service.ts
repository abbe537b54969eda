/**
 * The app's SQL console (`fleet.sql`, `fleet.tables`; docs/FLEET.md "In the app: the SQL
 * console"): the same statement check, tables and time budget as `little-inspector sql`
 * (fleet/sql-budget.ts), over the opened root's fleet index. Each query's child process brings the
 * index up to date first, off main's thread, so the console always sees the runs as they are. The
 * index is the root's file in the app's cache folder; with no cache folder (memory-only runs), a
 * private temporary folder of ours, removed on close. Never a data dir. Closing the service
 * (the app quits, the core closes) stops every query still running: their children are killed
 * and their callers answered `cancelled`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import type { FleetSqlAnswer, FleetSqlTables } from '../../shared/fleet/fleet-sql-types';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { SQL_TIME_BUDGET_MS } from '../fleet/fleet-sql';
import { indexFilePath } from '../fleet/index-file';
import { runSqlJob } from '../fleet/sql-budget';

export type FleetSqlService = {
  /** Run one statement under `budgetMs` (default SQL_TIME_BUDGET_MS). */
  query(sql: string, budgetMs?: number): Promise<Result<FleetSqlAnswer>>;
  /** The tables and views a query may name, with their columns. */
  tables(): Promise<Result<FleetSqlTables>>;
  /** Kill every query's child still running (each answers `cancelled`) and remove the scratch folder; resolves once the children have exited. */
  close(): Promise<void>;
};

const nothingOpen = () => fail(diagnostic('invalid-argument', 'Open a folder first: the SQL console reads the fleet index of the opened root.'));

export function createFleetSqlService(options: { snapshot: () => LibrarySnapshot | null; table: () => PriceTable; cacheDir: string | null }): FleetSqlService {
  let scratch: string | null = null;
  const indexPath = (root: string): string => {
    if (options.cacheDir !== null) return indexFilePath(options.cacheDir, root);
    scratch ??= mkdtempSync(join(tmpdir(), 'li-fleet-sql-'));
    return indexFilePath(scratch, root);
  };
  const job = (root: string) => ({ root, indexPath: indexPath(root), update: true, table: options.table() });
  // Each running query's give-up and its answer, so close can stop them and wait for their children.
  const running = new Map<AbortController, Promise<unknown>>();
  let closed = false;
  const supervised = <T>(start: (signal: AbortSignal) => Promise<Result<T>>): Promise<Result<T>> => {
    if (closed) return Promise.resolve(fail(diagnostic('cancelled', 'The SQL console is closed.')));
    const controller = new AbortController();
    const answer = start(controller.signal).finally(() => running.delete(controller));
    running.set(controller, answer);
    return answer;
  };
  return {
    query: async (sql, budgetMs = SQL_TIME_BUDGET_MS) => {
      const root = options.snapshot()?.root;
      return root === undefined ? nothingOpen() : supervised((signal) => runSqlJob({ ...job(root), sql }, budgetMs, signal));
    },
    tables: async () => {
      const root = options.snapshot()?.root;
      return root === undefined ? nothingOpen() : supervised((signal) => runSqlJob({ ...job(root), sql: null }, SQL_TIME_BUDGET_MS, signal));
    },
    close: () => {
      closed = true;
      const answers = [...running.values()];
      // Aborting kills each child at once (a quitting app may not wait); the promise says when they are gone.
      for (const controller of running.keys()) controller.abort();
      if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
      scratch = null;
      return Promise.allSettled(answers).then(() => undefined);
    },
  };
}
