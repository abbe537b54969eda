// The node:sqlite adapter, exercised for real: every read recipe, query_only and damage.
// Runs only under Node 22 (vitest.node22.config.mts; excluded from the Node 20 run, which
// has no node:sqlite). Data dirs are written by node:sqlite child processes, never better-sqlite3.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDir } from './data-dir-reader';
import { ENGINE, eventsDb as db, expectNoBetterSqlite3, loadedNodeSqlite, newDataDir, nodeSqlite as driver, openWithNodeSqlite as open, scratchRoot } from '../../../test/support/node-sqlite-test-support';
import type { OpenMode } from './sqlite-driver';
import { canPage, runRows } from './paged-rows';
import { inPrivateTmpdir } from '../../../test/support/scratch';
import { codesOfEveryRead, scribbleOverPages } from '../../../test/support/corrupt-pages';
import { hashTree, sampleRun, writeClosedDataDir, writeCrashedDataDir, type FixtureEvent } from '../../../test/support/store-test-fixtures';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

const RUN_A = 'run_alpha';
const RUN_B = 'run_beta';
const EVENTS: FixtureEvent[] = [
  ...sampleRun(RUN_A, { parentRunId: 'run_parent' }),
  { runId: RUN_B, type: 'ModelCallCompleted', payload: { callId: 'legacy' } },
  { runId: RUN_B, type: 'StepFailed', payloadText: '{not json' },
  { runId: RUN_B, type: 'RunFailed', payload: { error: { message: 'boom' } } },
];

/** Open with the injected driver, read through every operation, close; the dir must not change. */
function readAllUnchanged(dir: string) {
  const before = hashTree(dir);
  const { value, left } = inPrivateTmpdir(() => {
    const reader = open(dir);
    const read = { recipe: reader.recipe, runs: reader.listRuns(), a: [...reader.readEvents(RUN_A)], b: [...reader.readEvents(RUN_B, 1)], calls: [...reader.readModelCallEvents()] };
    reader.close();
    return read;
  });
  const { recipe, runs, a, b, calls } = value;
  expect(hashTree(dir)).toEqual(before);
  // Whatever private copy the read made is gone once the reader is closed.
  expect(left).toEqual([]);
  expect(runs.ok && runs.value.runs.map((r) => [r.runId, r.eventCount, r.status])).toEqual([
    [RUN_A, 4, 'completed'],
    [RUN_B, 3, 'failed'],
  ]);
  expect(runs.ok && runs.value.runs[0]).toMatchObject({ parentRunId: 'run_parent', workflowVersionId: 'wfver_abc', label: 'nightly', tags: ['a', 'b'] });
  expect(a[2]).toMatchObject({ ok: true, event: { sequence: 3, occurrenceId: 'evt_lx_0123456789ab', payload: { usage: { inputTokens: 10 } } } });
  expect(b.map((e) => (e.ok ? e.event.sequence : e.sequence))).toEqual([2, 3]);
  expect(b[0]).toMatchObject({ ok: false, sequence: 2, diagnostic: { code: 'payload-unparsable' }, raw: { payloadText: '{not json' } });
  expect(calls.map((e) => (e.ok ? `${e.event.runId}#${e.event.sequence}` : 'x'))).toEqual([`${RUN_A}#3`, `${RUN_B}#1`]);
  return recipe;
}

/** Rows in the main file alone (what `immutable=1` would see), read from a copy. */
function mainFileRows(dbPath: string): number {
  const copy = join(scratchRoot('li-main-only-'), 'events.db');
  copyFileSync(dbPath, copy);
  const main = driver().open(copy, 'snapshot');
  try {
    return Number(main.prepare('SELECT COUNT(*) AS n FROM events').get()?.n);
  } catch (error) {
    // No events table yet: even the schema still lives only in the -wal.
    if (String(error).includes('no such table')) return 0;
    throw error;
  } finally {
    main.close();
  }
}

