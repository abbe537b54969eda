/**
 * The cheap "did anything commit?" check of one data dir: `PRAGMA data_version` on a private
 * read-only connection, file identities from `stat`, and position queries by rowid (rows are
 * appended with growing rowids, so `rowid > last` finds new rows without scanning old ones).
 *
 * Opened with the store's read recipe, so it writes nothing; each call runs its statement to
 * the end, so no read transaction stays open between ticks and the writer's checkpoints are
 * never blocked.
 */
import { join } from 'node:path';
import { statContained } from '../fs/safe-paths';
import { fail, ok, type Result } from '../../../shared/diagnostics';
import { inspectSidecars, openEventDb, defaultWritableCheck, type OpenedEventDb } from './read-recipe';
import type { CopyOffThread } from './shared-event-db';
import { defaultSqliteDriver, type SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { hasUniqueSequences } from './unread-rows';

/** Identity of the files a tail depends on; a change means "reopen everything". */
export type FileIdentity = { eventsDir: string; db: string } | null;

/** `dev:ino` of the events folder and events.db, or null when either is missing. */
export function fileIdentity(dataDir: string): FileIdentity {
  try {
    // Contained stats: a symlink leaving the data dir is never followed, not even for metadata.
    const dir = statContained(dataDir, join(dataDir, 'events'));
    const db = statContained(dataDir, join(dataDir, 'events', 'events.db'));
    if (!dir?.isDirectory() || !db?.isFile()) return null;
    return { eventsDir: `${dir.dev}:${dir.ino}`, db: `${db.dev}:${db.ino}` };
  } catch {
    return null;
  }
}

/** Two identities name the same files. */
export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a !== null && b !== null && a.db === b.db && a.eventsDir === b.eventsDir;
}

/**
 * Every run's max sequence (`run_id`, `max_seq`), as `GROUP BY run_id` gives them (a NULL run id
 * first, then ascending). With an index led by (run_id, sequence) (little-workflow's primary
 * key: `indexed`) it seeks each run id and each run's max through the index instead of reading
 * every row: the live observer's first look at a data dir ran on main's thread while a fresh
 * page loaded, ~75 ms for one 200,000-event run (and ~0.02 ms so).
 */
export function runHeadsSql(indexed: boolean): string {
  if (!indexed) return 'SELECT run_id, MAX(sequence) AS max_seq FROM events GROUP BY run_id';
  return (
    'WITH RECURSIVE ids(id) AS (SELECT min(run_id) FROM events ' +
    'UNION ALL SELECT (SELECT min(run_id) FROM events WHERE run_id > ids.id) FROM ids WHERE ids.id IS NOT NULL) ' +
    'SELECT NULL AS run_id, max(sequence) AS max_seq FROM events WHERE run_id IS NULL HAVING count(*) > 0 ' +
    'UNION ALL SELECT id, (SELECT max(sequence) FROM events WHERE run_id = ids.id) FROM ids WHERE id IS NOT NULL'
  );
}

/** Rows of one run seen by a position query. */
export type RunHead = { runId: string; maxSequence: number };

/** A private read-only connection for change checks. */
export class ChangeProbe {
  private db: OpenedEventDb | null = null;
  private readonly driver: SqliteDriver | null;

  constructor(
    private readonly dataDir: string,
    driver?: SqliteDriver,
    /** Full copies of a live log made off this thread (the live observer of the app and `serve`). */
    private readonly wait?: CopyOffThread,
  ) {
    const found = driver === undefined ? defaultSqliteDriver() : ok(driver);
    this.driver = found.ok ? found.value : null;
  }

  /**
   * The data version now, and whether the connection was (re)opened to get it (a frozen
   * snapshot or copy went stale): either way the caller must look for new rows. `pending`: a
   * first copy is being made off this thread (`wait`); nothing can be read yet.
   */
  version(): Result<{ dataVersion: number; reopened: boolean } | 'pending'> {
    const opened = this.connect();
    if (!opened.ok) return opened;
    if (opened.value.db.pending) return ok('pending');
    return this.query(() => {
      const row = opened.value.db.connection.prepare('PRAGMA data_version').get();
      return { dataVersion: Number(row?.data_version ?? 0), reopened: opened.value.reopened };
    });
  }

  /** Runs with rows whose rowid is above `afterRowid`: their max sequence, and the new max rowid. */
  rowsAfter(afterRowid: number): Result<{ heads: RunHead[]; maxRowid: number }> {
    return this.query(() => {
      const statement = this.requireDb().connection.prepare(
        'SELECT run_id, MAX(sequence) AS max_seq, MAX(rowid) AS max_rowid FROM events WHERE rowid > ? GROUP BY run_id',
      );
      const heads: RunHead[] = [];
      let maxRowid = afterRowid;
      for (const row of statement.iterate(afterRowid)) {
        heads.push({ runId: String(row.run_id), maxSequence: Number(row.max_seq) });
        maxRowid = Math.max(maxRowid, Number(row.max_rowid));
      }
      return { heads, maxRowid };
    });
  }

  /** Every run's max sequence, and the table's max rowid (the full check). */
  heads(): Result<{ heads: RunHead[]; maxRowid: number }> {
    return this.query(() => {
      const connection = this.requireDb().connection;
      const heads: RunHead[] = [];
      for (const row of connection.prepare(runHeadsSql(hasUniqueSequences(connection))).iterate()) {
        heads.push({ runId: String(row.run_id), maxSequence: Number(row.max_seq) });
      }
      const max = connection.prepare('SELECT MAX(rowid) AS r FROM events').get();
      return { heads, maxRowid: Number(max?.r ?? 0) };
    });
  }

  /** The type of one row (null when absent). */
  typeAt(runId: string, sequence: number): string | null {
    const result = this.query(() => this.requireDb().connection.prepare('SELECT type FROM events WHERE run_id = ? AND sequence = ?').get(runId, sequence));
    return result.ok && result.value !== undefined ? String(result.value.type) : null;
  }

  /** Close the connection (and any private copy); the next call reopens. */
  close(): void {
    this.db?.close();
    this.db = null;
  }

  private connect(): Result<{ db: OpenedEventDb; reopened: boolean }> {
    if (this.driver === null) return defaultSqliteDriver() as Result<never>;
    const state = inspectSidecars(join(this.dataDir, 'events'), defaultWritableCheck);
    if (!state.ok) return state;
    if (this.db !== null && !this.db.isStale(state.value)) return ok({ db: this.db, reopened: false });
    // The new lease first, then the old one back: the last lease out would drop the shared mirror (a full copy again).
    const opened = openEventDb(this.driver, state.value, this.wait);
    this.close();
    if (!opened.ok) return opened;
    this.db = opened.value;
    return ok({ db: opened.value, reopened: true });
  }

  private requireDb(): OpenedEventDb {
    if (this.db === null) throw new Error('probe is not open');
    return this.db;
  }

  private query<T>(run: () => T): Result<T> {
    try {
      return ok(run());
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'read', join(this.dataDir, 'events', 'events.db')));
    }
  }
}
