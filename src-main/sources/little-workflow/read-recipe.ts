/**
 * Picks and applies the way to open `events/events.db` that writes no byte to the data dir.
 *
 * SQLite readers are not passive: whatever the connection's flags, SQLite opens `-wal` and
 * `-shm` with O_RDWR|O_CREAT, and as root fchown()s them to the database's owner. So a reader
 * that lets SQLite near the real sidecars can create an empty `-wal` when a writer closes
 * (deleting both) between our stat and its open, rebuild a `-shm` after a crashed writer,
 * or change their owner and ctime. The recipes below never let SQLite open a file of the data
 * dir other than `events.db` itself, read-only and immutable: while a `-wal` exists, SQLite
 * reads a private mirror of the database in a temp folder, made with plain O_RDONLY reads of
 * `events.db` and `-wal` and kept up to date by copying only the frames committed since the
 * last read (wal-mirror.ts). Reading in place with `readonly_shm=1` was measured and refused:
 * SQLite still opens `-wal` O_RDWR|O_CREAT and, as root, fchown()s `-wal` and `-shm`
 * (docs/READ-PATH.md).
 */
import { accessSync, constants, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import type { SqliteDriver } from './sqlite-driver';
import { fileStamp, notRegularFile, outside } from '../fs/safe-paths';
import { walIndexHeaderStamp } from './wal-index-stamp';
import { leaseEventDb, type CopyOffThread, type EventDbLease } from './shared-event-db';

export { chooseRecipe } from './shared-event-db';

/**
 * - `snapshot`: no `-wal`: immutable / in-memory snapshot of the main file.
 * - `private-copy`: a `-wal` exists (a live or crashed writer): read the private mirror of
 *   `events.db` + its committed `-wal` frames in os.tmpdir() (wal-mirror.ts).
 */
export type ReadRecipe = 'snapshot' | 'private-copy';

/** Which files sit beside events.db, and a fingerprint that changes when snapshots go stale. */
export type SidecarState = {
  dbPath: string;
  walExists: boolean;
  shmExists: boolean;
  /** Reported for diagnostics; no recipe writes, so none depends on it any more. */
  dirWritable: boolean;
  /** Changes when a snapshot or private copy no longer matches the files on disk. */
  fingerprint: string;
};

/** Answers "could a reader create files in this folder?"; injectable because root ignores modes. */
export type WritableCheck = (dir: string) => boolean;

/** The real check: `access(W_OK)` (false for read-only media and immutable folders). */
export const defaultWritableCheck: WritableCheck = (dir) => {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** Stat events.db and its sidecars without opening anything. */
export function inspectSidecars(eventsDir: string, isWritable: WritableCheck): Result<SidecarState> {
  const dbPath = join(eventsDir, 'events.db');
  // Containment first: not even a stat follows a symlink out of the data dir.
  const refused = refuseForeignFiles(eventsDir, [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]);
  if (refused !== null) return fail(refused);
  const db = statOrNull(dbPath);
  if (db === null || !db.isFile()) {
    return fail(diagnostic('path-not-found', `No events.db in ${eventsDir}`, { path: dbPath }));
  }
  const wal = statOrNull(`${dbPath}-wal`);
  const shm = statOrNull(`${dbPath}-shm`);
  if ((wal !== null && !wal.isFile()) || (shm !== null && !shm.isFile())) return fail(notRegularFile(`${dbPath}-${wal?.isFile() === false ? 'wal' : 'shm'}`));
  return ok({
    dbPath,
    walExists: wal !== null,
    shmExists: shm !== null,
    dirWritable: isWritable(eventsDir),
    // The wal-index header too: a commit checkpointed away at once changes neither -wal nor, within a clock tick, events.db's stat.
    fingerprint: `${fileStamp(db)}|${fileStamp(wal)}|${shm === null ? '-' : `shm:${walIndexHeaderStamp(dbPath)}`}`,
  });
}

/** An open event database plus how it was opened: a lease on the one shared per events.db. */
export type OpenedEventDb = EventDbLease;

/**
 * Open events.db with the recipe its sidecars call for (shared with every other reader of it in
 * this thread); with `wait`, a full copy is made off this thread and the lease may be `pending`.
 */
export function openEventDb(driver: SqliteDriver, state: SidecarState, wait?: CopyOffThread): Result<OpenedEventDb> {
  return leaseEventDb(driver, state, wait);
}

/**
 * SQLite opens events.db and its sidecars itself, past any JS check: each must resolve
 * inside the data dir (a symlinked events.db, -wal or events/ folder is refused).
 */
function refuseForeignFiles(eventsDir: string, paths: string[]): Diagnostic | null {
  let realRoot: string;
  try {
    realRoot = realpathSync(dirname(eventsDir));
  } catch (error) {
    return diagnostic('path-not-found', `Cannot resolve ${dirname(eventsDir)}: ${String(error)}`, { path: eventsDir });
  }
  for (const path of paths) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      continue; // missing (or a dangling link): the stat that follows says so
    }
    const escape = outside(realRoot, real, path);
    if (escape !== null) return escape;
  }
  return null;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
