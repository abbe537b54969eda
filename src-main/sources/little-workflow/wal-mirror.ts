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
import { closeSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { makePrivateFolder, privateRoot, removePrivateFolder, tempFullDiagnostic } from '../fs/private-temp';
import { applyCommits, copyFailure, copyMirror, identityOf, openOrNull, type CopiedMirror, type LogPlace } from './mirror-copy';
import { mainFileStamp } from './wal-index-stamp';
import { frameOfGeneration, readWalHeader, sameGeneration, startOf, type WalHeader, type WalPosition } from './wal-frames';

/**
 * What a refresh did: nothing new, frames applied, a full copy, the `-wal` is gone (the writer
 * closed), or (asked to defer) a full copy is needed and was left to the caller (`copyTarget`).
 */
export type MirrorRefresh = 'same' | 'advanced' | 'recopied' | 'wal-gone' | 'needs-copy';

/** Counters for the bench and the tests: how the mirror kept up. */
export type MirrorStats = { fullCopies: number; deltas: number; commitsApplied: number; walBytesRead: number; recopyReasons: string[] };

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

  /** Where a copy made elsewhere is written: the mirror file itself before the first copy, else beside it (read on meanwhile). */
  get copyTarget(): string {
    return this.place === null ? this.path : join(this.folder, 'events.next.db');
  }

  /** Whether the mirror file holds a whole copy yet. */
  get copied(): boolean {
    return this.place !== null;
  }

  /** A private folder and a first full copy; `wal-gone` when the writer closed meanwhile (read the main file alone). */
  static create(dbPath: string): Result<WalMirror | 'wal-gone'> {
    const made = WalMirror.empty(dbPath);
    if (!made.ok) return made;
    const mirror = made.value;
    const copied = mirror.fullCopy('first read');
    if (!copied.ok || copied.value === 'wal-gone') mirror.close();
    if (!copied.ok) return copied;
    return ok(copied.value === 'wal-gone' ? 'wal-gone' : mirror);
  }

  /** A private folder with no copy in it yet: the first copy is made elsewhere and `adopt`ed. */
  static empty(dbPath: string): Result<WalMirror> {
    try {
      return ok(new WalMirror(dbPath, makePrivateFolder()));
    } catch (error) {
      return fail(tempFullDiagnostic(error, privateRoot(), dbPath) ?? diagnostic('internal', `Cannot create a temporary folder: ${String(error)}`));
    }
  }

  /**
   * Bring the mirror up to the writer's last commit. With `defer`, a full copy is not made here:
   * `needs-copy` says one is due (its reason is counted), and the mirror file is left whole at
   * the last commit applied, so it can still be read while the copy is made elsewhere.
   */
  refresh(defer = false): Result<MirrorRefresh> {
    if (this.closed) return fail(diagnostic('internal', 'the mirror is closed'));
    const recopy = (reason: string): Result<MirrorRefresh> => (defer ? this.deferCopy(reason) : this.fullCopy(reason));
    const place = this.place;
    const wal = openOrNull(`${this.dbPath}-wal`);
    if (wal === null) return ok('wal-gone');
    try {
      const walId = identityOf(wal);
      const header = readWalHeader(wal);
      if (place === null || walId !== place.walId) return recopy('the -wal was replaced');
      if (header === null) {
        if (place.header !== null) return recopy('the -wal was truncated');
        // No frames before or after: a commit checkpointed away in between shows only in events.db and -shm.
        return mainFileStamp(this.dbPath) === place.mainStamp ? ok('same') : recopy('events.db changed while its -wal was empty');
      }
      if (place.header === null || place.position === null) return recopy('the -wal got its first frames');
      if (sameGeneration(header, place.header)) return this.applyFrom(wal, header, place.position, recopy);
      return this.afterRestart(wal, header, place.header, place.position, recopy);
    } catch (error) {
      return this.failed(error);
    } finally {
      closeSync(wal);
    }
  }

  /** Take a full copy made elsewhere into `copyTarget` (workers/mirror-copy-thread.ts) as the mirror. */
  adopt(copied: CopiedMirror, from: string): void {
    if (this.closed) return;
    if (from !== this.path) renameSync(from, this.path);
    this.place = copied.place;
    this.stats.fullCopies += 1;
    this.stats.commitsApplied += copied.commitsApplied;
    this.stats.walBytesRead += copied.walBytesRead;
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
  private afterRestart(wal: number, header: WalHeader, old: WalHeader, position: WalPosition, recopy: (reason: string) => Result<MirrorRefresh>): Result<MirrorRefresh> {
    if (header.checkpointSequence !== ((old.checkpointSequence + 1) >>> 0)) return recopy('the -wal restarted more than once between two reads');
    const rest = this.apply(wal, old, position);
    if (rest === 'too-big') return recopy('a transaction too big to hold');
    if (frameOfGeneration(wal, header, rest.offset)) {
      // Whole transactions of the old generation were applied: the file is a committed state, and where it stands is kept.
      this.place = { walId: this.place?.walId ?? '', header: old, position: rest, mainStamp: this.place?.mainStamp ?? '' };
      return recopy('the -wal restarted over frames not yet read');
    }
    const next = this.applyFrom(wal, header, startOf(header), recopy);
    return next.ok && next.value === 'same' ? ok('advanced') : next;
  }

  private applyFrom(wal: number, header: WalHeader, position: WalPosition, recopy: (reason: string) => Result<MirrorRefresh>): Result<MirrorRefresh> {
    const end = this.apply(wal, header, position);
    if (end === 'too-big') return recopy('a transaction too big to hold');
    const moved = end.offset !== position.offset;
    this.place = { walId: this.place?.walId ?? '', header, position: end, mainStamp: this.place?.mainStamp ?? '' };
    if (moved) this.stats.deltas += 1;
    return ok(moved ? 'advanced' : 'same');
  }

  /** Write every whole transaction after `position` into the mirror; where that leaves us. */
  private apply(wal: number, header: WalHeader, position: WalPosition): WalPosition | 'too-big' {
    const walk = applyCommits(wal, header, position, this.path);
    this.stats.walBytesRead += walk.bytesRead;
    this.stats.commitsApplied += walk.commits;
    return walk.end;
  }

  private deferCopy(reason: string): Result<MirrorRefresh> {
    this.stats.recopyReasons.push(reason);
    return ok('needs-copy');
  }

  /** A full copy in this thread (mirror-copy.ts). */
  private fullCopy(reason: string): Result<MirrorRefresh | 'wal-gone'> {
    this.stats.recopyReasons.push(reason);
    const copied = copyMirror(this.dbPath, this.path);
    if (!copied.ok) {
      this.place = null;
      return copied;
    }
    if (copied.value === 'wal-gone') return ok('wal-gone');
    this.adopt(copied.value, this.path);
    return ok('recopied');
  }

  private failed(error: unknown): Result<never> {
    // Half-applied frames: the next refresh starts over from a full copy.
    this.place = null;
    // The folder the user can free or move: the temp folder this mirror's lives in.
    return fail(copyFailure(error, dirname(this.folder), this.dbPath));
  }
}
