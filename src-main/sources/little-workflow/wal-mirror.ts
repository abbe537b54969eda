/**
 * The incremental private mirror of a live `events.db`: one copy of the database in a private
 * temp folder, brought up to date by copying only the WAL frames committed since the last look.
 *
 * The mirror is a plain rollback-journal file (header bytes 18/19 set to 1), with every committed
 * frame of the writer's `-wal` already written into it by us, so SQLite reading it needs no WAL,
 * no `-shm` and creates nothing; and no SQLite connection ever opens a file of the data dir
 * other than `events.db` read-only and immutable (read-recipe.ts says why not even read-only).
 * The writer's files are opened O_RDONLY by us and never by SQLite.
 *
 * A refresh reads the log from where the last one stopped: frames of the same generation (same
 * salts) that continue the checksum chain, applied one whole transaction at a time. When the
 * writer restarts its log (after a full checkpoint, every ~1,000 pages under SQLite's default
 * autocheckpoint), the frames of the old generation not yet read are still in the file past the
 * new generation's end, so they are read there; only when the new generation has already grown
 * over the place we stopped (or the log was truncated, replaced, restarted twice, or a single
 * transaction exceeds MAX_PENDING_BYTES) is the database copied again. Callers must not hold a
 * SQLite statement open on the mirror across a refresh (shared-event-db.ts guarantees it).
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { makePrivateFolder, privateRoot, removePrivateFolder, tempFullDiagnostic } from '../fs/private-temp';
import { fileStamp } from '../fs/safe-paths';
import { copyByReading } from './copy-by-reading';
import { frameOfGeneration, readCommits, readWalHeader, sameGeneration, startOf, type WalCommit, type WalHeader, type WalPosition } from './wal-frames';

/** Copies tried before giving up while a writer keeps checkpointing under us. */
const COPY_ATTEMPTS = 8;
/** A transaction's pages are held until its commit frame: past this, copy the database instead. */
const MAX_PENDING_BYTES = 64 * 1024 * 1024;
/** Byte offsets 18/19 of the SQLite header: file format write/read version (2 = WAL, 1 = rollback). */
const FORMAT_OFFSETS = [18, 19] as const;

/** What a refresh did: nothing new, frames applied, a full copy, or the `-wal` is gone (the writer closed). */
export type MirrorRefresh = 'same' | 'advanced' | 'recopied' | 'wal-gone';

/** Counters for the bench and the tests: how the mirror kept up. */
export type MirrorStats = { fullCopies: number; deltas: number; commitsApplied: number; walBytesRead: number; recopyReasons: string[] };

/** Where we stand in the writer's log. */
type LogPlace = { walId: string; header: WalHeader | null; position: WalPosition | null };

export class WalMirror {
  readonly stats: MirrorStats = { fullCopies: 0, deltas: 0, commitsApplied: 0, walBytesRead: 0, recopyReasons: [] };
  private place: LogPlace | null = null;
  private closed = false;

  private constructor(
    readonly dbPath: string,
    readonly folder: string,
  ) {}

  /** The mirror file SQLite reads. */
  get path(): string {
    return join(this.folder, 'events.db');
  }

  /** A private folder and a first full copy; `wal-gone` when the writer closed meanwhile (read the main file alone). */
  static create(dbPath: string): Result<WalMirror | 'wal-gone'> {
    let folder: string;
    try {
      folder = makePrivateFolder();
    } catch (error) {
      return fail(tempFullDiagnostic(error, privateRoot(), dbPath) ?? diagnostic('internal', `Cannot create a temporary folder: ${String(error)}`));
    }
    const mirror = new WalMirror(dbPath, folder);
    const copied = mirror.fullCopy('first read');
    if (!copied.ok || copied.value === 'wal-gone') mirror.close();
    if (!copied.ok) return copied;
    return ok(copied.value === 'wal-gone' ? 'wal-gone' : mirror);
  }