describe('node:sqlite adapter (Node >= 22.13 only: run by vitest.node22.config.mts)', () => {
  it('loads on this runtime through process.getBuiltinModule', () => {
    expect(loadedNodeSqlite?.name).toBe('node:sqlite');
  });

  it('cleanly closed dir: ?immutable=1 snapshot, no -wal/-shm created, byte-identical', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, EVENTS, ENGINE);
    expect(readdirSync(join(dir, 'events'))).toEqual(['events.db']);
    expect(readAllUnchanged(dir)).toBe('snapshot');
    expect(readdirSync(join(dir, 'events'))).toEqual(['events.db']);
  });

  it('writer killed with SIGKILL: reads rows only in -wal, -shm byte-identical (readonly_shm=1)', async () => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, EVENTS, ENGINE);
    expect(mainFileRows(db(dir))).toBeLessThan(EVENTS.length);
    const shm = sha(`${db(dir)}-shm`);
    expect(readAllUnchanged(dir)).toBe('private-copy');
    expect(sha(`${db(dir)}-shm`)).toBe(shm);
  });

  it('control: a plain read-only open (private mode, no readonly_shm=1) rewrites a crashed writer’s -shm', async () => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, EVENTS, ENGINE);
    const shmPath = `${db(dir)}-shm`;
    utimesSync(shmPath, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const [bytes, mtime] = [sha(shmPath), statSync(shmPath).mtimeMs];
    const plain = driver().open(db(dir), 'private');
    expect(plain.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: EVENTS.length });
    plain.close();
    expect(sha(shmPath) !== bytes || statSync(shmPath).mtimeMs !== mtime).toBe(true);
  });

  it('-wal without -shm (a copied folder): private temp copy, removed on close', async () => {
    const crashed = newDataDir();
    await writeCrashedDataDir(crashed, EVENTS, ENGINE);
    const dir = newDataDir();
    mkdirSync(join(dir, 'events'), { recursive: true });
    copyFileSync(db(crashed), db(dir));
    copyFileSync(`${db(crashed)}-wal`, `${db(dir)}-wal`);
    expect(readAllUnchanged(dir)).toBe('private-copy');
  });

  it('a run read a page at a time (allArrays) equals the row-by-row read, at every page size', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, [...EVENTS, ...sampleRun(RUN_A), ...sampleRun(RUN_A)], ENGINE);
    const connection = driver().open(db(dir), 'snapshot');
    try {
      expect(canPage(connection, RUN_A, true)).toBe(true);
      const sql = 'SELECT sequence, event_id, type, payload FROM events WHERE run_id = ? AND sequence > ? ORDER BY sequence ASC';
      const expected = [...connection.prepare(sql).iterateArrays(RUN_A, 0)];
      expect(expected.map((row) => row[0])).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (const size of [1, 5, 12, 2000]) expect([...runRows(connection, sql, [RUN_A, 0], true, size)]).toEqual(expected);
    } finally {
      connection.close();
    }
  });

  it('paths with space, #, ?, % and ü survive the file: URIs (readonly_shm=1 and immutable=1)', async () => {
    const root = scratchRoot();
    for (const [name, write, recipe] of [
      ['cr ashed #1 ?x=%20 ü', writeCrashedDataDir, 'private-copy'],
      ['cl ean #2 ?y=%41 ü', writeClosedDataDir, 'snapshot'],
    ] as const) {
      const dir = join(root, name, '.little-workflow');
      await write(dir, EVENTS, ENGINE);
      expect(readAllUnchanged(dir)).toBe(recipe);
    }
  });

  it.each(['wal', 'snapshot', 'private'] as const)('%s mode: PRAGMA query_only=1, writes refused', async (mode: OpenMode) => {
    const dir = newDataDir();
    await (mode === 'snapshot' ? writeClosedDataDir : writeCrashedDataDir)(dir, EVENTS, ENGINE);
    // `private` is only ever used on a copy we own (a plain open rewrites a crashed -shm).
    const target = mode === 'private' ? join(scratchRoot('li-private-'), 'events.db') : db(dir);
    if (mode === 'private') {
      for (const suffix of ['', '-wal']) copyFileSync(`${db(dir)}${suffix}`, `${target}${suffix}`);
    }
    const before = hashTree(dir);
    const connection = driver().open(target, mode);
    try {
      expect(connection.prepare('PRAGMA query_only').get()).toEqual({ query_only: 1 });
      expect(() => connection.prepare(`INSERT INTO events VALUES ('run_x', 1, 'e', 'T', NULL, 'now', '{}')`).get()).toThrow();
      expect(() => connection.prepare('CREATE TABLE t (x)').get()).toThrow();
    } finally {
      connection.close();
      connection.close();
    }
    expect(hashTree(dir)).toEqual(before);
  });
});

describe('node:sqlite adapter: damage gives typed diagnostics (Node 22 only)', () => {
  it.each([
    ['not a database', Buffer.from('this is not sqlite, just text long enough to be a header '.repeat(100)), 'sqlite-not-a-database'],
    ['empty file', Buffer.alloc(0), 'schema-unexpected'],
  ])('%s', (_name, bytes, code) => {
    const dir = newDataDir();
    mkdirSync(join(dir, 'events'), { recursive: true });
    writeFileSync(db(dir), bytes);
    const before = hashTree(dir);
    expect(openDataDir(dir, { driver: driver() })).toMatchObject({ ok: false, error: { code } });
    expect(hashTree(dir)).toEqual(before);
  });

  it('a corrupted page gives sqlite-corrupt from open, listRuns or the stream, never a throw', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, Array.from({ length: 400 }, (_, i) => ({ runId: RUN_A, type: 'X', payload: { i, pad: 'x'.repeat(200) } })), ENGINE);
    scribbleOverPages(db(dir));
    const before = hashTree(dir);
    const codes = codesOfEveryRead(openDataDir(dir, { driver: driver() }), RUN_A);
    expect(codes).toContain('sqlite-corrupt');
    expect(hashTree(dir)).toEqual(before);
    expect(existsSync(`${db(dir)}-wal`)).toBe(false);
  });
  it('never loaded better-sqlite3 (its build targets Node 20)', () => expectNoBetterSqlite3());
});
