/**
 * The better-sqlite3 adapter (Node 20; an optional dependency, loaded lazily).
 *
 * better-sqlite3 reads URI filenames only when SQLITE_USE_URI=1 is in the environment
 * the first time its native addon initialises, so this module sets it (if unset) before
 * anything can load the addon through us. If some other code loaded the addon earlier
 * without it, `wal` mode throws `WalModeUnsupportedError` and the caller falls back to a
 * private copy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  sqliteFileUri,
  WalModeUnsupportedError,
  type IndexConnection,
  type OpenMode,
  type SqliteConnection,
  type SqliteDriver,
  type SqliteParam,
  type SqliteRow,
  type SqliteStatement,
} from './sqlite-driver';

/**
 * Put SQLITE_USE_URI=1 in the process's environment (unless set). Called here, and by whatever
 * starts a thread that may load the addon first (workers/run-detail-pool.ts): a
 * thread's `process.env` is its own copy, so only main's assignment reaches the environment the
 * addon reads; without it a thread's reads fall back to private copies of events.db.
 */
export function useUriFilenames(): void {
  if (process.env.SQLITE_USE_URI === undefined) process.env.SQLITE_USE_URI = '1';
}

useUriFilenames();

/** The slice of better-sqlite3's API this adapter uses. */
type BetterStatement = {
  raw(toggle: boolean): BetterStatement;
  run(...params: SqliteParam[]): unknown;
  columns(): { name: string }[];
  readonly reader: boolean;
  readonly readonly: boolean;
  iterate(...params: SqliteParam[]): IterableIterator<unknown>;
  all(...params: SqliteParam[]): unknown[];
  get(...params: SqliteParam[]): unknown;
};
type BetterDatabase = {
  prepare(sql: string): BetterStatement;
  exec(sql: string): unknown;
  pragma(source: string): unknown;
  close(): void;
};
type BetterOptions = { readonly?: boolean; fileMustExist?: boolean; nativeBinding?: unknown };
type BetterConstructor = new (filename: string | Buffer, options?: BetterOptions) => BetterDatabase;

/** Byte offsets 18/19 of the SQLite header: file format write/read version (2 = WAL). */
const WAL_FORMAT_OFFSETS = [18, 19] as const;

/** Load better-sqlite3 if it is installed and built for this runtime, else null. */
export function loadBetterSqlite3Driver(): SqliteDriver | null {
  let Database: BetterConstructor;
  try {
    const load = typeof require === 'function' ? require : createRequire(import.meta.url);
    Database = withAddon(load('better-sqlite3') as BetterConstructor, load);
  } catch {
    return null;
  }
  return {
    name: 'better-sqlite3',
    open: (path, mode) => wrap(openDatabase(Database, path, mode)),
    openIndex: (path, access) => wrapIndex(openIndexFile(Database, path, access)),
  };
}

/** Where `npm install` builds or unpacks the addon (better-sqlite3's own first guess). */
const ADDON = 'better-sqlite3/build/Release/better_sqlite3.node';

/**
 * `Database` handed its addon loaded from where it is installed: left to itself, better-sqlite3
 * finds it through the `bindings` package (its caller's file from a stack trace, then a list of
 * builds tried one by one), ~2-4 ms of a warm `search`'s time beyond the CLI's start. Elsewhere
 * (another layout), `Database` as it is.
 */
function withAddon(Database: BetterConstructor, load: NodeJS.Require): BetterConstructor {
  let addon: unknown;
  try {
    addon = load(load.resolve(ADDON));
  } catch {
    return Database;
  }
  // A constructor that returns an object: `new` answers that object.
  return function open(filename: string | Buffer, options: BetterOptions = {}) {
    return new Database(filename, { ...options, nativeBinding: addon });
  } as unknown as BetterConstructor;
}

function openIndexFile(Database: BetterConstructor, path: string, access: 'write' | 'read'): BetterDatabase {
  if (access === 'write') return new Database(path);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('query_only = 1');
  return db;
}

function wrapIndex(db: BetterDatabase): IndexConnection {
  const base = wrap(db);
  return {
    prepare(sql) {
      const statement = db.prepare(sql);
      return {
        ...statementOf(statement),
        run: (...params) => void statement.run(...params),
        // Only a statement that returns rows has columns (better-sqlite3 throws otherwise).
        columnNames: () => (statement.reader ? statement.columns().map((column) => column.name) : []),
        readOnly: statement.readonly,
      };
    },
    exec: (sql) => void db.exec(sql),
    close: () => base.close(),
  };
}

function openDatabase(Database: BetterConstructor, path: string, mode: OpenMode): BetterDatabase {
  switch (mode) {
    case 'wal': {
      const db = openWalUri(Database, path);
      db.pragma('query_only = 1');
      return db;
    }
    case 'snapshot': {
      // With URIs, `immutable=1` reads the file in place (no -wal exists here, which is the
      // only case where immutable is safe) and creates nothing; it costs no memory copy.
      const inPlace = openImmutableUri(Database, path);
      if (inPlace) {
        inPlace.pragma('query_only = 1');
        return inPlace;
      }
      // Without URIs a plain read-only open would create -wal/-shm; an in-memory copy whose
      // header says "rollback journal" instead of "WAL" opens without touching the folder.
      const buffer = readFileSync(path);
      for (const offset of WAL_FORMAT_OFFSETS) {
        if (buffer.length > offset && buffer[offset] === 2) buffer[offset] = 1;
      }
      const db = new Database(buffer, { readonly: true });
      db.pragma('query_only = 1');
      return db;
    }
    case 'private': {
      const db = new Database(path, { readonly: true, fileMustExist: true });
      db.pragma('query_only = 1');
      return db;
    }
  }
}

/** `file:…?immutable=1` read-only, or null when this build of the addon takes no URIs. */
function openImmutableUri(Database: BetterConstructor, path: string): BetterDatabase | null {
  try {
    return new Database(sqliteFileUri(path, 'immutable=1'), { readonly: true, fileMustExist: true });
  } catch (error) {
    if (errorCode(error) === 'SQLITE_CANTOPEN' && existsSync(path)) return null;
    throw error;
  }
}

function openWalUri(Database: BetterConstructor, path: string): BetterDatabase {
  try {
    return new Database(sqliteFileUri(path, 'readonly_shm=1'), { readonly: true, fileMustExist: true });
  } catch (error) {
    // With URIs disabled SQLite takes the whole `file:…` string as a relative file name,
    // which does not exist: CANTOPEN although the real file is there.
    if (errorCode(error) === 'SQLITE_CANTOPEN' && existsSync(path)) {
      throw new WalModeUnsupportedError('better-sqlite3 was loaded without URI filename support');
    }
    throw error;
  }
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

function statementOf(statement: BetterStatement): SqliteStatement {
  return {
    // raw() switches what the statement returns; each call sets the shape it wants.
    iterate: (...params) => statement.raw(false).iterate(...params) as IterableIterator<SqliteRow>,
    iterateArrays: (...params) => statement.raw(true).iterate(...params) as IterableIterator<unknown[]>,
    allArrays: (...params) => statement.raw(true).all(...params) as unknown[][],
    get: (...params) => statement.raw(false).get(...params) as SqliteRow | undefined,
  };
}

function wrap(db: BetterDatabase): SqliteConnection {
  let closed = false;
  return {
    prepare: (sql) => statementOf(db.prepare(sql)),
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
