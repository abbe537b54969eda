/**
 * Opens a data dir for reading: the SQLite event store (or a legacy JSONL log) behind the
 * `DataDirReader` interface, with no byte written to the data dir.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { ALL_PAYLOADS, type PayloadNeeds } from '../../../shared/events/payload-needs';
import { columnText, decodeEventRow, decodeStoredEvent, storedEventFromRow } from './event-rows';
import { openLegacyDataDir } from './legacy-jsonl-reader';
import { defaultWritableCheck, inspectSidecars, openEventDb, type OpenedEventDb, type WritableCheck } from './read-recipe';
import type { CopyOffThread } from './shared-event-db';
import { aggregatesFromRows, RUN_LIST_SQL, SOME_RUNS_LIST_SQL } from './run-list-query';
import { USAGE_CALL_TYPES } from '../../../shared/fold/model-call-usage';
import { ASKED_CALL_TYPES, FAILED_CALL_TYPES } from '../../../shared/fold/model-call-balance';
import { hasUniqueSequences, payloadColumns, sequenceProofSql, unreadObject } from './unread-rows';
import { defaultSqliteDriver, type SqliteConnection, type SqliteDriver } from './sqlite-driver';
import { canPage, endSequence, runRows } from './paged-rows';
import { oneShot } from './one-shot-statements';
import { scanRows, type ScanReadItem } from './scan-rows';
import { sqliteDiagnostic } from './sqlite-errors';
import type { DataDirReader, EventRead, RunAggregate, SparseRead } from './store-types';
import { fsDiagnostic } from '../fs/fs-diagnostics';
import { lexists, readdirContained } from '../fs/safe-paths';

/** Seams for tests and for callers that already hold a driver. */
export type OpenDataDirOptions = {
  driver?: SqliteDriver;
  /** Overrides the folder-writable check (root passes `access(W_OK)` on chmod 555 folders). */
  isWritable?: WritableCheck;
  /** Full copies of a live log made off this thread (the live observer); until the first lands, reads answer `sqlite-busy`. */
  wait?: CopyOffThread;
};

/** Columns the store reads; `occurrence_id` is optional (added by a later migration). */
const REQUIRED_COLUMNS = ['run_id', 'sequence', 'event_id', 'type', 'recorded_at', 'payload'] as const;

/** Model-call event types, current and legacy, that the run list prices. */

/** Open the data dir at `path` (the folder holding `events/`). */
export function openDataDir(path: string, options: OpenDataDirOptions = {}): Result<DataDirReader> {
  const root = resolve(path);
  try {
    if (!statSync(root).isDirectory()) return fail(diagnostic('path-not-directory', `${root} is not a folder`, { path: root }));
  } catch (error) {
    return fail(fsDiagnostic(error, root));
  }
  const eventsDir = join(root, 'events');
  // lstat: a symlinked events.db still takes the SQLite path, whose containment check refuses it.
  if (lexists(join(eventsDir, 'events.db'))) return openSqliteDataDir(root, eventsDir, options);
  let names: string[];
  try {
    names = readdirContained(root, 'events');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return fail(diagnostic('not-a-data-dir', `${root} has no events/ folder, so it is not a little-workflow data dir`, { path: root }));
    }
    return fail(fsDiagnostic(error, eventsDir));
  }
  if (names.some((name) => name.endsWith('.jsonl'))) return openLegacyDataDir(root, eventsDir);
  return fail(diagnostic('empty-dir', `${eventsDir} holds neither events.db nor .jsonl event logs`, { path: eventsDir }));
}

function openSqliteDataDir(root: string, eventsDir: string, options: OpenDataDirOptions): Result<DataDirReader> {
  const driver = options.driver !== undefined ? ok(options.driver) : defaultSqliteDriver();
  if (!driver.ok) return driver;
  const reader = new SqliteDataDirReader(root, eventsDir, driver.value, options.isWritable ?? defaultWritableCheck, options.wait);
  const first = reader.connect();
  if (!first.ok) return first;
  return ok(reader);
}

