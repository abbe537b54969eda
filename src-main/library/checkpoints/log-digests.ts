/**
 * Is the log still the one a checkpoint was taken from? A chained digest over the rows' keys
 * (`sequence|eventId|recordedAt`, no payload: the eventId hashes the content) in slices of
 * `CHECKPOINT_EVERY` sequences: d(0) = '', d(k) = sha256(d(k-1) + keys of (k-1)K..kK]).
 * SQLite joins each slice's keys, so checking a 200,000-event run reads about 10 MB of keys
 * and no payload. Digests are remembered per database state (device, inode, size and mtime of
 * events.db and its -wal): while those are unchanged the log is, and scrubbing re-reads nothing.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { DataDirReader } from '../../sources/little-workflow/store-types';

/** Checkpoints are taken every this many sequences (and digests chained per slice of it). */
export const CHECKPOINT_EVERY = 5000;

/** The database file's identity (a replaced file is another database), or null when it has none (legacy logs). */
export function databaseIdentity(dataDir: string): string | null {
  try {
    const stat = statSync(join(dataDir, 'events', 'events.db'), { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch {
    return null;
  }
}

// What changes whenever the database's content can have changed.
function databaseState(dataDir: string): string {
  const part = (name: string): string => {
    try {
      const stat = statSync(join(dataDir, 'events', name), { bigint: true });
      return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
    } catch {
      return '-';
    }
  };
  return `${part('events.db')}|${part('events.db-wal')}`;
}

/** Digests of runs' logs, remembered while their database is unchanged. */
export class LogDigests {
  private readonly byRun = new Map<string, { state: string; digests: string[] }>();

  /**
   * The digest of `runId`'s rows up to sequence `sequence` (a multiple of CHECKPOINT_EVERY),
   * or null when the rows cannot be read.
   */
  digestAt(reader: DataDirReader, runId: string, sequence: number): string | null {
    if (sequence % CHECKPOINT_EVERY !== 0) return null;
    const key = `${reader.path}\u0000${runId}`;
    const state = databaseState(reader.path);
    let entry = this.byRun.get(key);
    if (entry === undefined || entry.state !== state) {
      entry = { state, digests: [''] };
      this.byRun.set(key, entry);
    }
    const slice = sequence / CHECKPOINT_EVERY;
    while (entry.digests.length <= slice) {
      const k = entry.digests.length;
      const keys = reader.readEventKeys(runId, (k - 1) * CHECKPOINT_EVERY, k * CHECKPOINT_EVERY);
      if (keys === null) return null;
      entry.digests.push(createHash('sha256').update(entry.digests[k - 1]).update('\n').update(keys).digest('hex'));
    }
    return entry.digests[slice];
  }

  /** Forget every digest (tests; a closed library). */
  clear(): void {
    this.byRun.clear();
  }
}
