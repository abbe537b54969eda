/**
 * Where the fleet index of a root lives and how it is opened: one SQLite file per opened root in
 * the app's cache folder (`<cache>/fleet/<sha256 of the root>.sqlite`; never a data dir), or in
 * memory with `--no-cache`. A file of another INDEX_VERSION, or one SQLite cannot read as an index,
 * is deleted and built again: the index holds nothing that is not in the data dirs.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { defaultSqliteDriver, type IndexConnection, type SqliteDriver } from '../sources/little-workflow/sqlite-driver';

/** The index's connection, for the CLI's `--index` (cli/ reads no driver of its own). */
export type { IndexConnection };
import { INDEX_SCHEMA, INDEX_VERSION } from './index-schema';
import { fleetTablesSchema } from './index-tables';

/** The index file of `root` under `cacheDir`. */
export function indexFilePath(cacheDir: string, root: string): string {
  return join(cacheDir, 'fleet', `${createHash('sha256').update(root).digest('hex').slice(0, 32)}.sqlite`);
}

/** The driver that can open our own files, or a diagnostic. */
export function indexDriver(driver?: SqliteDriver): Result<SqliteDriver & Required<Pick<SqliteDriver, 'openIndex'>>> {
  const found = driver === undefined ? defaultSqliteDriver() : ok(driver);
  if (!found.ok) return found;
  if (found.value.openIndex === undefined) return fail(diagnostic('sqlite-driver-unavailable', `The SQLite driver ${found.value.name} cannot open the fleet index.`));
  return ok(found.value as SqliteDriver & Required<Pick<SqliteDriver, 'openIndex'>>);
}

/** Open (creating or rebuilding) the index at `path` for writing; null: in memory. */
export function openIndexForWrite(path: string | null, driver?: SqliteDriver): Result<IndexConnection> {
  const found = indexDriver(driver);
  if (!found.ok) return found;
  if (path !== null) mkdirSync(join(path, '..'), { recursive: true });
  const first = tryOpen(found.value, path);
  if (first.ok || path === null) return first;
  // Not ours any more (another version, a torn or foreign file): start again.
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  return tryOpen(found.value, path);
}

function tryOpen(driver: SqliteDriver & Required<Pick<SqliteDriver, 'openIndex'>>, path: string | null): Result<IndexConnection> {
  let db: IndexConnection | null = null;
  try {
    db = driver.openIndex(path ?? ':memory:', 'write');
    // Other processes (a second CLI, the app) may read or update the same index: wait for them.
    db.exec('PRAGMA busy_timeout = 10000; PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF');
    const hasMeta = db.prepare("SELECT 1 AS x FROM sqlite_master WHERE type = 'table' AND name = 'index_meta'").get() !== undefined;
    if (!hasMeta) {
      db.exec(`BEGIN IMMEDIATE; ${INDEX_SCHEMA}; ${fleetTablesSchema()}; COMMIT;`);
      db.prepare("INSERT INTO index_meta (key, value) VALUES ('version', ?)").run(String(INDEX_VERSION));
      return ok(db);
    }
    const version = db.prepare("SELECT value FROM index_meta WHERE key = 'version'").get()?.value;
    if (version !== String(INDEX_VERSION)) throw new Error(`index version ${String(version)}`);
    return ok(db);
  } catch (error) {
    db?.close();
    return fail(diagnostic('index-failed', `Could not open the fleet index${path === null ? '' : ` ${path}`}: ${error instanceof Error ? error.message : String(error)}`, path === null ? {} : { path }));
  }
}

/** Open the index at `path` read-only (`sql`): the connection refuses every write. */
export function openIndexForRead(path: string, driver?: SqliteDriver): Result<IndexConnection> {
  const found = indexDriver(driver);
  if (!found.ok) return found;
  try {
    const db = found.value.openIndex(path, 'read');
    db.exec('PRAGMA busy_timeout = 10000');
    return ok(db);
  } catch (error) {
    return fail(diagnostic('index-failed', `Could not open the fleet index ${path}: ${error instanceof Error ? error.message : String(error)}`, { path }));
  }
}
