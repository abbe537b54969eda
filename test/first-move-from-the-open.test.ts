import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { headOfFolded } from '../shared/run/run-head';
import { CheckpointStore, priceTableHash } from '../src-main/engine/checkpoint-store';
import { checkpointsOver, type Checkpoints } from '../src-main/engine/fold-log';
import { loadRunDetailParts, type DetailParts, type RunDetailContext } from '../src-main/engine/run-stages';
import { loadLibrary } from '../src-main/library/load-library';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { changeableRun } from './support/changeable-run';
import { moveTo, shuffledCuts } from './support/move-to';

// Issue 33: the first time-travel move right after the overview took 5.89 s at 200,000 events: the
// whole log's fold (the open) left no snapshot, so the move folded from the first event. The open
// now leaves snapshots on the way where they are kept (the worker), held by the database's state
// until the open's keys are read (after the head is sent) and by their digest from then on.
const table = BUNDLED_PRICE_TABLE;
// An even spacing, so the fixture run (about a hundred events) holds many slices and their middles.
const EVERY = 8;
const HALF = EVERY / 2;

describe('the first move resumes from the snapshots the open left', () => {
  const run = changeableRun('li-first-move-');
  const library = loadLibrary(run.dir, table);
  if (!library.ok) throw new Error(library.error.message);
  const summary = library.value.runs.find((r) => r.runId === run.runId)!;
  const context: RunDetailContext = { summary, siblings: library.value.runs, table };

  /** The run's open (the whole log folded, as the worker folds it), then `use` while its reader is open. */
  async function opened<T>(checkpoints: Checkpoints, use: (parts: DetailParts) => Promise<T> | T): Promise<T> {
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      const parts = await loadRunDetailParts(reader.value, run.runId, context, checkpoints);
      if (!parts.ok) throw new Error(parts.error.message);
      return await use(parts.value);
    } finally {
      reader.value.close();
    }
  }

  /** Where a move to `upto` through the run stages resumed. */
  async function movedFrom(checkpoints: Checkpoints, upto: number): Promise<number> {
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      const parts = await loadRunDetailParts(reader.value, run.runId, { ...context, upto }, checkpoints);
      if (!parts.ok) throw new Error(parts.error.message);
      return parts.value.resumedFrom;
    } finally {
      reader.value.close();
    }
  }

  const fresh = () => checkpointsOver(new CheckpointStore({ dir: null }), EVERY, { snapshots: true });
  // The highest snapshot the open leaves at or below N: every half slice, and where its read ended.
  const below = (n: number) => (n === run.last ? n : n - (n % HALF));

  it('before its keys are read: every N once, in a random order, resumes at the snapshot at or below N and equals a fresh fold', async () => {
    const checkpoints = fresh();
    await opened(checkpoints, () => {
      for (const n of shuffledCuts(run.last, 31)) {
        const moved = moveTo(run.dir, run.runId, checkpoints, n);
        const alone = moveTo(run.dir, run.runId, null, n);
        expect(moved.resumedFrom, `start of the move to #${n}`).toBe(below(n));
        expect(moved.head, `head at #${n}`).toBe(alone.head);
        expect(moved.lists, `lists at #${n}`).toBe(alone.lists);
      }
    });
  });

  it('once its keys are read (the head kept with its digest), they hold by their digest after the database changes without changing the rows', async () => {
    const checkpoints = fresh();
    await opened(checkpoints, (parts) => parts.rememberHead(headOfFolded(parts.folded, table), 'settled'));
    // The header's user version: the file's state changes, its rows do not.
    run.edit('PRAGMA user_version = 7');
    for (const n of [run.last, run.last - 1, HALF * 3 + 1, EVERY * 5, 2]) expect(await movedFrom(checkpoints, n), `start of the move to #${n}`).toBe(below(n));
  });

  it("once its keys are read, each holds the digest and chain start a move's fold, keying every row, leaves at the same sequence", async () => {
    const opening = fresh();
    await opened(opening, (parts) => parts.rememberHead(headOfFolded(parts.folded, table), 'settled'));
    const moving = fresh();
    moveTo(run.dir, run.runId, moving, run.last);
    const name = JSON.stringify({ dataDir: run.dir, runId: run.runId, mode: 'detail', tableHash: priceTableHash(table), every: EVERY });
    const proofs = (checkpoints: Checkpoints, sequences: number[]) =>
      sequences.map((sequence) => {
        const kept = checkpoints.snapshots!.get(name, sequence);
        return { sequence, digest: kept?.digest, base: kept?.slice.base, keys: kept?.slice.keys.join('\n') };
      });
    const left = moving.snapshots!.sequences(name, Number.MAX_SAFE_INTEGER);
    expect(left.length).toBeGreaterThan(run.last / HALF - 2);
    expect(proofs(opening, left)).toEqual(proofs(moving, left));
  });

  it('held by the state alone, they are dropped once the database changes: the move folds from the start', async () => {
    const checkpoints = fresh();
    await opened(checkpoints, async () => {
      run.edit('PRAGMA user_version = 8');
      expect(await movedFrom(checkpoints, EVERY * 5 + 1)).toBe(0);
    });
  });
});