/** The SQLite-backed reader; reopens transparently when a frozen snapshot goes stale. */
class SqliteDataDirReader implements DataDirReader {
  readonly format = 'sqlite' as const;
  private db: OpenedEventDb | null = null;
  private hasOccurrenceColumn = true;
  private uniqueSequences = false;
  private activeIterators = 0;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly eventsDir: string,
    private readonly driver: SqliteDriver,
    private readonly isWritable: WritableCheck,
    private readonly wait?: CopyOffThread,
  ) {}

  get recipe() {
    return this.db?.recipe ?? null;
  }

  /** Open (or reopen when the files changed under a snapshot), then check the schema. */
  connect(): Result<OpenedEventDb> {
    if (this.closed) return fail(diagnostic('invalid-argument', `Reader for ${this.path} is closed`, { path: this.path }));
    // A statement in flight pins the connection (better-sqlite3 refuses to close it): a read
    // beside it (a sparse fold's slice keys) reads the same snapshot, with no look at the files.
    if (this.db !== null && this.activeIterators > 0) return ok(this.db);
    const state = inspectSidecars(this.eventsDir, this.isWritable);
    if (!state.ok) return state;
    if (this.db !== null && !this.db.isStale(state.value)) return ok(this.db);
    // The new lease first, then the old one back: the last lease out would drop the shared mirror (a full copy again).
    const opened = openEventDb(this.driver, state.value, this.wait);
    this.db?.close();
    this.db = null;
    if (!opened.ok) return opened;
    if (opened.value.pending) {
      opened.value.close();
      return fail(diagnostic('sqlite-busy', `${state.value.dbPath} is being copied off the main thread; reading again when the copy is made`, { path: state.value.dbPath }));
    }
    const schema = this.checkSchema(opened.value);
    if (!schema.ok) {
      opened.value.close();
      return schema;
    }
    this.db = opened.value;
    return opened;
  }

  listRuns(only?: ReadonlySet<string>): Result<{ runs: RunAggregate[]; diagnostics: Diagnostic[] }> {
    const db = this.connect();
    if (!db.ok) return db;
    try {
      const rows = only === undefined ? db.value.connection.prepare(RUN_LIST_SQL).iterate() : db.value.connection.prepare(SOME_RUNS_LIST_SQL).iterate(JSON.stringify([...only]));
      return ok(aggregatesFromRows(rows, this.path));
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'read', db.value.state.dbPath));
    }
  }

  readEvents(runId: string, afterSequence = 0, upto?: number, needs: PayloadNeeds = ALL_PAYLOADS): Iterable<EventRead> {
    if (!RUN_ID_PATTERN.test(runId)) {
      return [readFailure(runId, diagnostic('invalid-run-id', `${JSON.stringify(runId)} is not a little-workflow run id`, { runId }))];
    }
    const range = upto === undefined ? '' : ' AND sequence <= ?';
    const sql = `SELECT ${this.columns(needs)} FROM events WHERE run_id = ? AND sequence > ?${range} ORDER BY sequence ASC`;
    return this.streamEvents(sql, upto === undefined ? [runId, afterSequence] : [runId, afterSequence, upto], runId);
  }

  readEventsSparse(runId: string, afterSequence: number, upto: number | undefined, needs: PayloadNeeds): Iterable<SparseRead> {
    const types = needs.types;
    if (!RUN_ID_PATTERN.test(runId)) return this.readEvents(runId, afterSequence, upto, needs);
    const range = upto === undefined ? '' : ' AND sequence <= ?';
    const params = upto === undefined ? [runId, afterSequence] : [runId, afterSequence, upto];
    const whole = `SELECT ${this.columns(needs)} FROM events WHERE run_id = ? AND sequence > ?${range} ORDER BY sequence ASC`;
    // Every payload read: no row is left out, but the proof still lets the caller take the rows' keys from SQLite.
    const sparse = types === null ? whole : `SELECT ${this.columns()} FROM events WHERE run_id = ? AND sequence > ?${range} AND NOT (${unreadObject(types)}) ORDER BY sequence ASC`;
    // One connection for the proof, the rows and whatever the caller reads before the end mark.
    const prove = (connection: SqliteConnection) => this.proveSequences(connection, range, afterSequence, params);
    const paged = (connection: SqliteConnection) => this.canPage(connection, runId);
    return this.guardedRead(runId, function* (connection) {
      const through = prove(connection);
      if (through === null) {
        for (const row of runRows(connection, whole, params, paged(connection))) yield decodeEventRow(runId, row);
        return;
      }
      yield { mark: 'proven', through };
      for (const row of runRows(connection, sparse, params, paged(connection))) yield decodeEventRow(runId, row);
      yield { mark: 'end' };
    });
  }

  readForScan(runId: string, upto: number, types: readonly string[]): Iterable<ScanReadItem | EventRead> {
    if (!RUN_ID_PATTERN.test(runId)) return [{ fallback: true }];
    const unique = this.uniqueSequences;
    const paged = (connection: SqliteConnection) => this.canPage(connection, runId);
    return this.guardedRead(runId, (connection) => scanRows(connection, runId, upto, types, unique, paged(connection)));
  }

  lastSequence(runId: string): number | null {
    if (!RUN_ID_PATTERN.test(runId)) return null;
    const db = this.connect();
    // Without the index, max() scans the table: not worth it for an estimate.
    if (!db.ok || !this.uniqueSequences) return null;
    try {
      return endSequence(db.value.connection, runId, 'max');
    } catch {
      return null;
    }
  }

  readEventKeys(runId: string, afterSequence: number, upto: number): string | null {
    if (!RUN_ID_PATTERN.test(runId)) return null;
    const db = this.connect();
    if (!db.ok) return null;
    try {
      // One row per slice: SQLite joins the keys, so no payload and no per-row object crosses into JS.
      const row = oneShot(db.value.connection, EVENT_KEYS_SQL).get(runId, afterSequence, upto);
      return row === undefined || row.t === null || row.t === undefined ? '' : columnText(row.t);
    } catch {
      return null;
    }
  }

  readModelCallEvents(weighed: readonly string[] = [], only?: ReadonlySet<string>): Iterable<EventRead> {
    const list = (types: readonly string[]) => types.map((type) => `'${type}'`).join(', ');
    const answers = `type IN (${list(USAGE_CALL_TYPES)})`;
    // The weighed runs' asked calls and failures too, named as one JSON parameter (no limit on
    // their number); an asked call counts only as one (model-call-balance.ts), so its request
    // body, most of a big run's bytes, stays in SQLite.
    const calls = weighed.length === 0 ? answers : `${answers} OR (type IN (${list([...ASKED_CALL_TYPES, ...FAILED_CALL_TYPES])}) AND run_id IN (SELECT value FROM json_each(?)))`;
    // Some runs only: looked up through the primary key (run_id, sequence).
    const where = only === undefined ? calls : `run_id IN (SELECT value FROM json_each(?)) AND (${calls})`;
    const params = [...(only === undefined ? [] : [JSON.stringify([...only])]), ...(weighed.length === 0 ? [] : [JSON.stringify(weighed)])];
    const sql = `SELECT run_id, ${this.keyColumns()}, CASE WHEN type IN (${list(ASKED_CALL_TYPES)}) THEN '{}' ELSE payload END AS payload FROM events WHERE ${where} ORDER BY run_id, sequence`;
    return this.stream(sql, params, '', (row) => row.run_id, true);
  }

  hold(): Result<() => void> {
    const db = this.connect();
    if (!db.ok) return db;
    // Counted as a read in flight: connect() answers this snapshot without a look at the files.
    this.activeIterators += 1;
    const release = db.value.pin();
    let held = true;
    return ok(() => {
      if (!held) return;
      held = false;
      this.activeIterators -= 1;
      release();
    });
  }

  close(): void {
    this.closed = true;
    this.db?.close();
    this.db = null;
  }

  /**
   * The last sequence when SQLite proves the run's rows after `afterSequence` (within `range`) are
   * exactly afterSequence + 1 .. it (sequenceProofSql), else null; the schema the connection was
   * checked with says whether sequences need counting. `params`: the run, after and upto.
   */
  private proveSequences(connection: SqliteConnection, range: string, afterSequence: number, params: (string | number)[]): number | null {
    const proof = oneShot(connection, sequenceProofSql(range, this.uniqueSequences)).get(afterSequence + 1, ...params);
    return proof?.whole === 1 ? Number(proof.through) : null;
  }

  /** The event columns; with payload needs, payloads left out in SQL (see `payloadColumns`). */
  private columns(needs: PayloadNeeds = ALL_PAYLOADS): string {
    return `${this.keyColumns()}, ${payloadColumns(needs)}`;
  }

  /** The event columns but the payload. */
  private keyColumns(): string {
    const occurrence = this.hasOccurrenceColumn ? 'occurrence_id' : 'NULL AS occurrence_id';
    return `sequence, event_id, type, ${occurrence}, recorded_at`;
  }

  /** A lazy generator: rows are decoded one at a time as the caller pulls them. */
  private streamEvents(sql: string, params: (string | number)[], runId: string): Generator<EventRead> {
    const paged = (connection: SqliteConnection) => this.canPage(connection, runId);
    return this.guardedRead(runId, function* (connection) {
      for (const row of runRows(connection, sql, params, paged(connection))) yield decodeEventRow(runId, row);
    });
  }

  /** Whether a read of `runId`'s rows on `connection` (this reader's: a frozen snapshot or copy) may go page by page (paged-rows.ts). */
  private canPage(connection: SqliteConnection, runId: string): boolean {
    return canPage(connection, runId, this.uniqueSequences);
  }

  /** Rows as objects (the model-call read, which selects `run_id` too). */
  private stream(sql: string, params: (string | number)[], label: string, runIdOf: (row: Record<string, unknown>) => unknown, skipInvalidRunIds = false): Generator<EventRead> {
    return this.guardedRead(label, function* (connection) {
      for (const row of connection.prepare(sql).iterate(...params)) {
        const runId = runIdOf(row);
        if (typeof runId !== 'string' || (skipInvalidRunIds && !RUN_ID_PATTERN.test(runId))) continue;
        yield decodeStoredEvent(runId, storedEventFromRow(row));
      }
    });
  }

  /** Open (or keep) the connection and read; a failure to open or a failed read is the last item. */
  private *guardedRead<T extends SparseRead | ScanReadItem>(label: string, read: (connection: OpenedEventDb['connection']) => Iterable<T>): Generator<T | EventRead> {
    const db = this.connect();
    if (!db.ok) {
      yield readFailure(label, db.error);
      return;
    }
    this.activeIterators += 1;
    // The shared database is neither reopened nor its mirror advanced while this read is in flight.
    const release = db.value.pin();
    try {
      yield* read(db.value.connection);
    } catch (error) {
      yield readFailure(label, sqliteDiagnostic(error, 'read', db.value.state.dbPath));
    } finally {
      this.activeIterators -= 1;
      release();
    }
  }

  private checkSchema(db: OpenedEventDb): Result<true> {
    let names: string[];
    try {
      names = [...db.connection.prepare(`SELECT name FROM pragma_table_info('events')`).iterate()].map((row) => String(row.name));
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'read', db.state.dbPath));
    }
    if (names.length === 0) {
      return fail(diagnostic('schema-unexpected', `${db.state.dbPath} has no events table`, { path: db.state.dbPath }));
    }
    const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
    if (missing.length > 0) {
      return fail(
        diagnostic('schema-unexpected', `The events table lacks column(s) ${missing.join(', ')}`, {
          path: db.state.dbPath,
          detail: { columns: names },
        }),
      );
    }
    this.hasOccurrenceColumn = names.includes('occurrence_id');
    try {
      this.uniqueSequences = hasUniqueSequences(db.connection);
    } catch {
      // An index list SQLite cannot read: the proof counts distinct sequences itself.
      this.uniqueSequences = false;
    }
    return ok(true);
  }
}

/** One row for a run's rows in (?, ?]: their keys joined (`t`), so no payload and no per-row object crosses into JS. */
const EVENT_KEYS_SQL =
  "SELECT group_concat(k, char(10)) AS t FROM (SELECT sequence || '|' || event_id || '|' || recorded_at AS k FROM events WHERE run_id = ? AND sequence > ? AND sequence <= ? ORDER BY sequence ASC)";

/** A terminal "the read itself failed" item. */
export function readFailure(runId: string, error: Diagnostic): EventRead {
  return { ok: false, sequence: null, runId, diagnostic: error, raw: null };
}
