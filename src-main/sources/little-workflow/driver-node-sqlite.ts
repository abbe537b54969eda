/**
 * The `node:sqlite` adapter (Electron's main process, Node >= 22.13).
 *
 * Loaded through `process.getBuiltinModule` inside try/catch: on Node 20 the module does
 * not exist, and on Node 22 before 22.13 it lacks `readOnly` or `StatementSync#iterate`,
 * so the loader reports "unavailable" and the store falls back to better-sqlite3.
 */
import {
  sqliteFileUri,
  type IndexConnection,
  type OpenMode,
  type SqliteConnection,
  type SqliteDriver,
  type SqliteParam,
  type SqliteRow,
  type SqliteStatement,
} from './sqlite-driver';

/** The slice of node:sqlite's API this adapter uses. */
type NodeStatement = {
  iterate?(...params: SqliteParam[]): IterableIterator<unknown>;
  /** Node >= 22.16 / 23.11: rows as arrays. */
  setReturnArrays?(enabled: boolean): void;
  get(...params: SqliteParam[]): unknown;
  all(...params: SqliteParam[]): unknown[];
  run(...params: SqliteParam[]): unknown;
  /** Node >= 22.16: the result's columns. */
  columns?(): { name: string }[];
};
type NodeDatabase = {
  prepare(sql: string): NodeStatement;
  exec(sql: string): void;
  close(): void;
};
type NodeSqliteModule = {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeDatabase;
};

/** Load node:sqlite when this runtime has a usable one, else null. */
export function loadNodeSqliteDriver(): SqliteDriver | null {
  let sqlite: NodeSqliteModule | undefined;
  try {
    const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
    sqlite = getBuiltin?.call(process, 'node:sqlite') as NodeSqliteModule | undefined;
  } catch {
    return null;
  }
  if (sqlite === undefined || typeof sqlite.DatabaseSync !== 'function' || !hasIterate(sqlite)) return null;
  const { DatabaseSync } = sqlite;
  return {
    name: 'node:sqlite',
    open: (path, mode) => {
      const db = new DatabaseSync(target(path, mode), { readOnly: true });
      try {
        db.exec('PRAGMA query_only = 1');
      } catch (error) {
        db.close();
        throw error;
      }
      return wrap(db);
    },
    openIndex: (path, access) => {
      const db = new DatabaseSync(path, { readOnly: access === 'read' });
      try {
        if (access === 'read') db.exec('PRAGMA query_only = 1');
      } catch (error) {
        db.close();
        throw error;
      }
      return wrapIndex(db);
    },
  };
}

function wrapIndex(db: NodeDatabase): IndexConnection {
  const base = wrap(db);
  return {
    prepare(sql) {
      const statement = db.prepare(sql);
      return {
        ...statementOf(statement),
        run: (...params) => void statement.run(...params),
        columnNames: () => statement.columns?.().map((column) => column.name) ?? [],
        // node:sqlite does not expose sqlite3_stmt_readonly: the read-only connection refuses writes.
        readOnly: null,
      };
    },
    exec: (sql) => db.exec(sql),
    close: () => base.close(),
  };
}

function target(path: string, mode: OpenMode): string {
  switch (mode) {
    // readonly_shm keeps a crashed writer's -shm untouched (see sqlite-driver.ts).
    case 'wal':
      return sqliteFileUri(path, 'readonly_shm=1');
    // Only ever used while no -wal exists: immutable would hide rows that live in a -wal.
    case 'snapshot':
      return sqliteFileUri(path, 'immutable=1');
    case 'private':
      return path;
  }
}

function hasIterate(sqlite: NodeSqliteModule): boolean {
  // An in-memory probe touches no file; it tells whether StatementSync#iterate exists.
  try {
    const probe = new sqlite.DatabaseSync(':memory:');
    try {
      return typeof probe.prepare('SELECT 1').iterate === 'function';
    } finally {
      probe.close();
    }
  } catch {
    return false;
  }
}

function wrap(db: NodeDatabase): SqliteConnection {
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

function statementOf(statement: NodeStatement): SqliteStatement {
  return {
    iterate: (...params) => {
      statement.setReturnArrays?.(false);
      return statement.iterate!(...params) as IterableIterator<SqliteRow>;
    },
    iterateArrays: (...params) => {
      if (statement.setReturnArrays === undefined) return valuesOf(statement.iterate!(...params) as IterableIterator<SqliteRow>);
      statement.setReturnArrays(true);
      return statement.iterate!(...params) as IterableIterator<unknown[]>;
    },
    allArrays: (...params) => {
      if (statement.setReturnArrays === undefined) return (statement.all(...params) as SqliteRow[]).map((row) => Object.values(row));
      statement.setReturnArrays(true);
      return statement.all(...params) as unknown[][];
    },
    get: (...params) => {
      statement.setReturnArrays?.(false);
      return statement.get(...params) as SqliteRow | undefined;
    },
  };
}

// Without setReturnArrays: the row objects' values, which keep the SELECT's column order.
function* valuesOf(rows: IterableIterator<SqliteRow>): IterableIterator<unknown[]> {
  for (const row of rows) yield Object.values(row);
}
