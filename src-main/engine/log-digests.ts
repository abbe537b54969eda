/**
 * Is the log still the one a checkpoint was taken from? A chained digest over the rows' keys
 * (`sequence|eventId|recordedAt`, no payload: the eventId hashes the content) in slices of
 * `CHECKPOINT_EVERY` sequences: d(0) = '', d(k) = sha256(d(k-1) + keys of (k-1)K..kK]); a tail
 * checkpoint at s adds the partial slice: sha256(d(floor(s/K)) + keys of (floor(s/K)K..s]).
 * SQLite joins each slice's keys, so checking a 200,000-event run reads about 10 MB of keys
 * and no payload. Digests are remembered per database state (device, inode, size and mtime of
 * events.db and its -wal): while those are unchanged the log is, and scrubbing re-reads nothing.
 */
import { createHash } from 'node:crypto';
import { realpathSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { outside } from '../sources/fs/safe-paths';
import type { DataDirReader } from '../sources/little-workflow/store-types';

/** A file of the data dir's `events/`, never followed out of the data dir (a symlink to elsewhere has no state here). */
function statInside(dataDir: string, name: string): BigIntStats {
  const real = realpathSync(join(dataDir, 'events', name));
  if (outside(realpathSync(dataDir), real, name) !== null) throw new Error(`${name} leaves the data dir`);
  return statSync(real, { bigint: true });
}

/** Checkpoints are taken every this many sequences (and digests chained per slice of it). */
export const CHECKPOINT_EVERY = 10_000;

/** The database file's identity (a replaced file is another database), or null when it has none (legacy logs). */
export function databaseIdentity(dataDir: string): string | null {
  try {
    const stat = statInside(dataDir, 'events.db');
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

/**
 * What changes whenever the database's content can have changed: device, inode, size, mtime and
 * ctime of events.db and its -wal (a write that kept the size and set the mtime back still moves
 * the ctime, which no one can set).
 */
export function databaseState(dataDir: string): string {
  const part = (name: string): string => {
    try {
      const stat = statInside(dataDir, name);
      return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    } catch {
      return '-';
    }
  };
  return `${part('events.db')}|${part('events.db-wal')}`;
}

/** The next link of the chain: the previous digest and one slice's keys (as SQLite joins them). */
export function chainDigest(previous: string, keys: string): string {
  return createHash('sha256').update(previous).update('\n').update(keys).digest('hex');
}

/**
 * The widest gap, in whole slices of `every` sequences, a fold still chains digests across.
 * little-workflow numbers a run's events 1, 2, 3, ...; a row far past the next boundary is a
 * corrupt or hostile sequence (2^53, 1e308 stored as REAL) and would take one slice per `every`
 * sequences of the gap (forever, once adding `every` no longer changes a float that large).
 */
export const MAX_EMPTY_SLICES = 64;

/** Digests of runs' logs, remembered while their database is unchanged. */
export class LogDigests {
  /** `every`: the slice length (CHECKPOINT_EVERY; tests use small ones). */
  constructor(readonly every: number = CHECKPOINT_EVERY) {}

  private readonly byRun = new Map<string, { state: string; digests: string[]; partial: Map<number, string> }>();

  /**
   * Note the digest of `runId`'s rows up to slice `slice`'s end, as a fold that read them
   * chained it while the database was in `state` (databaseState before its read), so checking a
   * checkpoint or snapshot at or below it reads no keys. Only the next slice of a chain known
   * from the start is taken (a fold resumed mid-log knows no earlier links).
   */
  remember(reader: DataDirReader, runId: string, state: string, slice: number, digest: string): void {
    const key = `${reader.path}\u0000${runId}`;
    let entry = this.byRun.get(key);
    if (entry === undefined || entry.state !== state) {
      if (slice !== 1) return;
      entry = { state, digests: [''], partial: new Map() };
      this.byRun.set(key, entry);
    }
    if (entry.digests.length === slice) entry.digests.push(digest);
  }

  /**
   * The digest of `runId`'s rows up to `sequence`: whole slices chained up to the last
   * multiple of CHECKPOINT_EVERY, then the partial slice up to `sequence` (a tail checkpoint).
   * Null when the rows cannot be read, or when `sequence` lies past a gap wider than
   * MAX_EMPTY_SLICES (no fold vouches across one: a fuzzed row at 1e308 chained here forever).
   * `state`: what stands for the database's state when the caller knows it cannot have changed
   * (a reader held on one snapshot): no stat per call.
   */
  digestAt(reader: DataDirReader, runId: string, sequence: number, state: string = databaseState(reader.path)): string | null {
    if (!Number.isSafeInteger(sequence) || sequence < 0) return null;
    const key = `${reader.path}\u0000${runId}`;
    let entry = this.byRun.get(key);
    if (entry === undefined || entry.state !== state) {
      entry = { state, digests: [''], partial: new Map() };
      this.byRun.set(key, entry);
    }
    const slice = Math.floor(sequence / this.every);
    let empty = 0;
    while (entry.digests.length <= slice) {
      const k = entry.digests.length;
      const keys = reader.readEventKeys(runId, (k - 1) * this.every, k * this.every);
      if (keys === null) return null;
      empty = keys === '' ? empty + 1 : 0;
      // Past the widest gap a fold chains across: drop the empty links (asking again must not grow them).
      if (empty > MAX_EMPTY_SLICES + 1) {
        entry.digests.length -= empty - 1;
        return null;
      }
      entry.digests.push(chainDigest(entry.digests[k - 1], keys));
    }
    if (sequence % this.every === 0) return entry.digests[slice];
    let partial = entry.partial.get(sequence);
    if (partial === undefined) {
      const keys = reader.readEventKeys(runId, slice * this.every, sequence);
      if (keys === null) return null;
      partial = chainDigest(entry.digests[slice], keys);
      entry.partial.set(sequence, partial);
    }
    return partial;
  }
}

/**
 * The ranges a fold from `after` to `through` chains keys of, in order: up to each slice boundary
 * of `every` sequences, then the partial slice to `through` (fold-log.ts settleKeys).
 */
export function keyRanges(after: number, through: number, every: number): [number, number][] {
  const ranges: [number, number][] = [];
  let from = after;
  for (let boundary = after - (after % every) + every; boundary <= through; boundary += every) {
    ranges.push([from, boundary]);
    from = boundary;
  }
  if (from < through) ranges.push([from, through]);
  return ranges;
}
