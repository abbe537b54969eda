/**
 * The longest little-workflow fixture run, copied to a scratch folder so a test can change its
 * log (rewrite, truncate, replace) under a cached checkpoint or head.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { foldLog } from '../../src-main/engine/fold-log';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES, manifestRows } from './fixture-manifest';
import { scratchRoot } from './scratch';

/** The copy: its data dir, the run, its last sequence, and `edit` (one SQL statement on its events.db). */
export type ChangeableRun = { dir: string; runId: string; last: number; edit(sql: string, ...params: unknown[]): void };

function lastSequenceOf(dir: string, runId: string): number {
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    return foldLog({ reader: reader.value, runId, table: BUNDLED_PRICE_TABLE, mode: 'fold', checkpoints: null }).accumulator.sequence;
  } finally {
    reader.value.close();
  }
}

/** Copy the fixture run with the most events into a fresh scratch folder named `prefix…`. */
export function changeableRun(prefix: string): ChangeableRun {
  const row = manifestRows()
    .filter((r) => r.group !== 'loopctl')
    .map((r) => ({ dir: join(EXAMPLES, r.dataDir), runId: r.runId }))
    .map((r) => ({ ...r, last: lastSequenceOf(r.dir, r.runId) }))
    .sort((a, b) => b.last - a.last)[0]!;
  const dir = join(scratchRoot(prefix), 'data');
  cpSync(row.dir, dir, { recursive: true });
  const edit = (sql: string, ...params: unknown[]): void => {
    const db = new Database(join(dir, 'events', 'events.db'), { fileMustExist: true });
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  };
  return { dir, runId: row.runId, last: row.last, edit };
}
