/**
 * Is the fleet index already up to date with a root's data dirs, decided without loading the
 * builder (index-build.ts, the fold and every source behind it)? A warm `search` or `sql` then
 * only opens the index and asks it (docs/FLEET.md "Scale"). Up to date: the index holds exactly
 * the discovered data dirs, each a little-workflow SQLite dir whose events.db state (device, inode,
 * size, mtime, ctime of the file and its -wal) is the one last indexed: the builder's own first
 * test, which then reads nothing either. Any other kind of dir (traces, ledgers: their runs carry
 * stamps of their own) sends the caller to the builder.
 */
import type { DataDirInfo } from '../../shared/library';
import { databaseState } from '../engine/log-digests';
import type { IndexConnection } from '../sources/little-workflow/sqlite-driver';

/** Formats whose whole-dir state says "nothing changed" (little-workflow's events.db; the registry's kind of these formats). */
const SQLITE_FORMATS: ReadonlySet<DataDirInfo['format']> = new Set(['sqlite']);

/** The state recorded for a data dir: its events.db's (databaseState) when it has one, else null. */
export function dirState(dir: Pick<DataDirInfo, 'path' | 'format'>): string | null {
  return SQLITE_FORMATS.has(dir.format) ? databaseState(dir.path) : null;
}

/** True when the index in `db` holds `dataDirs` exactly, each in the state last indexed. */
export function indexIsFresh(db: IndexConnection, dataDirs: readonly Pick<DataDirInfo, 'path' | 'format'>[]): boolean {
  const stored = new Map<string, string | null>();
  for (const row of db.prepare('SELECT path, state FROM index_dirs').iterate()) stored.set(String(row.path), row.state === null ? null : String(row.state));
  if (stored.size !== dataDirs.length) return false;
  for (const dir of dataDirs) {
    const state = stored.get(dir.path);
    if (state === undefined || state === null || dirState(dir) !== state) return false;
  }
  return true;
}
