/**
 * Picks and applies the way to open `events/events.db` that writes no byte to the data dir.
 *
 * SQLite readers are not passive by default: a read-only open of a WAL database whose
 * `-wal` is missing creates `-wal` and `-shm`, and a read-only open after a crashed
 * writer rebuilds the `-shm` in place. Each recipe below avoids one of those writes
 * (stack.md, "Reading a WAL database without writing a byte").
 */
import { accessSync, constants, copyFileSync, mkdtempSync, realpathSync, rmSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { WalModeUnsupportedError, type SqliteConnection, type SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { fileStamp, notRegularFile, outside } from '../fs/safe-paths';

/**
 * - `wal-readonly`: `-wal` and `-shm` exist and the folder is writable: read in place,
 *   live, with the `-shm` opened read-only.
 * - `snapshot`: no `-wal`: immutable / in-memory snapshot of the main file.
 * - `private-copy`: `-wal` without `-shm`, an unwritable folder, or a driver that cannot
 *   do `wal-readonly`: read a copy of `events.db` + `events.db-wal` in os.tmpdir().
 */
export type ReadRecipe = 'wal-readonly' | 'snapshot' | 'private-copy';

/** Which files sit beside events.db, and a fingerprint that changes when snapshots go stale. */
export type SidecarState = {
  dbPath: string;
  walExists: boolean;
  shmExists: boolean;
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
  if (!state.walExists) return 'snapshot';
  if (state.shmExists && state.dirWritable) return 'wal-readonly';
  return 'private-copy';
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
  if (recipe === 'wal-readonly') {
    try {
      const connection = driver.open(state.dbPath, 'wal');
      return ok(opened(connection, recipe, state, () => undefined));
    } catch (error) {
      if (!(error instanceof WalModeUnsupportedError)) return fail(sqliteDiagnostic(error, 'open', state.dbPath));
      // Fall through: a private copy is slower but still writes nothing here.
    }
  }
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
  try {
    // Main file first, then the -wal: frames appended meanwhile are either complete
    // commits or a torn tail that SQLite's frame checksums reject.
    copyFileSync(state.dbPath, copyPath);
    if (state.walExists) copyFileSync(`${state.dbPath}-wal`, `${copyPath}-wal`);
  } catch (error) {
    cleanup();
    const code = (error as NodeJS.ErrnoException).code;
    const denied = code === 'EACCES' || code === 'EPERM';
    return fail(
      diagnostic(denied ? 'permission-denied' : 'sqlite-open-failed', `Cannot copy ${state.dbPath}: ${String(error)}`, {
        path: state.dbPath,
      }),
    );
  }
  try {
    return ok(opened(driver.open(copyPath, 'private'), 'private-copy', state, cleanup));
  } catch (error) {
    cleanup();
    return fail(sqliteDiagnostic(error, 'open', state.dbPath));
  }
}

function opened(connection: SqliteConnection, recipe: ReadRecipe, state: SidecarState, cleanup: () => void): OpenedEventDb {
  return {
    connection,
    recipe,
    state,
    isStale(next) {
      if (chooseRecipe(next) !== chooseRecipe(state)) return true;
      // A wal-readonly connection sees new commits itself; frozen copies must be redone.
      return recipe !== 'wal-readonly' && next.fingerprint !== state.fingerprint;
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
