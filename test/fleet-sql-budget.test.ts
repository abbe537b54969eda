/** The SQL time budget: a statement runs in a child process that is killed when its budget is spent; refusals never start one. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { runSqlJob } from '../src-main/fleet/sql-budget';
import { indexFilePath } from '../src-main/fleet/index-file';
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
    const stopped = await runSqlJob({ ...job, sql: ENDLESS }, 1500);
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

async function sessionCount(job: { root: string; indexPath: string | null; table: typeof BUNDLED_PRICE_TABLE }): Promise<number> {
  const r = await runSqlJob({ ...job, update: false, sql: 'SELECT count(*) FROM sessions' }, 30_000);
  if (!r.ok) throw new Error(r.error.message);
  return Number(r.value.rows[0][0]);
}
