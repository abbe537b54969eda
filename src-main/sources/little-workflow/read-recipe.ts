/**
 * Picks and applies the way to open `events/events.db` that writes no byte to the data dir.
 *
 * SQLite readers are not passive: whatever the connection's flags, SQLite opens `-wal` and
 * `-shm` with O_RDWR|O_CREAT, and as root fchown()s them to the database's owner. So a reader
 * that lets SQLite near the real sidecars can create an empty `-wal` when a writer closes
 * (deleting both) between our stat and its open, rebuild a `-shm` after a crashed writer,
 * or change their owner and ctime. The recipes below never let SQLite open a file of the data
 * dir other than `events.db` itself, read-only and immutable: while a `-wal` exists, the
 * database and its `-wal` are copied (plain O_RDONLY reads, no create) into a private temp
 * folder and SQLite reads the copy.
 */
import { accessSync, constants, mkdtempSync, realpathSync, rmSync, statSync, type Stats } from 'node:fs';
import { copyByReading } from './copy-by-reading';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import type { SqliteConnection, SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { fileStamp, notRegularFile, outside } from '../fs/safe-paths';

/**
 * - `snapshot`: no `-wal`: immutable / in-memory snapshot of the main file.
 * - `private-copy`: a `-wal` exists (a live or crashed writer): read a copy of `events.db` +
 *   `events.db-wal` in os.tmpdir(), made while neither file changed.
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
    fingerprint: `${fileStamp(db)}|${fileStamp(wal)}|${shm === null ? '-' : 'shm'}`,
  });
}

/** The recipe for a sidecar state (never `immutable` while a `-wal` exists). */
export function chooseRecipe(state: SidecarState): ReadRecipe {
  return state.walExists ? 'private-copy' : 'snapshot';
}

/** An open event database plus how it was opened. */
export type OpenedEventDb = {
  connection: SqliteConnection;
  recipe: ReadRecipe;
  state: SidecarState;
  /** True when a reopen is needed to see newer commits (snapshots and copies are frozen). */
  isStale(next: SidecarState): boolean;
  close(): void;
};

/** Open events.db with the recipe its sidecars call for. */
export function openEventDb(driver: SqliteDriver, state: SidecarState): Result<OpenedEventDb> {
  const recipe = chooseRecipe(state);
  if (recipe === 'snapshot') {
    try {
      return ok(opened(driver.open(state.dbPath, 'snapshot'), recipe, state, () => undefined));
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'open', state.dbPath));
    }
  }
  return openPrivateCopy(driver, state);
}

function openPrivateCopy(driver: SqliteDriver, state: SidecarState): Result<OpenedEventDb> {
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), 'little-inspector-'));
  } catch (error) {
    return fail(diagnostic('internal', `Cannot create a temporary folder: ${String(error)}`));
  }
  privateDirs.add(dir);
  const cleanup = () => {
    privateDirs.delete(dir);
    rmSync(dir, { recursive: true, force: true });
  };
  const copyPath = join(dir, 'events.db');
  const copied = copyConsistent(state, copyPath);
  if (!copied.ok) {
    cleanup();
    return copied;
  }
  // The -wal vanished: the writer closed cleanly (checkpointed), so the main file alone is whole.
  if (copied.value === 'wal-gone') {
    cleanup();
    return openEventDb(driver, { ...state, walExists: false, shmExists: false, fingerprint: `${state.fingerprint}|closed` });
  }
  try {
    return ok(opened(driver.open(copyPath, 'private'), 'private-copy', state, cleanup));
  } catch (error) {
    cleanup();
    return fail(sqliteDiagnostic(error, 'open', state.dbPath));
  }
}

/** Copies tried before giving up while a writer keeps checkpointing under us. */
const COPY_ATTEMPTS = 8;

/**
 * Copy events.db then its -wal, and keep the copy only if neither changed meanwhile (a
 * checkpoint between the two copies would pair an old main file with a restarted -wal).
 * Frames appended to the -wal during its copy are harmless: a torn tail fails SQLite's frame
 * checksums and is ignored. Plain reads only: nothing is created or changed in the data dir.
 */
function copyConsistent(state: SidecarState, copyPath: string): Result<'copied' | 'wal-gone'> {
  const walPath = `${state.dbPath}-wal`;
  for (let attempt = 0; attempt < COPY_ATTEMPTS; attempt += 1) {
    const before = `${fileStamp(statOrNull(state.dbPath))}|${fileStamp(statOrNull(walPath))}`;
    try {
      copyByReading(state.dbPath, copyPath);
      copyByReading(walPath, `${copyPath}-wal`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && statOrNull(walPath) === null && statOrNull(state.dbPath) !== null) return ok('wal-gone');
      if (code === 'ENOENT') continue;
      const denied = code === 'EACCES' || code === 'EPERM';
      return fail(diagnostic(denied ? 'permission-denied' : 'sqlite-open-failed', `Cannot copy ${state.dbPath}: ${String(error)}`, { path: state.dbPath }));
    }
    const after = `${fileStamp(statOrNull(state.dbPath))}|${fileStamp(statOrNull(walPath))}`;
    // The -wal may grow (appends are safe), but the main file must not have changed.
    if (before.split('|')[0] === after.split('|')[0]) return ok('copied');
  }
  return fail(diagnostic('sqlite-busy', `${state.dbPath} kept changing while it was copied (${COPY_ATTEMPTS} tries); reading again later`, { path: state.dbPath }));
}

function opened(connection: SqliteConnection, recipe: ReadRecipe, state: SidecarState, cleanup: () => void): OpenedEventDb {
  return {
    connection,
    recipe,
    state,
    isStale(next) {
      // Snapshots and copies are frozen: any change on disk means a new one.
      return chooseRecipe(next) !== chooseRecipe(state) || next.fingerprint !== state.fingerprint;
    },
    close() {
      try {
        connection.close();
      } finally {
        cleanup();
      }
    },
  };
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

/** Private copies still open; removed at exit so a crash of a caller leaves no temp files. */
const privateDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of privateDirs) rmSync(dir, { recursive: true, force: true });
});
