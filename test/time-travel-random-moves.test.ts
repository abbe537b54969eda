import { describe, expect, it } from 'vitest';
import { seededBatches } from '../shared/compare/consistency';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { CheckpointStore, priceTableHash } from '../src-main/engine/checkpoint-store';
import { checkpointsOver } from '../src-main/engine/fold-log';
import { changeableRun } from './support/changeable-run';
import { moveTo, shuffledCuts } from './support/move-to';
import { scratchRoot } from './support/scratch';

// Time travel as the worker serves it, moving in a random order: each move starts from whatever
// the earlier moves left (boundary checkpoints in memory or in the cache folder, snapshots in
// memory: the engine's resume points), cuts the head and builds the lists. At every move the head and the lists are byte for byte those of a fold from the first
// event cut at the same N, however the move started.
const table = BUNDLED_PRICE_TABLE;
// A small spacing, so the fixture run (about a hundred events) passes many boundaries.
const EVERY = 7;

describe('time travel in a random order equals a fresh fold at every move', () => {
  const run = changeableRun('li-tt-random-');

  it('checkpoints in memory: every N of the run once, in a random order', () => {
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), EVERY);
    const starts = new Set<string>();
    for (const n of shuffledCuts(run.last, 11)) {
      const moved = moveTo(run.dir, run.runId, checkpoints, n);
      const fresh = moveTo(run.dir, run.runId, null, n);
      expect(moved.head, `head at #${n}`).toBe(fresh.head);
      expect(moved.lists, `lists at #${n}`).toBe(fresh.lists);
      starts.add(moved.resumedFrom === 0 ? 'start' : moved.resumedFrom % EVERY === 0 ? 'boundary' : 'elsewhere');
    }
    // The moves really started from both places, and only there (time travel leaves no tail).
    expect([...starts].sort()).toEqual(['boundary', 'start']);
  });

  it('snapshots in memory (every boundary and slice middle), as the worker moves: every N once, in a random order, twice', () => {
    // An even spacing: snapshots come every half slice.
    const every = 8;
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), every, { snapshots: true });
    const starts = new Set<string>();
    for (const n of [...shuffledCuts(run.last, 23), ...shuffledCuts(run.last, 29)]) {
      const moved = moveTo(run.dir, run.runId, checkpoints, n);
      const fresh = moveTo(run.dir, run.runId, null, n);
      expect(moved.head, `head at #${n}`).toBe(fresh.head);
      expect(moved.lists, `lists at #${n}`).toBe(fresh.lists);
      starts.add(moved.resumedFrom === 0 ? 'start' : moved.resumedFrom % every === 0 ? 'boundary' : moved.resumedFrom % (every / 2) === 0 ? 'middle' : 'elsewhere');
    }
    expect([...starts].sort()).toEqual(['boundary', 'middle', 'start']);
    // Boundaries went to memory as snapshots, not to the checkpoint store.
    expect(checkpoints.snapshots!.size).toBeGreaterThanOrEqual(Math.floor(run.last / (every / 2)) - 1);
    expect(checkpoints.store.sequences({ dataDir: run.dir, runId: run.runId, mode: 'detail', tableHash: priceTableHash(table), every }, Number.MAX_SAFE_INTEGER)).toEqual([]);
  });

  it('checkpoints read back from the cache folder by a fresh store at each move, back and forth', () => {
    const cache = scratchRoot('li-tt-random-cache-');
    const cuts: number[] = [];
    let at = 0;
    for (const size of seededBatches(run.last, 5, Math.ceil(run.last / 12))) cuts.push((at = Math.min(run.last, at + size)));
    let fromDisk = 0;
    for (const n of [run.last, ...shuffledCuts(cuts.length, 3).map((i) => cuts[i - 1])]) {
      const moved = moveTo(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: cache }), EVERY), n);
      const fresh = moveTo(run.dir, run.runId, null, n);
      expect(moved.head, `head at #${n}`).toBe(fresh.head);
      expect(moved.lists, `lists at #${n}`).toBe(fresh.lists);
      if (moved.resumedFrom > 0) fromDisk += 1;
    }
    expect(fromDisk).toBeGreaterThan(cuts.length / 2);
  });
});
