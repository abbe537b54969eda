import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDir } from './data-dir-reader';
import { PAGE_ROWS } from './paged-rows';
import { defaultSqliteDriver, type SqliteDriver } from './sqlite-driver';
import type { EventRead } from './store-types';
import { hashTree, startWriter, writeClosedDataDir } from '../../../test/support/store-test-fixtures';
import { newDataDir } from '../../../test/support/scratch';

const seqs = (reads: Iterable<EventRead>) => [...reads].map((r) => (r.ok ? r.event.sequence : -1));

describe('a reader sees commits made by another process after it opened', () => {
  it('WAL dir with a live writer: new rows appear without reopening', async () => {
    const dir = newDataDir();
    const writer = await startWriter(dir);
    try {
      await writer.append([{ runId: 'run_live', type: 'RunStarted', payload: {} }]);
      const reader = openDataDir(dir);
      if (!reader.ok) throw new Error(reader.error.message);
      expect(reader.value.recipe).toBe('private-copy');
      expect(seqs(reader.value.readEvents('run_live'))).toEqual([1]);
      await writer.append([{ runId: 'run_live', type: 'StepScheduled', payload: {}, repeat: 3 }]);
      expect(seqs(reader.value.readEvents('run_live', 1))).toEqual([2, 3, 4]);
      // Past the auto-checkpoint threshold, so rows also move into the main file.
      await writer.append([{ runId: 'run_live', type: 'X', payload: { pad: 'y'.repeat(500) }, repeat: 3000 }]);
      const runs = reader.value.listRuns();
      expect(runs.ok && runs.value.runs[0].maxSequence).toBe(3004);
      await writer.kill();
      expect(seqs(reader.value.readEvents('run_live', 3000))).toEqual([3001, 3002, 3003, 3004]);
      const before = hashTree(dir);
      expect(seqs(reader.value.readEvents('run_live', 3003))).toEqual([3004]);
      reader.value.close();
      expect(hashTree(dir)).toEqual(before);
    } finally {
      if (writer.child.exitCode === null && writer.child.signalCode === null) await writer.kill();
    }
  });

  it('cleanly closed dir opened as a snapshot: switches to a live read once a writer reopens it', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, [{ runId: 'run_live', type: 'RunStarted', payload: {} }]);
    const reader = openDataDir(dir);
    if (!reader.ok) throw new Error(reader.error.message);
    expect(reader.value.recipe).toBe('snapshot');
    const writer = await startWriter(dir);
    try {
      await writer.append([{ runId: 'run_live', type: 'RunCompleted', payload: {} }]);
      expect(seqs(reader.value.readEvents('run_live'))).toEqual([1, 2]);
      expect(reader.value.recipe).toBe('private-copy');
      await writer.closeCleanly();
      // Our open connection keeps the writer from deleting -wal on close (like any reader
      // would); whichever files remain, the reader still sees every committed row.
      const runs = reader.value.listRuns();
      expect(runs.ok && runs.value.runs[0]).toMatchObject({ status: 'completed', eventCount: 2 });
      const walLeft = existsSync(join(dir, 'events', 'events.db-wal'));
      expect(reader.value.recipe).toBe(walLeft ? 'private-copy' : 'snapshot');
    } finally {
      reader.value.close();
      if (writer.child.exitCode === null) await writer.kill();
    }
  });
});

describe('streaming', () => {
  it('iterates a 100k-event run lazily, at most a page of rows ahead, without building an array', async () => {
    const dir = newDataDir();
    const writer = await startWriter(dir);
    await writer.append([{ runId: 'run_big', type: 'StepScheduled', payload: { stepPath: 'a' }, repeat: 100_000 }]);
    await writer.closeCleanly();
    const real = defaultSqliteDriver();
    if (!real.ok) throw new Error(real.error.message);
    let pulled = 0;
    // Count rows the driver hands out, to prove the reader pulls them on demand.
    const counting: SqliteDriver = {
      name: real.value.name,
      open(path, mode) {
        const connection = real.value.open(path, mode);
        return {
          close: () => connection.close(),
          prepare(sql) {
            const statement = connection.prepare(sql);
            return {
              get: (...params) => statement.get(...params),
              *iterate(...params) {
                for (const row of statement.iterate(...params)) {
                  pulled += 1;
                  yield row;
                }
              },
              *iterateArrays(...params) {
                for (const row of statement.iterateArrays(...params)) {
                  pulled += 1;
                  yield row;
                }
              },
              allArrays(...params) {
                const rows = statement.allArrays(...params);
                pulled += rows.length;
                return rows;
              },
            };
          },
        };
      },
    };
    const reader = openDataDir(dir, { driver: counting });
    if (!reader.ok) throw new Error(reader.error.message);
    const events = reader.value.readEvents('run_big');
    expect(Array.isArray(events)).toBe(false);
    const iterator = events[Symbol.iterator]();
    pulled = 0;
    const first = iterator.next();
    expect(first.value).toMatchObject({ ok: true, event: { sequence: 1 } });
    // A cleanly closed log with little-workflow's primary key is read a page at a time (paged-rows.ts).
    expect(pulled).toBe(PAGE_ROWS);
    for (let i = 1; i < PAGE_ROWS; i += 1) iterator.next();
    expect(pulled).toBe(PAGE_ROWS);
    expect(iterator.next().value).toMatchObject({ ok: true, event: { sequence: PAGE_ROWS + 1 } });
    expect(pulled).toBe(2 * PAGE_ROWS);
    iterator.return?.(undefined);
    let count = 0;
    let last = 0;
    for (const read of reader.value.readEvents('run_big')) {
      if (!read.ok) throw new Error(read.diagnostic.message);
      expect(read.event.sequence).toBe(last + 1);
      last = read.event.sequence;
      count += 1;
    }
    expect(count).toBe(100_000);
    expect(seqs(reader.value.readEvents('run_big', 99_998))).toEqual([99_999, 100_000]);
    reader.value.close();
  });
});
