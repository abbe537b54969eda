import { cpSync, renameSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { changeableRun } from './support/changeable-run';
import { scratchRoot } from './support/scratch';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../shared/library';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { headOfFolded } from '../shared/run/run-head';
import { CheckpointStore } from '../src-main/engine/checkpoint-store';
import { checkpointsOver, type Checkpoints } from '../src-main/engine/fold-log';
import { loadCachedHead, loadRunDetailParts, type RunDetailContext } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';

// Reopening an unchanged run answers its head kept beside its checkpoints (head-cache.ts) without
// folding; a rewritten, grown or replaced log, or other facts for its crash boundary, fold again.
const table = BUNDLED_PRICE_TABLE;


/** The whole run's head as the worker answers it: the kept one when it still holds, else folded (and kept). */
async function headOf(dir: string, runId: string, checkpoints: Checkpoints | null, siblings: RunSummary[] = []) {
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  const context: RunDetailContext = { summary: { runId, dataDir: dir } as RunSummary, siblings, table };
  try {
    const cached = loadCachedHead(reader.value, runId, context, checkpoints);
    if (cached !== null) return { head: JSON.parse(JSON.stringify(cached)) as unknown, cached: true };
    const parts = await loadRunDetailParts(reader.value, runId, context, checkpoints);
    if (!parts.ok) throw new Error(parts.error.message);
    const head = headOfFolded(parts.value.folded, table);
    parts.value.rememberHead(head, 'settled');
    return { head: JSON.parse(JSON.stringify(head)) as unknown, cached: false };
  } finally {
    reader.value.close();
  }
}

describe('the kept head of a whole run', () => {
  it('is answered on reopening (a new process, from the cache folder) and equals the folded head', async () => {
    const run = changeableRun('li-head-cache-log-');
    const cache = scratchRoot('li-head-cache-');
    const first = await headOf(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: cache })));
    expect(first.cached).toBe(false);
    const again = await headOf(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: cache })));
    expect(again.cached).toBe(true);
    expect(again.head).toEqual(first.head);
    expect(again.head).toEqual((await headOf(run.dir, run.runId, null)).head);
    // Touched (another mtime and ctime, the same rows): the rows' keys are read and still match.
    const db = join(run.dir, 'events', 'events.db');
    utimesSync(db, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-01T00:00:00Z'));
    const touched = await headOf(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: cache })));
    expect(touched.cached).toBe(true);
    expect(touched.head).toEqual(first.head);
  });

  it('is not answered once the log is rewritten, grown or replaced, or the crash boundary would be judged with other facts', async () => {
    const run = changeableRun('li-head-cache-log-');
    const cache = scratchRoot('li-head-cache-');
    const reopen = (siblings: RunSummary[] = []) => headOf(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: cache })), siblings);
    const expectFresh = async (label: string, siblings: RunSummary[] = []) => {
      const reopened = await reopen(siblings);
      expect(reopened.cached, label).toBe(false);
      expect(reopened.head, label).toEqual((await headOf(run.dir, run.runId, null, siblings)).head);
      // Kept again: the next reopening of the same log answers it.
      expect((await reopen(siblings)).cached, `${label}, reopened`).toBe(true);
    };
    await reopen();

    run.edit("UPDATE events SET recorded_at = '2001-01-01T00:00:00.000Z' WHERE run_id = ? AND sequence = ?", run.runId, 2);
    await expectFresh('rewritten');

    run.edit("INSERT INTO events (run_id, sequence, event_id, type, occurrence_id, recorded_at, payload) SELECT run_id, sequence + 1, event_id || 'x', type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? AND sequence = ?", run.runId, run.last);
    await expectFresh('grown');

    const db = join(run.dir, 'events', 'events.db');
    cpSync(db, `${db}.new`);
    renameSync(`${db}.new`, db);
    await expectFresh('replaced');

    // A sibling run's status is a fact the crash boundary reads (sub-runs).
    await expectFresh('other facts', [{ runId: 'run_sibling', dataDir: run.dir, status: 'failed', crashed: false } as RunSummary]);
  });
});
