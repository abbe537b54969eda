import { join } from 'node:path';
import Database from 'better-sqlite3';
import { changeableRun } from './support/changeable-run';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { factsIfDiedAfterCut } from '../shared/run/as-of-facts';
import type { RunSummary } from '../shared/library';
import { CheckpointStore } from '../src-main/engine/checkpoint-store';
import { checkpointsOver, foldLog, type Checkpoints } from '../src-main/engine/fold-log';
import { readRunModelFacts } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';

// The last time-travel move's live fold (hot-folds.ts) is where the next move forward starts:
// the answer is the fold from the first event's, always; it is never used backwards, after the
// database changed, or when the move did not hand it back.
const NOW = new Date('2026-12-01T00:00:00Z');
const table = BUNDLED_PRICE_TABLE;

// Spacing beyond the fixture runs' length: no boundary checkpoint competes with the kept fold.
const fresh = (): Checkpoints => checkpointsOver(new CheckpointStore({ dir: null }), 100_000);

function moveTo(dataDir: string, runId: string, checkpoints: Checkpoints | null, upto: number, keep = true) {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const fold = foldLog({ reader: reader.value, runId, table, mode: 'detail', upto, checkpoints, leave: 'boundaries' });
    const facts = factsIfDiedAfterCut({ ...readRunModelFacts(reader.value, runId, { summary: { runId } as RunSummary, siblings: [] }, fold), now: NOW });
    const detail = JSON.parse(JSON.stringify(fold.accumulator.detail(facts, upto))) as unknown;
    if (keep) fold.keep();
    return { detail, resumedFrom: fold.resumedFrom };
  } finally {
    reader.value.close();
  }
}


describe('the kept fold of the last move', () => {
  const run = changeableRun('li-hot-fold-');

  it('moves forward from it: every move equals the fold from the first event and folds only the gap', () => {
    expect(run.last).toBeGreaterThan(12);
    const checkpoints = fresh();
    let previous = 0;
    for (let n = 1; n <= run.last; n += 1 + (n % 3)) {
      const moved = moveTo(run.dir, run.runId, checkpoints, n);
      expect(moved.detail, `#${n}`).toEqual(moveTo(run.dir, run.runId, null, n).detail);
      expect(moved.resumedFrom, `#${n} starts where #${previous} ended`).toBe(previous);
      previous = n;
    }
  });

  it('is not used backwards, nor when not handed back, nor after the database changed', () => {
    const checkpoints = fresh();
    const half = Math.floor(run.last / 2);
    moveTo(run.dir, run.runId, checkpoints, half);
    const back = moveTo(run.dir, run.runId, checkpoints, half - 1);
    expect(back.resumedFrom).toBe(0);
    expect(back.detail).toEqual(moveTo(run.dir, run.runId, null, half - 1).detail);

    // Not handed back: the next move cannot start from it.
    moveTo(run.dir, run.runId, checkpoints, half, false);
    expect(moveTo(run.dir, run.runId, checkpoints, half + 1).resumedFrom).toBe(0);

    // Kept at half + 1, then a row below it is rewritten: the next move folds from the start.
    const db = new Database(join(run.dir, 'events', 'events.db'), { fileMustExist: true });
    try {
      db.prepare("UPDATE events SET recorded_at = '2001-01-01T00:00:00.000Z' WHERE run_id = ? AND sequence = ?").run(run.runId, 2);
    } finally {
      db.close();
    }
    const after = moveTo(run.dir, run.runId, checkpoints, half + 2);
    expect(after.resumedFrom).toBe(0);
    expect(after.detail).toEqual(moveTo(run.dir, run.runId, null, half + 2).detail);
  });
});
