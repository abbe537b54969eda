import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDir } from './data-dir-reader';
import type { DataDirReader, EventRead } from './store-types';
import type { ReadRecipe } from './read-recipe';
import { hashTree, sampleRun, writeClosedDataDir, writeCrashedDataDir, type FixtureEvent } from '../../../test/support/store-test-fixtures';
import { inPrivateTmpdir, newDataDir, scratchRoot } from '../../../test/support/scratch';
import { codesOfEveryRead, scribbleOverPages } from '../../../test/support/corrupt-pages';

const RUN_A = 'run_alpha';
const RUN_B = 'run_beta';
const EVENTS: FixtureEvent[] = [
  ...sampleRun(RUN_A, { parentRunId: 'run_parent', outerLoopId: 'ol_cycle' }),
  { runId: RUN_B, type: 'harness.session.started', payload: { runId: RUN_B, role: 'planner', parentRunId: 'run_alpha' } },
  { runId: RUN_B, type: 'ModelCallCompleted', payload: { callId: 'legacy' } },
  { runId: RUN_B, type: 'StepFailed', payloadText: '{not json' },
  { runId: RUN_B, type: 'RunFailed', payload: { error: { message: 'boom' } } },
  { runId: 'RUN_upper', type: 'RunStarted', payload: {} },
];

/** Run every read operation once; returns what was read so callers can assert on it. */
function readEverything(reader: DataDirReader) {
  const runs = reader.listRuns();
  const a = [...reader.readEvents(RUN_A)];
  const b = [...reader.readEvents(RUN_B, 1)];
  const calls = [...reader.readModelCallEvents()];
  return { runs, a, b, calls };
}

/**
 * Open, read everything, close, and assert the data dir did not change by one byte, the reader
 * took `recipe`, and what it read is the fixture's content.
 */
function readsUnchanged(dataDir: string, recipe: ReadRecipe, isWritable?: (dir: string) => boolean): void {
  const before = hashTree(dataDir);
  const { value, left } = inPrivateTmpdir(() => {
    const opened = openDataDir(dataDir, { isWritable });
    expect(opened.ok).toBe(true);
    if (!opened.ok) throw new Error('unreachable');
    const read = { ...readEverything(opened.value), recipe: opened.value.recipe };
    opened.value.close();
    return read;
  });
  expect(hashTree(dataDir)).toEqual(before);
  // Whatever private copy the read made is gone once the reader is closed.
  expect(left).toEqual([]);
  expect(value.recipe).toBe(recipe);
  checkContent(value);
}

function checkContent(read: ReturnType<typeof readEverything>) {
  expect(read.runs.ok).toBe(true);
  if (!read.runs.ok) return;
  const { runs, diagnostics } = read.runs.value;
  expect(runs.map((r) => r.runId)).toEqual([RUN_A, RUN_B]);
  expect(diagnostics.map((d) => d.code)).toEqual(['invalid-run-id']);
  expect(runs[0]).toMatchObject({
    eventCount: 4, maxSequence: 4, status: 'completed', lastEventType: 'RunCompleted',
    parentRunId: 'run_parent', outerLoopId: 'ol_cycle', workflowVersionId: 'wfver_abc', label: 'nightly', tags: ['a', 'b'],
    firstRecordedAt: '2026-01-01T00:00:00.001Z', lastRecordedAt: '2026-01-01T00:00:00.004Z',
  });
  expect(runs[1]).toMatchObject({ eventCount: 4, status: 'failed', parentRunId: 'run_alpha', outerLoopId: null, workflowVersionId: null, label: null, tags: [] });
  const first = read.a[0] as Extract<EventRead, { ok: true }>;
  expect(Object.keys(first.event)).toEqual(['eventId', 'runId', 'sequence', 'type', 'recordedAt', 'payload']);
  const model = read.a[2] as Extract<EventRead, { ok: true }>;
  expect(Object.keys(model.event)).toEqual(['eventId', 'runId', 'sequence', 'type', 'occurrenceId', 'recordedAt', 'payload']);
  expect(model.event.occurrenceId).toBe('evt_lx_0123456789ab');
  expect(read.b.map((e) => (e.ok ? e.event.sequence : e.sequence))).toEqual([2, 3, 4]);
  expect(read.b[1]).toMatchObject({ ok: false, sequence: 3, diagnostic: { code: 'payload-unparsable' }, raw: { payloadText: '{not json' } });
  expect(read.calls.map((e) => (e.ok ? `${e.event.runId}#${e.event.sequence}` : 'x'))).toEqual([`${RUN_A}#3`, `${RUN_B}#2`]);
}

