import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canPage, runRows } from './paged-rows';
import { defaultSqliteDriver, type SqliteConnection } from './sqlite-driver';
import { dataDirWith, soundRun, SPARSE_RUN, withRow, type Row } from '../../../test/support/sparse-rows';

const driver = defaultSqliteDriver();
const opened: SqliteConnection[] = [];
afterEach(() => opened.splice(0).forEach((c) => c.close()));

function connect(rows: Row[], unique = true): SqliteConnection {
  if (!driver.ok) throw new Error(driver.error.message);
  const connection = driver.value.open(join(dataDirWith(rows, unique), 'events', 'events.db'), 'snapshot');
  opened.push(connection);
  return connection;
}

const SQL = 'SELECT sequence, event_id, type, payload FROM events WHERE run_id = ? AND sequence > ?';
const ORDER = ' ORDER BY sequence ASC';

/** 23 rows (4 steps, then the run's end), sequences 1..23 unless changed. */
const sound = soundRun();
const longer = [...sound, ...sound.map((row, i) => ({ ...row, sequence: sound.length + i + 1 }))];

const logs: Array<{ name: string; rows: Row[]; unique?: boolean; pages: boolean }> = [
  { name: 'sound', rows: longer, pages: true },
  { name: 'with gaps', rows: longer.filter((_, i) => i % 3 !== 1), pages: true },
  { name: 'a fractional sequence inside', rows: withRow(longer, 10, { sequence: 10.5 }), pages: true },
  { name: 'starting below zero', rows: longer.map((row) => ({ ...row, sequence: (row.sequence as number) - 20 })), pages: true },
  { name: 'a text sequence at the end', rows: withRow(longer, longer.length - 1, { sequence: 'zz' }), pages: false },
  { name: 'integers past 2^53 at the end', rows: withRow(withRow(longer, longer.length - 2, { sequence: 2n ** 60n + 1n }), longer.length - 1, { sequence: 2n ** 60n + 2n }), pages: false },
  { name: 'without a unique index', rows: longer, unique: false, pages: false },
];

describe('runRows', () => {
  for (const log of logs) {
    it(`${log.name}: pages ${log.pages ? 'exactly as' : 'not at all, and reads as'} the row-by-row read`, () => {
      const connection = connect(log.rows, log.unique);
      const paged = canPage(connection, SPARSE_RUN, log.unique !== false);
      expect(paged).toBe(log.pages);
      for (const [range, params] of [
        ['', [SPARSE_RUN, -1000]],
        ['', [SPARSE_RUN, 7]],
        [' AND sequence <= ?', [SPARSE_RUN, 3, 30]],
      ] as const) {
        const sql = `${SQL}${range}${ORDER}`;
        const expected = [...connection.prepare(sql).iterateArrays(...params)];
        expect(expected.length).toBeGreaterThan(8);
        // Page sizes that split the rows unevenly, evenly and not at all.
        for (const size of [1, 4, expected.length, 1000]) expect([...runRows(connection, sql, params, paged, size)]).toEqual(expected);
      }
    });
  }

  it('never pages in a loop: rows past 2^53 (which JS rounds to one bound, why canPage refuses them) stop a forced paged read', () => {
    const log = logs.find((l) => l.name.startsWith('integers past'))!;
    const connection = connect(log.rows);
    expect(() => [...runRows(connection, `${SQL}${ORDER}`, [SPARSE_RUN, 0], true, 1)]).toThrow('did not move past sequence 1152921504606847000');
  });

  it('holds at most one page: a read is lazy', () => {
    const connection = connect(longer);
    let pulled = 0;
    const counted: SqliteConnection = {
      ...connection,
      prepare(sql) {
        const statement = connection.prepare(sql);
        return {
          ...statement,
          allArrays: (...params) => {
            const rows = statement.allArrays(...params);
            pulled += rows.length;
            return rows;
          },
        };
      },
    };
    const rows = runRows(counted, `${SQL}${ORDER}`, [SPARSE_RUN, 0], true, 5);
    expect(rows.next().value?.[0]).toBe(1);
    expect(pulled).toBe(5);
    for (let i = 0; i < 5; i += 1) rows.next();
    expect(pulled).toBe(10);
  });
});
