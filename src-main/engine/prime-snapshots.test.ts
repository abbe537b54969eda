import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { changeableRun } from '../../test/support/changeable-run';
import { CheckpointStore } from './checkpoint-store';
import { checkpointsOver, foldLog } from './fold-log';
import { loadLibrary } from '../library/load-library';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { primeSnapshots } from './prime-snapshots';

// After a run's first move the worker folds on to the end of the log leaving snapshots, so later
// moves land near one. It must start from a snapshot or the first event: the run's open left a
// checkpoint at the end, and starting there would leave none.
describe('primeSnapshots', () => {
  it('leaves a snapshot every half slice up to the end, though a checkpoint sits at the end; once per run', async () => {
    const run = changeableRun('li-prime-');
    const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const summary = library.value.runs.find((r) => r.runId === run.runId)!;
    const context = { summary, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE };
    const every = 8;
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), every, { snapshots: true });
    // The open: the whole log folded, its checkpoint left at the end.
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      foldLog({ reader: reader.value, runId: run.runId, table: BUNDLED_PRICE_TABLE, mode: 'detail', checkpoints });
    } finally {
      reader.value.close();
    }
    expect(checkpoints.snapshots!.size).toBe(0);
    await primeSnapshots(run.dir, run.runId, context, checkpoints);
    const held = checkpoints.snapshots!.size;
    expect(held).toBe(Math.floor(run.last / (every / 2)));
    await primeSnapshots(run.dir, run.runId, context, checkpoints);
    expect(checkpoints.snapshots!.size).toBe(held);
  });

  it("starts below the open's snapshot at the end (snapshotAtTail), which would skip every half slice, and drops it", async () => {
    const run = changeableRun('li-prime-tail-');
    const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const context = { summary: library.value.runs.find((r) => r.runId === run.runId)!, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE };
    const every = 8;
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), every, { snapshots: true });
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      foldLog({ reader: reader.value, runId: run.runId, table: BUNDLED_PRICE_TABLE, mode: 'detail', checkpoints, snapshotAtTail: true });
    } finally {
      reader.value.close();
    }
    expect(checkpoints.snapshots!.size).toBe(1);
    await primeSnapshots(run.dir, run.runId, context, checkpoints);
    // Every half slice, and no longer the open's at the end (off the grid here): it pinned the open's whole fold.
    expect(run.last % (every / 2)).not.toBe(0);
    expect(checkpoints.snapshots!.size).toBe(Math.floor(run.last / (every / 2)));
  });
});
