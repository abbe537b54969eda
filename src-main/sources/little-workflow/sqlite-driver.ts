/**
 * The small SQLite driver interface (open read-only, prepare, iterate (as objects or arrays), get, close)
 * and the choice between its two adapters.
 *
 * `node:sqlite` is preferred wherever it exists (Electron's main process, Node >= 22.13)
 * because it needs no native module; `better-sqlite3` is the Node 20 fallback. Both are
 * loaded lazily so that a runtime lacking one of them still starts.
 */
import { pathToFileURL } from 'node:url';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { loadBetterSqlite3Driver } from './driver-better-sqlite3';
import { loadNodeSqliteDriver } from './driver-node-sqlite';

/** A bound parameter: the store only ever binds run ids, sequences and type names. */
export type SqliteParam = string | number | null;

/** One result row, keyed by column name. */
export type SqliteRow = Record<string, unknown>;

/** A prepared statement. */
export interface SqliteStatement {
  /** Lazily step through the rows; the statement is reset when the iterator is closed. */
  iterate(...params: SqliteParam[]): IterableIterator<SqliteRow>;
  /** The same rows as arrays of column values in SELECT order: no object per row (the event log's hot loop). */
  iterateArrays(...params: SqliteParam[]): IterableIterator<unknown[]>;
  /** Every row at once, as arrays (a page of a read: one call into the driver per page, not per row). */
  allArrays(...params: SqliteParam[]): unknown[][];
  /** The first row, or undefined. */
  get(...params: SqliteParam[]): SqliteRow | undefined;
}

/** An open read-only connection. */
export interface SqliteConnection {
  /** Compile one statement. */
  prepare(sql: string): SqliteStatement;
  /** Release the connection; idempotent. */
  close(): void;
}

/**
 * How to open: picked by `read-recipe.ts` from which sidecar files exist.
 *
 * - `wal`: `-wal` and `-shm` exist; read-only, and the `-shm` is opened read-only too
 *   (URI `readonly_shm=1`), because a plain read-only reader rebuilds and rewrites the
 *   `-shm` of a crashed writer (measured: the file's bytes change).
 * - `snapshot`: no `-wal`; open without creating sidecars (immutable URI or an
 *   in-memory copy of the file).
 * - `private`: a private temporary copy that we own; an ordinary read-only open.
 */
export type OpenMode = 'wal' | 'snapshot' | 'private';

/** Thrown by an adapter when it cannot honour `wal` mode (URI filenames disabled). */
export class WalModeUnsupportedError extends Error {
  /** Build with the adapter's reason. */
  constructor(message: string) {
    super(message);
    this.name = 'WalModeUnsupportedError';
  }
}

/** A statement of one of our own files (the fleet index in the cache folder, never a data dir). */
export interface IndexStatement extends SqliteStatement {
  /** Run it for its effect. */
  run(...params: SqliteParam[]): void;
  /** The result's column names, in order (duplicates kept). */
  columnNames(): string[];
  /** Whether SQLite says the statement writes nothing (sqlite3_stmt_readonly), or null when the driver cannot tell. */
  readonly readOnly: boolean | null;
}

/** A connection to one of our own files: `write` creates and writes it, `read` is read-only with `query_only`. */
export interface IndexConnection {
  prepare(sql: string): IndexStatement;
  /** Run statements for their effect (our own DDL and transactions). */
  exec(sql: string): void;
  close(): void;
}

/** A driver adapter. Open failures throw the driver's own error; `sqlite-errors.ts` maps it. */
export interface SqliteDriver {
  /** Which engine binding this is. */
  readonly name: 'node:sqlite' | 'better-sqlite3';
  /** Open `path` read-only in the given mode, with `PRAGMA query_only=1` applied. */
  open(path: string, mode: OpenMode): SqliteConnection;
  /**
   * Open a file of the app's own (the fleet index, in the cache folder): never called on a data
   * dir's file. Absent in test doubles that only read.
   */
  openIndex?(path: string, access: 'write' | 'read'): IndexConnection;
}

let cached: Result<SqliteDriver> | undefined;

/** The preferred available driver (node:sqlite, else better-sqlite3), loaded once. */
export function defaultSqliteDriver(): Result<SqliteDriver> {
  if (cached !== undefined) return cached;
  const driver = loadNodeSqliteDriver() ?? loadBetterSqlite3Driver();
  cached =
    driver === null
      ? fail(
          diagnostic(
            'sqlite-driver-unavailable',
            'No SQLite driver: node:sqlite needs Node >= 22.13 or Electron, and the optional better-sqlite3 package is not installed or not built for this runtime.',
          ),
        )
      : ok(driver);
  return cached;
}

/** The `file:` URI SQLite expects for an absolute path, with query parameters appended. */
export function sqliteFileUri(absolutePath: string, query: string): string {
  // pathToFileURL percent-encodes `?`, `#` and `%`, which SQLite would otherwise parse.
  return `${pathToFileURL(absolutePath).href}?${query}`;
}
