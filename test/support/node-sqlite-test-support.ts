/**
 * Test-only helpers for the Node 22 (`*.node22.test.ts`) store tests: the real node:sqlite
 * driver, readers opened with it injected, and temp data dirs removed after each file.
 * Nothing here loads better-sqlite3 (its native build targets Node 20's ABI).
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { loadNodeSqliteDriver } from '../../src-main/sources/little-workflow/driver-node-sqlite';
import type { SqliteDriver } from '../../src-main/sources/little-workflow/sqlite-driver';
import type { DataDirReader, EventRead } from '../../src-main/sources/little-workflow/store-types';

export { newDataDir, scratchRoot } from './scratch';

/** The writer engine of every data dir these tests build. */
export const ENGINE = 'node:sqlite';

const loaded = loadNodeSqliteDriver();

/** The node:sqlite driver as loaded on this runtime, or null where it is unusable. */
export const loadedNodeSqlite = loaded;

/** The node:sqlite driver; throws (fails the test) where this runtime lacks it. */
export function nodeSqlite(): SqliteDriver {
  if (loaded === null) throw new Error('node:sqlite is not usable on this runtime (needs Node >= 22.13)');
  return loaded;
}

/** `openDataDir` with the node:sqlite driver injected; throws on failure. */
export function openWithNodeSqlite(dir: string): DataDirReader {
  const reader = openDataDir(dir, { driver: nodeSqlite() });
  if (!reader.ok) throw new Error(reader.error.message);
  return reader.value;
}

/** `<dataDir>/events/events.db`. */
export const eventsDb = (dir: string): string => join(dir, 'events', 'events.db');

/** Sequences of the reads (-1 for a failed read). */
export const seqs = (reads: Iterable<EventRead>): number[] => [...reads].map((r) => (r.ok ? r.event.sequence : -1));

/** Asserts this process never loaded better-sqlite3's native addon. */
export function expectNoBetterSqlite3(): void {
  const report = process.report.getReport() as { sharedObjects?: string[] };
  expect((report.sharedObjects ?? []).filter((path) => path.includes('better_sqlite3'))).toEqual([]);
}
