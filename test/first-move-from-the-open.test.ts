import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { headOfFolded } from '../shared/run/run-head';
import { CheckpointStore, priceTableHash } from '../src-main/engine/checkpoint-store';
import { checkpointsOver, type Checkpoints } from '../src-main/engine/fold-log';
import { LogDigests } from '../src-main/engine/log-digests';
import { loadRunDetailParts, type DetailParts, type RunDetailContext } from '../src-main/engine/run-stages';
import { loadLibrary } from '../src-main/library/load-library';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../src-main/sources/little-workflow/store-types';
import { changeableRun } from './support/changeable-run';
import { moveTo } from './support/move-to';

// Issue 33: the first time-travel move right after the overview (to the run's last event) took
// 5.89 s at 200,000 events: the whole log's fold (the open) left no resume point a move could use
// (its checkpoint comes after the lists, and decoding it costs a second), so the move folded from
// the first event. The open now leaves a snapshot where its read ended (free: the fold adds
// nothing after it), kept by the database's state until its keys are read, by its digest after.
const table = BUNDLED_PRICE_TABLE;
const EVERY = 8;

describe('a first move to the end resumes from the snapshot the open left', () => {
  const run = changeableRun('li-first-move-');
  const library = loadLibrary(run.dir, table);
  if (!library.ok) throw new Error(library.error.message);
  const summary = library.value.runs.find((r) => r.runId === run.runId)!;
  const context: RunDetailContext = { summary, siblings: library.value.runs, table };
  const fresh = () => checkpointsOver(new CheckpointStore({ dir: null }), EVERY, { snapshots: true });

  /** `use` with a reader of the run, closed afterwards. */
  async function reading<T>(use: (reader: DataDirReader) => Promise<T> | T): Promise<T> {
    const reader = openDataDir(run.dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      return await use(reader.value);
    } finally {
      reader.value.close();
    }
  }

  /** The run stages' parts of the run (as of `upto`, else the whole log: the open), then `use` while their reader is open. */
  const staged = <T,>(checkpoints: Checkpoints, upto: number | undefined, use: (parts: DetailParts) => T) =>
    reading(async (reader) => {
      const parts = await loadRunDetailParts(reader, run.runId, upto === undefined ? context : { ...context, upto }, checkpoints);
      if (!parts.ok) throw new Error(parts.error.message);
      return use(parts.value);
    });
  const movedFrom = (checkpoints: Checkpoints, upto: number) => staged(checkpoints, upto, (parts) => parts.resumedFrom);
  const settle = (parts: DetailParts) => parts.rememberHead(headOfFolded(parts.folded, table), 'settled');

  it('before its keys are read, a move to the end or past it resumes there and equals a fresh fold; a move below it does not', async () => {
    const checkpoints = fresh();
    await staged(checkpoints, undefined, () => {
      for (const n of [run.last, run.last + 3, run.last - 1]) {
        const moved = moveTo(run.dir, run.runId, checkpoints, n);
        const alone = moveTo(run.dir, run.runId, null, n);
        expect(moved.resumedFrom, `start of the move to #${n}`).toBe(n >= run.last ? run.last : 0);
        expect(moved.head, `head at #${n}`).toBe(alone.head);
        expect(moved.lists, `lists at #${n}`).toBe(alone.lists);
      }
    });
  });

  it('once its keys are read it holds by the digest of the rows up to it, also after the database changes without changing them', async () => {
    const checkpoints = fresh();
    await staged(checkpoints, undefined, settle);
    const name = JSON.stringify({ dataDir: run.dir, runId: run.runId, mode: 'detail', tableHash: priceTableHash(table), every: EVERY });
    const kept = checkpoints.snapshots!.get(name, run.last);
    // The digest and the chain's start a fold keying every row from SQLite computes there.
    const boundary = run.last - (run.last % EVERY);
    const expected = await reading((reader) => {
      const digests = new LogDigests(EVERY);
      const keys = reader.readEventKeys(run.runId, boundary, run.last) ?? '';
      return { digest: digests.digestAt(reader, run.runId, run.last), base: digests.digestAt(reader, run.runId, boundary), keys };
    });
    expect({ digest: kept?.digest, base: kept?.slice.base, keys: kept?.slice.keys.join('\n') }).toEqual({ digest: expected.digest, base: expected.base, keys: expected.keys });
    // The header's user version: the file's state changes, its rows do not.
    run.edit('PRAGMA user_version = 7');
    expect(await movedFrom(checkpoints, run.last)).toBe(run.last);
  });

  it('kept by the state alone, it is dropped once the database changes: the move folds from the start', async () => {
    const checkpoints = fresh();
    await staged(checkpoints, undefined, async () => {
      run.edit('PRAGMA user_version = 8');
      expect(await movedFrom(checkpoints, run.last)).toBe(0);
    });
  });
});