describe('openDataDir: every read leaves the data dir byte-identical', () => {
  it('cleanly closed dir (no -wal): in-memory/immutable snapshot, creates no -wal/-shm', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, EVENTS);
    expect(existsSync(join(dir, 'events', 'events.db-wal'))).toBe(false);
    readsUnchanged(dir, 'snapshot');
    expect(existsSync(join(dir, 'events', 'events.db-wal'))).toBe(false);
    expect(existsSync(join(dir, 'events', 'events.db-shm'))).toBe(false);
  });

  it('writer killed with SIGKILL (-wal and -shm left): reads rows only in -wal, -shm bytes untouched', async () => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, EVENTS);
    expect(existsSync(join(dir, 'events', 'events.db-wal'))).toBe(true);
    expect(existsSync(join(dir, 'events', 'events.db-shm'))).toBe(true);
    readsUnchanged(dir, 'private-copy');
  });

  it('-wal without -shm (a copied folder): private temp copy, removed on close', async () => {
    const crashed = newDataDir();
    await writeCrashedDataDir(crashed, EVENTS);
    const dir = newDataDir();
    mkdirSync(join(dir, 'events'), { recursive: true });
    copyFileSync(join(crashed, 'events', 'events.db'), join(dir, 'events', 'events.db'));
    copyFileSync(join(crashed, 'events', 'events.db-wal'), join(dir, 'events', 'events.db-wal'));
    readsUnchanged(dir, 'private-copy');
  });

  it('folder not writable, via the injectable check (root ignores chmod 555): private temp copy', async () => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, EVENTS);
    readsUnchanged(dir, 'private-copy', () => false);
  });

  it('folder really not writable (chattr +i events/, denied even to root; skipped where chattr is unsupported)', async (ctx) => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, EVENTS);
    const events = join(dir, 'events');
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('chattr', ['+i', events]).status !== 0) ctx.skip();
    try {
      readsUnchanged(dir, 'private-copy');
    } finally {
      spawnSync('chattr', ['-i', events]);
    }
  });
});