  /** Bring the mirror up to the writer's last commit. */
  refresh(): Result<MirrorRefresh> {
    if (this.closed) return fail(diagnostic('internal', 'the mirror is closed'));
    const place = this.place;
    const wal = openOrNull(`${this.dbPath}-wal`);
    if (wal === null) return ok('wal-gone');
    try {
      const walId = identityOf(wal);
      const header = readWalHeader(wal);
      if (place === null || walId !== place.walId) return this.fullCopy('the -wal was replaced');
      if (header === null) return place.header === null ? ok('same') : this.fullCopy('the -wal was truncated');
      if (place.header === null || place.position === null) return this.fullCopy('the -wal got its first frames');
      if (sameGeneration(header, place.header)) return this.applyFrom(wal, header, place.position);
      return this.afterRestart(wal, header, place.header, place.position);
    } catch (error) {
      return this.failed(error);
    } finally {
      closeSync(wal);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    removePrivateFolder(this.folder);
  }

  /**
   * The writer restarted its log. Its old generation's frames past our place are still there
   * unless the new one has reached it: read them, then the new generation from its start.
   */
  private afterRestart(wal: number, header: WalHeader, old: WalHeader, position: WalPosition): Result<MirrorRefresh> {
    if (header.checkpointSequence !== ((old.checkpointSequence + 1) >>> 0)) return this.fullCopy('the -wal restarted more than once between two reads');
    const rest = this.apply(wal, old, position);
    if (rest === 'too-big') return this.fullCopy('a transaction too big to hold');
    if (frameOfGeneration(wal, header, rest.offset)) return this.fullCopy('the -wal restarted over frames not yet read');
    const next = this.applyFrom(wal, header, startOf(header));
    return next.ok && next.value === 'same' ? ok('advanced') : next;
  }

  private applyFrom(wal: number, header: WalHeader, position: WalPosition): Result<MirrorRefresh> {
    const end = this.apply(wal, header, position);
    if (end === 'too-big') return this.fullCopy('a transaction too big to hold');
    const moved = end.offset !== position.offset;
    this.place = { walId: this.place?.walId ?? '', header, position: end };
    if (moved) this.stats.deltas += 1;
    return ok(moved ? 'advanced' : 'same');
  }

  /** Write every whole transaction after `position` into the mirror; where that leaves us. */
  private apply(wal: number, header: WalHeader, position: WalPosition): WalPosition | 'too-big' {
    const target = openSync(this.path, 'r+');
    try {
      const walk = readCommits(wal, header, position, (commit) => this.write(target, header.pageSize, commit), MAX_PENDING_BYTES);
      this.stats.walBytesRead += walk.bytesRead;
      this.stats.commitsApplied += walk.commits;
      return walk.tooBig ? 'too-big' : walk.end;
    } finally {
      closeSync(target);
    }
  }

  private write(target: number, pageSize: number, commit: WalCommit): void {
    for (const page of commit.pages) {
      if (page.pgno === 1) for (const offset of FORMAT_OFFSETS) page.data[offset] = 1;
      writeSync(target, page.data, 0, pageSize, (page.pgno - 1) * pageSize);
    }
    ftruncateSync(target, commit.dbPages * pageSize);
  }

  /**
   * Copy events.db, then apply every committed frame of its -wal. Kept when the log's generation
   * did not change meanwhile: a checkpoint during the copy writes into events.db only pages of
   * frames still in the log, which are applied over them. With no frames, events.db must not
   * have changed. Plain reads only: nothing is created or changed in the data dir.
   */
  private fullCopy(reason: string): Result<MirrorRefresh | 'wal-gone'> {
    this.stats.recopyReasons.push(reason);
    for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt += 1) {
      const wal = openOrNull(`${this.dbPath}-wal`);
      if (wal === null) return ok('wal-gone');
      try {
        const before = readWalHeader(wal);
        const mainBefore = fileStamp(statSync(this.dbPath));
        copyByReading(this.dbPath, this.path);
        patchFormat(this.path);
        const position = before === null ? null : this.apply(wal, before, startOf(before));
        if (position === 'too-big') return fail(diagnostic('sqlite-busy', `${this.dbPath}-wal holds a transaction too big to read; reading again later`, { path: this.dbPath }));
        const after = readWalHeader(wal);
        const kept = before === null ? after === null && fileStamp(statSync(this.dbPath)) === mainBefore : after !== null && sameGeneration(before, after);
        if (kept) {
          this.place = { walId: identityOf(wal), header: before, position };
          this.stats.fullCopies += 1;
          return ok('recopied');
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && openOrNull(`${this.dbPath}-wal`) === null) return ok('wal-gone');
        if (code !== 'ENOENT') return this.failed(error);
      } finally {
        closeSync(wal);
      }
    }
    return fail(diagnostic('sqlite-busy', `${this.dbPath} kept changing while it was copied (${COPY_ATTEMPTS} tries); reading again later`, { path: this.dbPath }));
  }

  private failed(error: unknown): Result<never> {
    // Half-applied frames: the next refresh starts over from a full copy.
    this.place = null;
    // The folder the user can free or move: the temp folder this mirror's lives in.
    const full = tempFullDiagnostic(error, dirname(this.folder), this.dbPath);
    if (full !== null) return fail(full);
    const code = (error as NodeJS.ErrnoException).code;
    const denied = code === 'EACCES' || code === 'EPERM';
    return fail(diagnostic(denied ? 'permission-denied' : 'sqlite-open-failed', `Cannot copy ${this.dbPath}: ${String(error)}`, { path: this.dbPath }));
  }
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

function openOrNull(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function identityOf(fd: number): string {
  const stat = fstatSync(fd);
  return `${stat.dev}:${stat.ino}`;
}
