/**
 * The SQL time budget: a statement runs in a child process that is killed when its budget is
 * spent, its caller gives up or the console's service closes (the child's pid is gone after);
 * refusals never start one.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { runSqlJob } from '../src-main/fleet/sql-budget';
import { indexFilePath } from '../src-main/fleet/index-file';
import { createFleetSqlService } from '../src-main/workers/fleet-sql-service';
import type { LibrarySnapshot } from '../shared/library';
import { childPids, firstChild, processExists } from './support/child-processes';
import { EXAMPLES } from './support/fixture-manifest';
import { hashTree } from './support/store-test-fixtures';
import { scratchRoot } from './support/scratch';

const ROOT = join(EXAMPLES, 'fixtures');
// Endless: one native call that never returns a row, so no check between rows could stop it.
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';

describe('runSqlJob', () => {
  it('stops an endless recursive CTE at its budget with a typed error naming the budget, then answers the next query', async () => {
    const cache = scratchRoot('li-sql-budget-');
    const before = hashTree(ROOT);
    const job = { root: ROOT, indexPath: indexFilePath(cache, ROOT), update: true, table: BUNDLED_PRICE_TABLE };
    const stopping = runSqlJob({ ...job, sql: ENDLESS }, 1500);
    const pid = await firstChild(CHILD_SCRIPT);
    const stopped = await stopping;
    expect(processExists(pid)).toBe(false);
    expect(stopped.ok).toBe(false);
    if (stopped.ok) return;
    expect(stopped.error.code).toBe('sql-timeout');
    expect(stopped.error.message).toContain('1.5 s');
    expect(stopped.error.detail).toEqual({ budgetMs: 1500 });
    const counted = await runSqlJob({ ...job, update: false, sql: 'SELECT count(*) AS n FROM runs' }, 30_000);
    if (!counted.ok) throw new Error(counted.error.message);
    expect(counted.value.columns).toEqual(['n']);
    expect(counted.value.rows[0][0]).toBe(counted.value.indexed.runs - (await sessionCount(job)));
    expect(counted.value.budgetMs).toBe(30_000);
    expect(counted.value.tables.map((t) => t.name)).toEqual(['runs', 'steps', 'attempts', 'model_calls', 'tool_calls', 'sessions', 'events', 'event_text']);
    expect(counted.value.tables.find((t) => t.name === 'runs')?.columns.slice(0, 2)).toEqual([{ name: 'data_dir', type: 'TEXT' }, { name: 'run_id', type: 'TEXT' }]);
    expect(hashTree(ROOT)).toEqual(before);
  }, 120_000);

  it('kills the child of a query whose caller gives up (its signal aborts), answers cancelled, then answers the next query', async () => {
    const cache = scratchRoot('li-sql-abort-');
    const job = { root: ROOT, indexPath: indexFilePath(cache, ROOT), update: true, table: BUNDLED_PRICE_TABLE };
    expect((await runSqlJob({ ...job, sql: 'SELECT 1' }, 30_000)).ok).toBe(true);
    const controller = new AbortController();
    const running = runSqlJob({ ...job, update: false, sql: ENDLESS }, 600_000, controller.signal);
    const pid = await firstChild(CHILD_SCRIPT);
    await queryUnderWay();
    controller.abort();
    const given = await running;
    expect(given.ok ? null : given.error.code).toBe('cancelled');
    expect(processExists(pid)).toBe(false);
    expect(childPids(CHILD_SCRIPT)).toEqual([]);
    const next = await runSqlJob({ ...job, update: false, sql: 'SELECT 41 + 1 AS n' }, 30_000);
    expect(next.ok ? next.value.rows : next.error.message).toEqual([[42]]);
    // A signal already aborted starts nothing.
    const early = await runSqlJob({ ...job, sql: 'SELECT 1' }, 30_000, AbortSignal.abort());
    expect(early.ok ? null : early.error.code).toBe('cancelled');
  }, 120_000);

  it("kills every running query's child when the console's service closes; the closed service starts none, a new one answers", async () => {
    const cache = scratchRoot('li-sql-close-');
    const snapshot = { root: ROOT } as LibrarySnapshot;
    const service = createFleetSqlService({ snapshot: () => snapshot, table: () => BUNDLED_PRICE_TABLE, cacheDir: cache });
    const running = [service.query(ENDLESS, 600_000), service.query(ENDLESS, 600_000)];
    while (childPids(CHILD_SCRIPT).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const pids = childPids(CHILD_SCRIPT);
    await queryUnderWay();
    await service.close();
    expect(pids.filter(processExists)).toEqual([]);
    expect((await Promise.all(running)).map((r) => (r.ok ? null : r.error.code))).toEqual(['cancelled', 'cancelled']);
    const afterClose = await service.query('SELECT 1', 30_000);
    expect(afterClose.ok ? null : afterClose.error.code).toBe('cancelled');
    expect(childPids(CHILD_SCRIPT)).toEqual([]);
    const next = createFleetSqlService({ snapshot: () => snapshot, table: () => BUNDLED_PRICE_TABLE, cacheDir: cache });
    const answered = await next.query('SELECT count(*) > 0 AS some FROM runs', 30_000);
    expect(answered.ok ? answered.value.rows : answered.error.message).toEqual([[1]]);
    await next.close();
  }, 120_000);

  it('cuts a long result at the row cap, and refuses writes (by text, and by SQLite\'s own verdict) as sql-refused', async () => {
    const job = { root: ROOT, indexPath: null, update: true, table: BUNDLED_PRICE_TABLE };
    const capped = await runSqlJob({ ...job, cap: 5, sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c' }, 30_000);
    if (!capped.ok) throw new Error(capped.error.message);
    expect(capped.value.rows).toEqual([[1], [2], [3], [4], [5]]);
    expect(capped.value.truncated).toBe(true);
    for (const sql of ['DELETE FROM runs', 'SELECT 1; DROP TABLE runs', 'WITH x AS (SELECT 1) DELETE FROM runs']) {
      const refused = await runSqlJob({ ...job, sql }, 30_000);
      expect([sql, refused.ok ? null : refused.error.code]).toEqual([sql, 'sql-refused']);
    }
  }, 120_000);
});

const CHILD_SCRIPT = 'sql-child';

// Give the child time to reach its statement; what is proved does not depend on how far it got.
const queryUnderWay = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 500));

async function sessionCount(job: { root: string; indexPath: string | null; table: typeof BUNDLED_PRICE_TABLE }): Promise<number> {
  const r = await runSqlJob({ ...job, update: false, sql: 'SELECT count(*) FROM sessions' }, 30_000);
  if (!r.ok) throw new Error(r.error.message);
  return Number(r.value.rows[0][0]);
}
