import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalMirror } from './wal-mirror';
import { readWalHeader } from './wal-frames';
import { openDataDir } from './data-dir-reader';
import { ChangeProbe } from './change-probe';
import { inspectSidecars } from './read-recipe';
import { walMirrorOf, type CopyOffThread } from './shared-event-db';
import { mirrorCopierOffMain } from '../../workers/mirror-copy-thread';
import type { MirrorCopier } from './mirror-copy';
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

/** A writer of `events` events (its log restarted every `autocheckpoint` pages) and its mirror, for `use`; both closed after. */
function withMirror(autocheckpoint: number, events: number, use: (w: ReturnType<typeof writer>, mirror: WalMirror) => void): void {
  const w = writer(autocheckpoint);
  w.add(events);
  const mirror = mirrorOf(w.dbPath);
  try {
    use(w, mirror);
  } finally {
    w.db.close();
    mirror.close();
  }
}

describe('the incremental mirror of a live events.db', () => {
  it('copies the database once, then only the frames of each commit (stays equal to the writer)', () =>
    withMirror(1000, 400, (w, mirror) => {
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
    }));

  it('follows a writer that restarts its log every few pages without copying again', () =>
    withMirror(20, 50, (w, mirror) => {
      for (let i = 0; i < 200; i += 1) {
        w.add(1 + (i % 3));
        const refreshed = mirror.refresh();
        expect(refreshed.ok && refreshed.value).toBe('advanced');
      }
      expect(contents(mirror.path)).toBe(contents(w.dbPath));
      expect(mirror.stats.fullCopies).toBe(1);
      expect(mirror.stats.recopyReasons).toEqual(['first read']);
    }));

  it('reads the old generation past the restart, and copies again only when the new one overran the unread place', () =>
    withMirror(20, 50, (w, mirror) => {
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
    }));

  it('a commit checkpointed away (TRUNCATE) between two looks, the -wal empty at both, is copied, not missed', () => {
    const w = writer();
    w.add(20);
    w.db.pragma('wal_checkpoint(TRUNCATE)');
    const mirror = mirrorOf(w.dbPath);
    try {
      expect(mirror.refresh()).toEqual({ ok: true, value: 'same' });
      const before = inspectSidecars(join(w.dir, 'events'), () => true);
      // Two small events: events.db need not grow, and its mtime may fall in the same clock tick.
      w.add(2);
      w.db.pragma('wal_checkpoint(TRUNCATE)');
      const after = inspectSidecars(join(w.dir, 'events'), () => true);
      expect(before.ok && after.ok && before.value.fingerprint !== after.value.fingerprint).toBe(true);
      expect(mirror.refresh()).toEqual({ ok: true, value: 'recopied' });
      expect(mirror.stats.recopyReasons.at(-1)).toBe('events.db changed while its -wal was empty');
      expect(contents(mirror.path)).toBe(contents(w.dbPath));
      expect(mirror.refresh()).toEqual({ ok: true, value: 'same' });
    } finally {
      w.db.close();
      mirror.close();
    }
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

/** A copier that counts its copies and can hold each one until released. */
function countingCopier(inner: MirrorCopier): { copier: MirrorCopier; copies: number } {
  const counted = { copies: 0, copier: ((dbPath, target) => {
    counted.copies += 1;
    return inner(dbPath, target);
  }) as MirrorCopier };
  return counted;
}

const until = async (predicate: () => boolean, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const maxSequence = (probe: ChangeProbe) => {
  const heads = probe.heads();
  if (!heads.ok) throw new Error(heads.error.message);
  return heads.value.heads[0]?.maxSequence ?? 0;
};

describe('a mirror copied off this thread (the live observer of the app and serve)', () => {
  it('is pending until a thread of its own has copied it; this thread keeps running meanwhile', async () => {
    const w = writer();
    w.add(3000);
    let ready = 0;
    const counted = countingCopier(mirrorCopierOffMain('thread'));
    const wait: CopyOffThread = { copier: counted.copier, onReady: () => void (ready += 1) };
    const probe = new ChangeProbe(w.dir, undefined, wait);
    let ticks = 0;
    const ticker = setInterval(() => void (ticks += 1), 10);
    try {
      // The first look returns at once: no copy was made in this thread.
      expect(probe.version()).toEqual({ ok: true, value: 'pending' });
      expect(walMirrorOf(w.dbPath)?.copied).toBe(false);
      await until(() => ready > 0, 'the copy');
      // The event loop ran all along while the thread copied (a copy in this thread runs no timer).
      expect(ticks).toBeGreaterThan(3);
      w.add(1);
      const version = probe.version();
      expect(version.ok && version.value !== 'pending').toBe(true);
      expect(maxSequence(probe)).toBe(3001);
      expect(walMirrorOf(w.dbPath)?.stats).toMatchObject({ fullCopies: 1, recopyReasons: ['first read'] });
      expect(counted.copies).toBe(1);
    } finally {
      clearInterval(ticker);
      probe.close();
      w.db.close();
    }
  }, 90_000);

  it('copies again off this thread when the writer overran it, reading the last whole copy meanwhile', async () => {
    const w = writer(20);
    w.add(50);
    const counted = countingCopier(mirrorCopierOffMain('in-process'));
    let ready = 0;
    const probe = new ChangeProbe(w.dir, undefined, { copier: counted.copier, onReady: () => void (ready += 1) });
    expect(probe.version()).toEqual({ ok: true, value: 'pending' });
    await until(() => ready === 1, 'the first copy');
    expect(probe.version().ok).toBe(true);
    expect(maxSequence(probe)).toBe(50);
    // Many generations of the log without a look: a full copy is due.
    w.add(400);
    const stale = probe.version();
    expect(stale.ok && stale.value).not.toBe('pending');
    // Read on from the last copy (a committed state) while the copy is made.
    expect(maxSequence(probe)).toBeLessThan(450);
    expect(counted.copies).toBe(2);
    await until(() => ready === 2, 'the second copy');
    expect(probe.version().ok).toBe(true);
    expect(maxSequence(probe)).toBe(450);
    expect(walMirrorOf(w.dbPath)?.stats.recopyReasons[1]).toMatch(/restarted/);
    // One mirror file: the copy replaced it, nothing left beside it.
    const folder = readdirSync(process.env.TMPDIR as string);
    expect(folder).toHaveLength(1);
    expect(readdirSync(join(process.env.TMPDIR as string, folder[0])).filter((name) => name.endsWith('.db'))).toEqual(['events.db']);
    probe.close();
    w.db.close();
  });

  it('a lease given back while its copy is under way stops the copy and leaves no folder', async () => {
    const w = writer();
    w.add(3000);
    const probe = new ChangeProbe(w.dir, undefined, { copier: mirrorCopierOffMain('thread'), onReady: () => undefined });
    expect(probe.version()).toEqual({ ok: true, value: 'pending' });
    expect(readdirSync(process.env.TMPDIR as string)).toHaveLength(1);
    probe.close();
    await until(() => readdirSync(process.env.TMPDIR as string).length === 0, 'the folder removed', 30_000);
    w.db.close();
  }, 60_000);

  it('a reader that cannot wait copies in its own thread, the copy in flight dropped', async () => {
    const w = writer();
    w.add(100);
    let ready = 0;
    const probe = new ChangeProbe(w.dir, undefined, { copier: mirrorCopierOffMain('in-process'), onReady: () => void (ready += 1) });
    expect(probe.version()).toEqual({ ok: true, value: 'pending' });
    const reader = openDataDir(w.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    const runs = reader.value.listRuns();
    expect(runs.ok && runs.value.runs[0].maxSequence).toBe(100);
    // The probe shares the reader's copy.
    const version = probe.version();
    expect(version.ok && version.value).not.toBe('pending');
    expect(maxSequence(probe)).toBe(100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(0);
    expect(walMirrorOf(w.dbPath)?.stats.fullCopies).toBe(1);
    reader.value.close();
    probe.close();
    await until(() => readdirSync(process.env.TMPDIR as string).length === 0, 'the folder removed');
    w.db.close();
  });
});
