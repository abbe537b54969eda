import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDirWith, soundRun, SPARSE_RUN } from '../../../test/support/sparse-rows';
import { hashTree } from '../../../test/support/hash-tree';
import { openDataDir } from './data-dir-reader';
import { closeParked, PARK_MS } from './parked-snapshots';
import { defaultSqliteDriver, type SqliteConnection, type SqliteDriver } from './sqlite-driver';
import Database from 'better-sqlite3';

/** The real driver, with its opens and its connections' closes counted. */
function countingDriver(): { driver: SqliteDriver; opens: () => number; closes: () => number } {
  const real = defaultSqliteDriver();
  if (!real.ok) throw new Error(real.error.message);
  let opens = 0;
  let closes = 0;
  const driver: SqliteDriver = {
    name: real.value.name,
    open: (path, mode) => {
      opens += 1;
      const connection: SqliteConnection = real.value.open(path, mode);
      return {
        prepare: (sql) => connection.prepare(sql),
        close: () => {
          closes += 1;
          connection.close();
        },
      };
    },
  };
  return { driver, opens: () => opens, closes: () => closes };
}

/** How many events of the run a fresh reader over `dir` with `driver` counts. */
function countEvents(dir: string, driver: SqliteDriver): number {
  const reader = openDataDir(dir, { driver });
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    return [...reader.value.readEvents(SPARSE_RUN)].length;
  } finally {
    reader.value.close();
  }
}

const drivers: SqliteDriver[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const driver of drivers.splice(0)) closeParked(driver);
});

describe('parked snapshots', () => {
  it('hand a closed snapshot to the next reader of the same file, once', () => {
    const dir = dataDirWith(soundRun());
    const counted = countingDriver();
    drivers.push(counted.driver);
    const rows = soundRun().length;
    expect(countEvents(dir, counted.driver)).toBe(rows);
    expect(countEvents(dir, counted.driver)).toBe(rows);
    expect(countEvents(dir, counted.driver)).toBe(rows);
    expect({ opens: counted.opens(), closes: counted.closes() }).toEqual({ opens: 1, closes: 0 });
    // Two readers at once: the second opens its own.
    const a = openDataDir(dir, { driver: counted.driver });
    const b = openDataDir(dir, { driver: counted.driver });
    if (!a.ok || !b.ok) throw new Error('open failed');
    expect([...a.value.readEvents(SPARSE_RUN)].length + [...b.value.readEvents(SPARSE_RUN)].length).toBe(2 * rows);
    expect(counted.opens()).toBe(2);
    a.value.close();
    b.value.close();
    // One parked per file: the first to close is closed when the second parks.
    expect(counted.closes()).toBe(1);
  });

  it('never hand over a snapshot of an older state of the file', () => {
    const dir = dataDirWith(soundRun());
    const counted = countingDriver();
    drivers.push(counted.driver);
    expect(countEvents(dir, counted.driver)).toBe(soundRun().length);
    const db = new Database(join(dir, 'events', 'events.db'));
    db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)').run(SPARSE_RUN, BigInt(soundRun().length + 1), 'evt_more', 'RunCompleted', '2026-11-01T00:01:00.000Z', '{}');
    db.close();
    expect(countEvents(dir, counted.driver)).toBe(soundRun().length + 1);
    expect({ opens: counted.opens(), closes: counted.closes() }).toEqual({ opens: 2, closes: 1 });
  });

  it('close a parked snapshot after PARK_MS, and keep the data dir byte-identical', () => {
    vi.useFakeTimers();
    const dir = dataDirWith(soundRun());
    const before = hashTree(dir);
    const counted = countingDriver();
    drivers.push(counted.driver);
    countEvents(dir, counted.driver);
    vi.advanceTimersByTime(PARK_MS - 1);
    expect(counted.closes()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(counted.closes()).toBe(1);
    countEvents(dir, counted.driver);
    expect(counted.opens()).toBe(2);
    expect(hashTree(dir)).toEqual(before);
  });

  it('are kept per driver: another driver opens its own', () => {
    const dir = dataDirWith(soundRun());
    const one = countingDriver();
    const two = countingDriver();
    drivers.push(one.driver, two.driver);
    countEvents(dir, one.driver);
    countEvents(dir, two.driver);
    expect([one.opens(), two.opens()]).toEqual([1, 1]);
  });

  it('give way to a private copy once a -wal exists (a writer came)', () => {
    const dir = dataDirWith(soundRun());
    const counted = countingDriver();
    drivers.push(counted.driver);
    countEvents(dir, counted.driver);
    const wal = join(dir, 'events', 'events.db-wal');
    appendFileSync(wal, readFileSync(wal, { flag: 'a+' }));
    countEvents(dir, counted.driver);
    expect(counted.opens()).toBe(2);
  });
});
