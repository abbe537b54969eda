import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalMirror } from './wal-mirror';
import { readWalHeader } from './wal-frames';
import { openDataDir } from './data-dir-reader';
import { ChangeProbe } from './change-probe';
import { walMirrorOf } from './shared-event-db';
import { defaultSqliteDriver } from './sqlite-driver';

type Db = { exec(sql: string): void; pragma(sql: string): unknown; prepare(sql: string): { run(...a: unknown[]): unknown; get(...a: unknown[]): Record<string, unknown> | undefined }; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string, options?: object) => Db;

let root: string;
let savedTmp: string | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'wal-mirror-test-'));
  savedTmp = process.env.TMPDIR;
  // Private folders go here, where the test can count them.
  process.env.TMPDIR = join(root, 'tmp');
  mkdirSync(process.env.TMPDIR);
});
afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(root, { recursive: true, force: true });
});

/** A little-workflow-shaped writer in this process, holding events.db open in WAL mode. */
function writer(autocheckpoint = 1000): { dir: string; dbPath: string; db: Db; add(n: number, runId?: string): void } {
  const dir = join(root, 'data');
  mkdirSync(join(dir, 'events'), { recursive: true });
  const dbPath = join(dir, 'events', 'events.db');
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  db.exec('CREATE TABLE IF NOT EXISTS events (run_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL, occurrence_id TEXT, recorded_at TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (run_id, sequence))');
  const insert = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)');
  const next = new Map<string, number>();
  return {
    dir,
    dbPath,
    db,
    add(n, runId = 'run_a') {
      for (let i = 0; i < n; i += 1) {
        const sequence = (next.get(runId) ?? 0) + 1;
        next.set(runId, sequence);
        insert.run(runId, sequence, `ev_${runId}_${sequence}`, 'StepCompleted', '2026-01-01T00:00:00.000Z', JSON.stringify({ pad: 'x'.repeat(600), sequence }));
      }
    },
  };
}

/** What the mirror holds, as SQLite reads it: the count and a digest of every row. */
function contents(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare("SELECT count(*) AS n, sum(length(payload)) AS bytes, group_concat(run_id || ':' || sequence, ',') AS keys FROM (SELECT * FROM events ORDER BY run_id, sequence)").get();
    return JSON.stringify(row);
  } finally {
    db.close();
  }
}

/** The log's checkpoint sequence (bumped by each restart), read from the -wal header. */
function checkpointSequence(dbPath: string): number {
  const fd = openSync(`${dbPath}-wal`, 'r');
  try {
    return readWalHeader(fd)?.checkpointSequence ?? -1;
  } finally {
    closeSync(fd);
  }
}

function mirrorOf(dbPath: string): WalMirror {
  const made = WalMirror.create(dbPath);
  if (!made.ok || made.value === 'wal-gone') throw new Error(made.ok ? 'wal gone' : made.error.message);
  return made.value;
}

describe('the incremental mirror of a live events.db', () => {
  it('copies the database once, then only the frames of each commit (stays equal to the writer)', () => {
    const w = writer();
    w.add(400);
    const mirror = mirrorOf(w.dbPath);
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    for (let i = 0; i < 30; i += 1) {
      w.add(1);
      const bytesBefore = mirror.stats.walBytesRead;
      expect(mirror.refresh()).toEqual({ ok: true, value: 'advanced' });
      // One event is a few pages: what a refresh reads is the commit, not the log or the database.
      expect(mirror.stats.walBytesRead - bytesBefore).toBeLessThan(64 * 1024);
    }
    expect(mirror.refresh()).toEqual({ ok: true, value: 'same' });
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    expect(mirror.stats.fullCopies).toBe(1);
    w.db.close();
    mirror.close();
  });

  it('follows a writer that restarts its log every few pages without copying again', () => {
    const w = writer(20);
    w.add(50);
    const mirror = mirrorOf(w.dbPath);
    for (let i = 0; i < 200; i += 1) {
      w.add(1 + (i % 3));
      const refreshed = mirror.refresh();
      expect(refreshed.ok && refreshed.value).toBe('advanced');
    }
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    expect(mirror.stats.fullCopies).toBe(1);
    expect(mirror.stats.recopyReasons).toEqual(['first read']);
    w.db.close();
    mirror.close();
  });

  it('reads the old generation past the restart, and copies again only when the new one overran the unread place', () => {
    const w = writer(20);
    w.add(50);
    const mirror = mirrorOf(w.dbPath);
    // Commits up to one restart of the log, and one more: the old generation's unread tail is
    // still in the file past the new one's end.
    const start = checkpointSequence(w.dbPath);
    while (checkpointSequence(w.dbPath) === start) w.add(1);
    expect(checkpointSequence(w.dbPath)).toBe(start + 1);
    w.add(1);
    expect(mirror.refresh()).toEqual({ ok: true, value: 'advanced' });
    expect(mirror.stats.fullCopies).toBe(1);
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    // Many generations without a look: copied again, and still right.
    w.add(400);
    expect(mirror.refresh()).toEqual({ ok: true, value: 'recopied' });
    expect(mirror.stats.recopyReasons.slice(1)[0]).toMatch(/restarted/);
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    w.db.close();
    mirror.close();
  });

  it('a TRUNCATE or RESTART checkpoint, and a writer that closes (the -wal is gone)', () => {
    const w = writer();
    w.add(20);
    const mirror = mirrorOf(w.dbPath);
    w.add(5);
    w.db.pragma('wal_checkpoint(TRUNCATE)');
    const truncated = mirror.refresh();
    expect(truncated.ok && truncated.value).toBe('recopied');
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    w.add(5);
    w.db.pragma('wal_checkpoint(RESTART)');
    w.add(5);
    expect(mirror.refresh().ok).toBe(true);
    expect(contents(mirror.path)).toBe(contents(w.dbPath));
    w.db.close();
    expect(mirror.refresh()).toEqual({ ok: true, value: 'wal-gone' });
    mirror.close();
  });
});

describe('one mirror per events.db, shared by the probe and the readers', () => {
  it('a probe and two readers following 20 commits use one private folder, copied once', () => {
    const w = writer();
    w.add(200);
    const driver = defaultSqliteDriver();
    if (!driver.ok) throw new Error(driver.error.message);
    const probe = new ChangeProbe(w.dir);
    const a = openDataDir(w.dir);
    const b = openDataDir(w.dir);
    if (!a.ok || !b.ok) throw new Error('open failed');
    const folders = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      w.add(1);
      expect(probe.version().ok).toBe(true);
      const runs = a.value.listRuns();
      expect(runs.ok && runs.value.runs[0].maxSequence).toBe(201 + i);
      expect([...b.value.readEvents('run_a', 200 + i)]).toHaveLength(1);
      for (const name of readdirSync(process.env.TMPDIR as string)) folders.add(name);
    }
    // Before: the probe and each reader copied events.db + -wal into a new folder on every change.
    expect(folders.size).toBe(1);
    expect(walMirrorOf(w.dbPath)?.stats.fullCopies).toBe(1);
    probe.close();
    a.value.close();
    b.value.close();
    // The last lease given back removes the folder.
    expect(readdirSync(process.env.TMPDIR as string)).toEqual([]);
    w.db.close();
  });
});
