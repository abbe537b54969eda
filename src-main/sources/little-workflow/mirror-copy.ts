/**
 * The full copy behind a WAL mirror (wal-mirror.ts), as a function of paths alone: `events.db`
 * copied with plain reads, marked "rollback journal", then every committed frame of its `-wal`
 * applied. It needs nothing of the mirror object, so it runs the same in the caller's thread
 * (the CLI) and on a thread of its own (workers/mirror-copy-thread.ts: the live observer of the
 * app and `serve`, whose first copy of a 500 MB log held main for seconds). Only plain reads of
 * the data dir: nothing is created or changed there.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync, ftruncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { tempFullDiagnostic } from '../fs/private-temp';
import { mainFileStamp } from './wal-index-stamp';
import { copyByReading } from './copy-by-reading';
import { readCommits, readWalHeader, sameGeneration, startOf, type WalCommit, type WalHeader, type WalPosition } from './wal-frames';

/** Copies tried before giving up while a writer keeps checkpointing under us. */
const COPY_ATTEMPTS = 8;
/** A transaction's pages are held until its commit frame: past this, copy the database instead. */
export const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Byte offsets 18/19 of the SQLite header: file format write/read version (2 = WAL, 1 = rollback). */
const FORMAT_OFFSETS = [18, 19] as const;

/** Where a copy (or a refresh) left the mirror in the writer's log; plain data, so a thread can post it. */
export type LogPlace = {
  walId: string;
  header: WalHeader | null;
  position: WalPosition | null;
  /** events.db's stat and the wal-index header when the copy was made (wal-index-stamp.ts): with no frames to read, what tells a commit came and went. */
  mainStamp: string;
};

/** A finished full copy: where it stands in the log, and what it read of the log. */
export type CopiedMirror = { place: LogPlace; commitsApplied: number; walBytesRead: number };

/** A full copy made elsewhere (workers/mirror-copy-thread.ts): its outcome (null once cancelled), and the cancel (settled once nothing writes its target any more). */
export type MirrorCopyJob = { result: Promise<Result<CopiedMirror | 'wal-gone'> | null>; cancel(): Promise<void> };

/** Starts a full copy of `dbPath` (+ its committed -wal frames) into `target`, somewhere else than this thread. */
export type MirrorCopier = (dbPath: string, target: string) => MirrorCopyJob;

/** What applying frames did: where the reader then stands, or `too-big`. */
export type Applied = { end: WalPosition | 'too-big'; commits: number; bytesRead: number };

/**
 * Copy events.db to `target`, then apply every committed frame of its -wal. Kept when the log's
 * generation did not change meanwhile: a checkpoint during the copy writes into events.db only
 * pages of frames still in the log, which are applied over them. With no frames, events.db must
 * not have changed. `wal-gone`: the writer closed (the main file alone is whole).
 */
export function copyMirror(dbPath: string, target: string): Result<CopiedMirror | 'wal-gone'> {
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt += 1) {
    const wal = openOrNull(`${dbPath}-wal`);
    if (wal === null) return ok('wal-gone');
    try {
      const before = readWalHeader(wal);
      const mainBefore = mainFileStamp(dbPath);
      copyByReading(dbPath, target);
      patchFormat(target);
      const applied = before === null ? null : applyCommits(wal, before, startOf(before), target);
      if (applied !== null && applied.end === 'too-big') {
        return fail(diagnostic('sqlite-busy', `${dbPath}-wal holds a transaction too big to read; reading again later`, { path: dbPath }));
      }
      const after = readWalHeader(wal);
      const kept = before === null ? after === null && mainFileStamp(dbPath) === mainBefore : after !== null && sameGeneration(before, after);
      if (kept) {
        const position = applied === null ? null : (applied.end as WalPosition);
        return ok({ place: { walId: identityOf(wal), header: before, position, mainStamp: mainBefore }, commitsApplied: applied?.commits ?? 0, walBytesRead: applied?.bytesRead ?? 0 });
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && openOrNull(`${dbPath}-wal`) === null) return ok('wal-gone');
      // The folder the user can free or move: the temp folder the private folder of `target` lives in.
      if (code !== 'ENOENT') return fail(copyFailure(error, dirname(dirname(target)), dbPath));
    } finally {
      closeSync(wal);
    }
  }
  return fail(diagnostic('sqlite-busy', `${dbPath} kept changing while it was copied (${COPY_ATTEMPTS} tries); reading again later`, { path: dbPath }));
}

/** Write every whole transaction of `wal` after `position` into the mirror file `target`. */
export function applyCommits(wal: number, header: WalHeader, position: WalPosition, target: string): Applied {
  const fd = openSync(target, 'r+');
  try {
    const walk = readCommits(wal, header, position, (commit) => writeCommit(fd, header.pageSize, commit), MAX_PENDING_BYTES);
    return { end: walk.tooBig ? 'too-big' : walk.end, commits: walk.commits, bytesRead: walk.bytesRead };
  } finally {
    closeSync(fd);
  }
}

/** Why a copy failed, told the user's way: a full temp folder (the mirror's), denied, or unreadable. */
export function copyFailure(error: unknown, folder: string, dbPath: string) {
  const full = tempFullDiagnostic(error, folder, dbPath);
  if (full !== null) return full;
  const code = (error as NodeJS.ErrnoException).code;
  const denied = code === 'EACCES' || code === 'EPERM';
  return diagnostic(denied ? 'permission-denied' : 'sqlite-open-failed', `Cannot copy ${dbPath}: ${String(error)}`, { path: dbPath });
}

/** The file `path` opened for reading, or null when it does not exist. */
export function openOrNull(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** `dev:ino` of an open file: a replaced `-wal` is another file. */
export function identityOf(fd: number): string {
  const stat = fstatSync(fd);
  return `${stat.dev}:${stat.ino}`;
}

function writeCommit(target: number, pageSize: number, commit: WalCommit): void {
  for (const page of commit.pages) {
    if (page.pgno === 1) for (const offset of FORMAT_OFFSETS) page.data[offset] = 1;
    writeSync(target, page.data, 0, pageSize, (page.pgno - 1) * pageSize);
  }
  ftruncateSync(target, commit.dbPages * pageSize);
}

/** Mark the mirror's header "rollback journal" so SQLite never looks for a WAL beside it. */
function patchFormat(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    const header = Buffer.alloc(20);
    if (readSync(fd, header, 0, 20, 0) < 20) return;
    for (const offset of FORMAT_OFFSETS) header[offset] = 1;
    writeSync(fd, header, 18, 2, 18);
  } finally {
    closeSync(fd);
  }
}
