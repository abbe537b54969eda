/**
 * Snapshot connections (read-recipe.ts `snapshot`: events.db opened frozen, without a -wal)
 * kept a moment after their reader closes, for the next reader of the same file in the same
 * state. Opening one copies the whole database into memory when the SQLite build takes no URIs
 * (a 200,000-event run's 100 MB: ~0.15 s), and the app opens the same file several times in a
 * row: the library's load, then the run a deep link names, then its integrity check. A parked
 * snapshot is handed over only while the file's fingerprint (device, inode, size, times of
 * events.db and its sidecars) is the one it was opened with, so its content is the file's;
 * otherwise it is closed and a fresh one opened. Each thread parks its own (module state), at
 * most one per driver and file, and closes it after PARK_MS: the memory is not held longer.
 */
import type { SqliteConnection, SqliteDriver } from './sqlite-driver';

/** How long a closed snapshot waits for the next reader of its file. */
export const PARK_MS = 2000;

type Parked = { connection: SqliteConnection; fingerprint: string; timer: NodeJS.Timeout };

const byDriver = new WeakMap<SqliteDriver, Map<string, Parked>>();

/** The snapshot of `dbPath` parked by `driver` in the state `fingerprint`, taken out of the park; null when none matches. */
export function takeParked(driver: SqliteDriver, dbPath: string, fingerprint: string): SqliteConnection | null {
  const parked = byDriver.get(driver);
  const found = parked?.get(dbPath);
  if (parked === undefined || found === undefined) return null;
  parked.delete(dbPath);
  clearTimeout(found.timer);
  if (found.fingerprint === fingerprint) return found.connection;
  closeQuietly(found.connection);
  return null;
}

/** Park `connection` (a snapshot of `dbPath` in the state `fingerprint`) instead of closing it; an older one of the file is closed. */
export function park(driver: SqliteDriver, dbPath: string, fingerprint: string, connection: SqliteConnection): void {
  let parked = byDriver.get(driver);
  if (parked === undefined) byDriver.set(driver, (parked = new Map()));
  const older = parked.get(dbPath);
  if (older !== undefined) {
    clearTimeout(older.timer);
    if (older.connection !== connection) closeQuietly(older.connection);
  }
  const timer = setTimeout(() => {
    if (parked.get(dbPath)?.connection !== connection) return;
    parked.delete(dbPath);
    closeQuietly(connection);
  }, PARK_MS);
  // A parked snapshot must not keep a CLI process or a test alive.
  timer.unref();
  parked.set(dbPath, { connection, fingerprint, timer });
}

/** Close every snapshot `driver` parked (tests; a process about to drop its drivers). */
export function closeParked(driver: SqliteDriver): void {
  const parked = byDriver.get(driver);
  if (parked === undefined) return;
  for (const { connection, timer } of parked.values()) {
    clearTimeout(timer);
    closeQuietly(connection);
  }
  parked.clear();
}

// A close that throws (a statement still iterating) leaves the connection to the garbage collector: a timer must not throw.
function closeQuietly(connection: SqliteConnection): void {
  try {
    connection.close();
  } catch {
    // nothing to do: the connection is unreachable from here on
  }
}
