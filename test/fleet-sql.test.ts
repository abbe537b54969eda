/** `sql` over the fleet index: the documented tables answer; every kind of write is refused; data dirs stay byte-identical. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from './support/fixture-manifest';
import { hashTree } from './support/store-test-fixtures';
import { cli } from './support/run-cli-captured';
import { scratchRoot } from './support/scratch';

const ROOT = join(EXAMPLES, 'fixtures');

describe('little-inspector sql', () => {
  it('reads the documented tables; runs agree with the run list', async () => {
    const cache = scratchRoot('li-sql-cache-');
    const runs = JSON.parse((await cli('runs', '--data-dir', ROOT, '--json')).stdout) as { session?: unknown }[];
    const out = await cli('sql', 'SELECT (SELECT count(*) FROM runs) + (SELECT count(*) FROM sessions) AS n, (SELECT count(*) FROM events) AS e', '--data-dir', ROOT, '--json', '--cache-dir', cache);
    expect(out.code).toBe(0);
    const result = JSON.parse(out.stdout) as { columns: string[]; rows: number[][] };
    expect(result.columns).toEqual(['n', 'e']);
    expect(result.rows[0][0]).toBe(runs.length);
    expect(result.rows[0][1]).toBeGreaterThan(0);
    const csv = await cli('sql', "SELECT 'a,b' AS x, 2 AS y", '--data-dir', ROOT, '--csv', '--cache-dir', cache);
    expect(csv.stdout).toBe('x,y\n"a,b",2\n');
  }, 120_000);

  it('refuses every write with a typed diagnostic, and no data dir changes', async () => {
    const cache = scratchRoot('li-sql-cache-');
    const before = hashTree(ROOT);
    for (const sql of [
      'INSERT INTO runs (run_id) VALUES (1)',
      'UPDATE runs SET status = 1',
      'DELETE FROM runs',
      'DROP TABLE runs',
      "ATTACH DATABASE '/tmp/x.db' AS x",
      'PRAGMA user_version = 3',
      "VACUUM INTO '/tmp/copy.db'",
      'SELECT 1; DELETE FROM runs',
      'WITH x AS (SELECT 1) DELETE FROM runs',
      'CREATE TABLE t (a)',
    ]) {
      const out = await cli('sql', sql, '--data-dir', ROOT, '--cache-dir', cache);
      expect([sql, out.code, out.stderr]).toEqual([sql, 1, expect.stringContaining('sql-refused')]);
    }
    const ext = await cli('sql', "SELECT load_extension('/tmp/evil.so')", '--data-dir', ROOT, '--cache-dir', cache);
    expect(ext.code).toBe(1);
    expect(ext.stderr).toMatch(/sql-(refused|failed)/);
    const search = await cli('search', 'error', '--data-dir', ROOT, '--json', '--cache-dir', cache);
    expect(search.code).toBe(0);
    expect(hashTree(ROOT)).toEqual(before);
  }, 120_000);

  it('stops a query at --timeout (an endless recursive CTE) with sql-timeout naming the budget; a bad --timeout is a usage error', async () => {
    const cache = scratchRoot('li-sql-cache-');
    const endless = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c';
    const out = await cli('sql', endless, '--data-dir', ROOT, '--cache-dir', cache, '--timeout', '1');
    expect([out.code, out.stdout]).toEqual([1, '']);
    expect(out.stderr).toContain('sql-timeout');
    expect(out.stderr).toContain('1 s time budget');
    for (const bad of ['0', '-2', 'soon', '601']) {
      const usage = await cli('sql', 'SELECT 1', '--data-dir', ROOT, '--cache-dir', cache, '--timeout', bad);
      expect([bad, usage.code, usage.stderr]).toEqual([bad, 1, expect.stringContaining('--timeout takes seconds')]);
    }
  }, 120_000);
});
