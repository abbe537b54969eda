import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../shared/library';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { CheckpointStore } from '../src-main/engine/checkpoint-store';
import { checkpointsFor, checkpointsOver } from '../src-main/engine/fold-log';
import { loadCachedHead, type RunDetailContext } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { stagedDetail } from '../src-main/engine/staged-detail';
import { changeableRun } from './support/changeable-run';
import { scratchRoot } from './support/scratch';

// Issue 33: the cached overview (< 1 s at 200,000 events) came only if the server lived until the
// lists were built and the checkpoint serialised (~4 s after the overview). The head is now kept
// as soon as it is sent, so a server stopped right after the overview leaves its cached reopening.
describe('the kept head is left with the head, before the lists and the checkpoint', () => {
  it('a build stopped once its lists started (no checkpoint left) still leaves the head a reopening answers', async () => {
    const run = changeableRun('li-head-kept-log-');
    const cacheDir = scratchRoot('li-head-kept-cache-');
    const context: RunDetailContext = { summary: { runId: run.runId, dataDir: run.dir } as RunSummary, siblings: [], table: BUNDLED_PRICE_TABLE, cacheDir };
    const handled = await stagedDetail(run.dir, run.runId, context, checkpointsFor(cacheDir, { snapshots: false }));
    if (!handled.result.ok || !handled.lists) throw new Error('no head');
    // The lists' stage runs, the checkpoint's (`after`) never does: the server stopped.
    expect((await handled.lists()).ok).toBe(true);
    handled.release?.();
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      const reopened = loadCachedHead(reader.value, run.runId, context, checkpointsOver(new CheckpointStore({ dir: cacheDir })));
      expect(reopened).not.toBeNull();
      expect(JSON.parse(JSON.stringify(reopened))).toEqual(JSON.parse(JSON.stringify(handled.result.value)));
    } finally {
      reader.value.close();
    }
  });
});
