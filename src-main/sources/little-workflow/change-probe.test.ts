import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, manifestRows } from '../../../test/support/fixture-manifest';
import { ChangeProbe, runHeadsSql } from './change-probe';
import { hasUniqueSequences } from './unread-rows';
import { defaultSqliteDriver } from './sqlite-driver';
import { defaultWritableCheck, inspectSidecars, openEventDb } from './read-recipe';

const found = defaultSqliteDriver();
if (!found.ok) throw new Error(found.error.message);
const driver = found.value;

// The live observer's full look at a data dir asks every run's max sequence. Through the index
// it seeks each run instead of reading every row; its answer must be GROUP BY's, row for row.

/** A table with little-workflow's primary key (run ids and sequences not declared NOT NULL, as a hostile file may have them). */
function tableWith(rows: Array<[unknown, unknown]>): Database.Database {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE events (run_id TEXT, sequence INTEGER, type TEXT, PRIMARY KEY (run_id, sequence))');
  const insert = db.prepare('INSERT INTO events (run_id, sequence, type) VALUES (?, ?, ?)');
  for (const [runId, sequence] of rows) insert.run(runId, sequence, 't');
  return db;
}

const grouped = (db: Database.Database) => db.prepare(runHeadsSql(false)).all();
const sought = (db: Database.Database) => db.prepare(runHeadsSql(true)).all();

describe('every run\'s max sequence through the index', () => {
  it('equals GROUP BY run_id on runs of every shape: NULL, blob and numeric-looking ids, NULL, text and fractional sequences', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const rows: Array<[unknown, unknown]> = [];
    for (const run of ['run_b', 'run_a', 'run_c', '42', 'Run_A']) for (let i = 0; i < 40; i++) rows.push([run, Math.floor(random() * 1000)]);
    rows.push([null, 5], [null, 9], [Buffer.from('blob-run'), 3], ['run_a', null], ['run_b', 'zz'], ['run_c', 2.5], ['only-null', null]);
    const db = tableWith(rows.filter(([r, s], i) => rows.findIndex(([r2, s2]) => r2 === r && s2 === s) === i));
    expect(hasUniqueSequences(db as never)).toBe(true);
    const expected = grouped(db);
    expect(expected.length).toBe(8);
    expect(sought(db)).toEqual(expected);
  });

  it('equals GROUP BY on an empty table, and on one run', () => {
    expect(sought(tableWith([]))).toEqual([]);
    const one = tableWith([['run_x', 1], ['run_x', 2], ['run_x', 7]]);
    expect(sought(one)).toEqual(grouped(one));
    expect(sought(one)).toEqual([{ run_id: 'run_x', max_seq: 7 }]);
  });

  it('seeks: the plan reads the index by run id, never scans it for the runs', () => {
    const db = tableWith([['run_x', 1]]);
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${runHeadsSql(true)}`).all().map((row) => (row as { detail: string }).detail);
    expect(plan.some((detail) => /SEARCH events USING COVERING INDEX .*\(run_id>\?\)/.test(detail))).toBe(true);
    expect(plan.some((detail) => /SEARCH events USING COVERING INDEX .*\(run_id=\?\)/.test(detail))).toBe(true);
  });

  it('the probe\'s heads of every fixture data dir equal GROUP BY run_id', () => {
    // Data dirs without an events.db (harness sessions only) have no heads to compare.
    const dirs = [...new Set(manifestRows().map((row) => join(EXAMPLES, row.dataDir)))].filter((dir) => existsSync(join(dir, 'events', 'events.db')));
    expect(dirs.length).toBeGreaterThan(3);
    let runs = 0;
    for (const dir of dirs) {
      const probe = new ChangeProbe(dir);
      const version = probe.version();
      expect(version.ok ? null : version.error.message).toBeNull();
      const heads = probe.heads();
      probe.close();
      // Read with the app's read recipe: nothing is written beside the fixture.
      const state = inspectSidecars(join(dir, 'events'), defaultWritableCheck);
      const opened = state.ok ? openEventDb(driver, state.value) : state;
      if (!opened.ok) throw new Error(opened.error.message);
      const db = opened.value.connection;
      const expected = [...db.prepare(runHeadsSql(false)).iterate()].map((row) => ({ runId: String(row.run_id), maxSequence: Number(row.max_seq) }));
      expect(hasUniqueSequences(db)).toBe(true);
      opened.value.close();
      expect(heads.ok && heads.value.heads).toEqual(expected);
      runs += expected.length;
    }
    expect(runs).toBeGreaterThan(dirs.length);
  });
});