describe('openDataDir: schema variants and damage give diagnostics, not throws', () => {
  it('reads a migrated table (occurrence_id last) and a table without occurrence_id, by column name', async () => {
    const Database = (await import('better-sqlite3')).default;
    for (const ddl of [
      'CREATE TABLE events (run_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL, recorded_at TEXT NOT NULL, payload TEXT NOT NULL, occurrence_id TEXT, PRIMARY KEY (run_id, sequence))',
      'CREATE TABLE events (run_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL, recorded_at TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (run_id, sequence))',
    ]) {
      const dir = newDataDir();
      mkdirSync(join(dir, 'events'), { recursive: true });
      const db = new Database(join(dir, 'events', 'events.db'));
      db.exec(ddl);
      const withOcc = ddl.includes('occurrence_id');
      db.prepare(`INSERT INTO events (run_id, sequence, event_id, type, recorded_at, payload${withOcc ? ', occurrence_id' : ''}) VALUES (?, ?, ?, ?, ?, ?${withOcc ? ', ?' : ''})`).run(
        ...[RUN_A, 1, 'evt_1', 'RunStarted', '2026-01-01T00:00:00.000Z', '{"workflowVersionId":"wfver_x"}', ...(withOcc ? ['occ_1'] : [])],
      );
      db.close();
      const before = hashTree(dir);
      const reader = openDataDir(dir);
      expect(reader.ok).toBe(true);
      if (!reader.ok) continue;
      const [read] = [...reader.value.readEvents(RUN_A)];
      expect(read).toMatchObject({ ok: true, event: { eventId: 'evt_1', type: 'RunStarted', payload: { workflowVersionId: 'wfver_x' } } });
      if (read.ok) expect(read.event.occurrenceId).toBe(withOcc ? 'occ_1' : undefined);
      reader.value.close();
      expect(hashTree(dir)).toEqual(before);
    }
  });

  it.each([
    ['not a database', () => Buffer.from('this is not sqlite, just text that is long enough to be a header '.repeat(100)), 'sqlite-not-a-database'],
    ['no events table', () => Buffer.alloc(0), 'schema-unexpected'],
  ])('%s', (_name, bytes, code) => {
    const dir = newDataDir();
    mkdirSync(join(dir, 'events'), { recursive: true });
    writeFileSync(join(dir, 'events', 'events.db'), bytes());
    const before = hashTree(dir);
    const reader = openDataDir(dir);
    expect(reader).toMatchObject({ ok: false, error: { code } });
    expect(hashTree(dir)).toEqual(before);
  });

  it('a corrupted page gives a diagnostic from open, listRuns or the stream, never a throw', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, Array.from({ length: 400 }, (_, i) => ({ runId: RUN_A, type: 'X', payload: { i, pad: 'x'.repeat(200) } })));
    scribbleOverPages(join(dir, 'events', 'events.db'));
    const before = hashTree(dir);
    const codes = codesOfEveryRead(openDataDir(dir), RUN_A);
    expect(codes).toContain('sqlite-corrupt');
    expect(hashTree(dir)).toEqual(before);
  });

  it('an invalid run id yields one diagnostic; an unknown run yields nothing', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, EVENTS);
    const reader = openDataDir(dir);
    if (!reader.ok) throw new Error(reader.error.message);
    expect([...reader.value.readEvents('../etc')]).toMatchObject([{ ok: false, sequence: null, diagnostic: { code: 'invalid-run-id' } }]);
    expect([...reader.value.readEvents('run_nobody')]).toEqual([]);
    reader.value.close();
  });

  it('missing folder, file instead of folder, folder without events/ are typed failures', () => {
    const root = scratchRoot();
    writeFileSync(join(root, 'file'), 'x');
    expect(openDataDir(join(root, 'nope'))).toMatchObject({ ok: false, error: { code: 'path-not-found' } });
    expect(openDataDir(join(root, 'file'))).toMatchObject({ ok: false, error: { code: 'path-not-directory' } });
    expect(openDataDir(root)).toMatchObject({ ok: false, error: { code: 'not-a-data-dir' } });
  });
});

describe('readModelCallEvents: the calls asked and failed of the weighed runs only', () => {
  it('hands every run its answers, and the weighed runs their asked calls (payload {}) and failures', async () => {
    const dir = newDataDir();
    const calls = (runId: string): FixtureEvent[] => [
      { runId, type: 'RunStarted', payload: {} },
      { runId, type: 'harness.model.called', payload: { callId: 'c1', request: { prompt: 'x'.repeat(1000) } } },
      { runId, type: 'harness.model.failed', payload: { callId: 'c1', willRetry: true } },
      { runId, type: 'harness.model.responded', payload: { callId: 'c1', usage: { inputTokens: 1, outputTokens: 1 } } },
      { runId, type: 'RunFailed', payload: {} },
    ];
    await writeClosedDataDir(dir, [...calls(RUN_A), ...calls(RUN_B)]);
    const opened = openDataDir(dir);
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      const keys = (weighed?: string[]) => [...opened.value.readModelCallEvents(weighed)].map((e) => (e.ok ? `${e.event.runId} ${e.event.type}` : 'x'));
      expect(keys()).toEqual([`${RUN_A} harness.model.responded`, `${RUN_B} harness.model.responded`]);
      expect(keys([RUN_B])).toEqual([`${RUN_A} harness.model.responded`, `${RUN_B} harness.model.called`, `${RUN_B} harness.model.failed`, `${RUN_B} harness.model.responded`]);
      const asked = [...opened.value.readModelCallEvents([RUN_A])].find((e) => e.ok && e.event.type === 'harness.model.called');
      expect(asked?.ok && asked.event.payload).toEqual({});
    } finally {
      opened.value.close();
    }
  });
});
