import { cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changeableRun } from './support/changeable-run';
import { scratchRoot } from './support/scratch';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { factsIfDiedAfterCut } from '../shared/run/as-of-facts';
import type { RunSummary } from '../shared/library';
import { CheckpointStore } from '../src-main/engine/checkpoint-store';
import { checkpointsOver, foldLog, type Checkpoints } from '../src-main/engine/fold-log';
import { readRunModelFacts } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { hashTree } from './support/store-test-fixtures';

// Fold checkpoints never change an answer: a detail folded from a checkpoint (in memory or read
// back from the cache folder) equals the fold from the first event, at every cut; a checkpoint
// the log no longer matches (rewritten, truncated, replaced) or a corrupt cache file is ignored.
const NOW = new Date('2026-12-01T00:00:00Z');
const table = BUNDLED_PRICE_TABLE;
// Small spacings, so the fixture runs (tens of events) pass many boundaries.
const EVERY = 3;

function freshCheckpoints(dir: string | null, every = EVERY): Checkpoints {
  return checkpointsOver(new CheckpointStore({ dir }), every);
}

/** The detail of `runId` at `upto` (JSON, as it crosses IPC) and where its fold started. */
function detailAt(dataDir: string, runId: string, checkpoints: Checkpoints | null, upto?: number) {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const fold = foldLog({ reader: reader.value, runId, table, mode: 'detail', upto, checkpoints, leave: upto === undefined ? 'tail' : 'boundaries' });
    const context = { summary: { runId } as RunSummary, siblings: [] };
    const facts = factsIfDiedAfterCut({ ...readRunModelFacts(reader.value, runId, context, fold), now: NOW });
    return { detail: JSON.parse(JSON.stringify(fold.accumulator.detail(facts, upto))) as unknown, resumedFrom: fold.resumedFrom, last: fold.accumulator.sequence };
  } finally {
    reader.value.close();
  }
}

function fixtureRuns(): Map<string, string[]> {
  const byDir = new Map<string, string[]>();
  for (const row of manifestRows().filter((r) => r.group !== 'loopctl')) {
    const dir = join(EXAMPLES, row.dataDir);
    byDir.set(dir, [...(byDir.get(dir) ?? []), row.runId]);
  }
  return byDir;
}

describe('a fold resumed from a checkpoint equals the fold from the first event', () => {
  for (const [dir, runIds] of fixtureRuns()) {
    it(`every run of ${dir.slice(EXAMPLES.length + 1)} at several cuts, from memory and from the cache folder`, () => {
      const before = hashTree(dir);
      const cache = scratchRoot('li-ckpt-cache-');
      let resumed = 0;
      let resumedFromDisk = 0;
      for (const runId of runIds) {
        const last = detailAt(dir, runId, null).last;
        const cuts = [...new Set([1, 2, Math.floor(last / 3), Math.floor(last / 2), last - 1, last])].filter((n) => n >= 1 && n <= last);
        const memory = freshCheckpoints(cache);
        for (const n of cuts) {
          const cold = detailAt(dir, runId, null, n);
          // Time travel leaves checkpoints on the way: the second move starts from one.
          const first = detailAt(dir, runId, memory, Math.ceil(n / 2));
          expect(first.detail, `${runId} at #${Math.ceil(n / 2)}`).toEqual(detailAt(dir, runId, null, Math.ceil(n / 2)).detail);
          const again = detailAt(dir, runId, memory, n);
          expect(again.detail, `${runId} at #${n} from #${again.resumedFrom}`).toEqual(cold.detail);
          if (again.resumedFrom > 0) resumed += 1;
          // A new process: nothing in memory, the checkpoints come back from the cache folder.
          const fromDisk = detailAt(dir, runId, freshCheckpoints(cache), n);
          expect(fromDisk.detail, `${runId} at #${n} from disk #${fromDisk.resumedFrom}`).toEqual(cold.detail);
          // Moves leave boundary checkpoints (a boundary the log reached; gaps skip some).
          if (fromDisk.resumedFrom > 0) resumedFromDisk += 1;
        }
        // The whole log twice: the second open folds nothing (a checkpoint where the first ended).
        const whole = detailAt(dir, runId, memory);
        const reopened = detailAt(dir, runId, memory);
        expect(reopened.detail).toEqual(whole.detail);
        expect(reopened.resumedFrom).toBe(whole.last);
      }
      expect(resumed).toBeGreaterThan(0);
      expect(resumedFromDisk).toBeGreaterThan(0);
      // The data dir is never written: the cache is elsewhere.
      expect(hashTree(dir)).toEqual(before);
    });
  }
});


describe('a boundary checkpoint is serialised once', () => {
  // Serialising a 200,000-event run's state takes about half a second: a move forward from the
  // kept fold past boundaries earlier moves left must not pay it again, in memory or on disk.
  class CountingStore extends CheckpointStore {
    readonly puts: number[] = [];
    override put(...args: Parameters<CheckpointStore['put']>): void {
      this.puts.push(args[1].sequence);
      super.put(...args);
    }
  }

  // A move as the worker makes it.
  function move(dataDir: string, runId: string, checkpoints: Checkpoints, upto: number) {
    const reader = openDataDir(dataDir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      const fold = foldLog({ reader: reader.value, runId, table, mode: 'detail', upto, checkpoints, leave: 'boundaries' });
      const facts = factsIfDiedAfterCut({ ...readRunModelFacts(reader.value, runId, { summary: { runId } as RunSummary, siblings: [] }, fold), now: NOW });
      const detail = JSON.stringify(fold.accumulator.detail(facts, upto));
      return { detail, resumedFrom: fold.resumedFrom };
    } finally {
      reader.value.close();
    }
  }

  for (const where of ['memory only', 'cache folder'] as const) {
    it(`a move forward starts at the cheapest point, the highest boundary kept, and leaves none again (${where})`, () => {
      const run = changeableRun('li-ckpt-once-');
      const cache = where === 'memory only' ? null : scratchRoot('li-ckpt-cache-');
      const first = new CountingStore({ dir: cache });
      move(run.dir, run.runId, checkpointsOver(first, EVERY), run.last);
      const boundaries = [...first.puts];
      expect(boundaries.length).toBeGreaterThan(3);
      const below = boundaries.at(-3)! + 1;
      const fresh = (n: number) => move(run.dir, run.runId, checkpointsOver(new CheckpointStore({ dir: null }), 1_000_000), n).detail;
      // The same store (the worker's), and with a cache folder a fresh store over it (another process).
      const stores = cache === null ? [first] : [first, new CountingStore({ dir: cache })];
      for (const store of stores) {
        const checkpoints = checkpointsOver(store, EVERY);
        expect(move(run.dir, run.runId, checkpoints, below).resumedFrom).toBe(boundaries.at(-3));
        store.puts.length = 0;
        const forward = move(run.dir, run.runId, checkpoints, run.last);
        expect(forward.resumedFrom, 'resumed at the highest boundary').toBe(boundaries.at(-1));
        expect(forward.detail).toBe(fresh(run.last));
        expect(store.puts).toEqual([]);
      }
    });
  }
});

describe('a checkpoint is trusted only while the log matches it', () => {
  it('rewritten, truncated, replaced, grown: the fold equals a fresh one; only matching checkpoints are used', () => {
    const run = changeableRun('li-ckpt-log-');
    expect(run.last).toBeGreaterThan(12);
    const cache = scratchRoot('li-ckpt-cache-');
    const checkpoints = freshCheckpoints(cache);
    const prime = () => {
      for (let n = 1; n <= run.last; n += 1) detailAt(run.dir, run.runId, checkpoints, n);
      detailAt(run.dir, run.runId, checkpoints);
    };
    const check = (label: string) => {
      const fresh = detailAt(run.dir, run.runId, null);
      const cached = detailAt(run.dir, run.runId, checkpoints);
      expect(cached.detail, label).toEqual(fresh.detail);
      return cached.resumedFrom;
    };
    prime();
    expect(check('unchanged')).toBe(run.last);

    // Rewritten at sequence m (same length, another time): checkpoints from m on are stale.
    const m = Math.floor(run.last / 2);
    run.edit("UPDATE events SET recorded_at = '2001-01-01T00:00:00.000Z' WHERE run_id = ? AND sequence = ?", run.runId, m);
    expect(check('rewritten')).toBeLessThan(m);
    prime();

    // Truncated after t: the tail checkpoint is stale, those at or below t still hold.
    const t = Math.floor(run.last / 3);
    run.edit('DELETE FROM events WHERE run_id = ? AND sequence > ?', run.runId, t);
    const afterTruncate = check('truncated');
    expect(afterTruncate).toBeLessThanOrEqual(t);
    expect(afterTruncate).toBeGreaterThan(0);

    // Grown again (the rows put back one by one would be a live run): only the new rows are folded.
    run.edit('INSERT INTO events (run_id, sequence, event_id, type, occurrence_id, recorded_at, payload) SELECT run_id, sequence + 1, event_id || \'x\', type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? AND sequence = ?', run.runId, t);
    expect(check('grown')).toBe(t);

    // Replaced by a copy of itself (another file, same rows): another database, folded afresh.
    const db = join(run.dir, 'events', 'events.db');
    cpSync(db, `${db}.new`);
    renameSync(`${db}.new`, db);
    expect(check('replaced')).toBe(0);
  });

  it('time travel snapshots in memory: rewritten, truncated, replaced, the move equals a fresh fold and only matching snapshots are used', () => {
    const run = changeableRun('li-snap-log-');
    const checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), 4, { snapshots: true });
    const prime = () => {
      for (let n = 1; n <= run.last; n += 1) detailAt(run.dir, run.runId, checkpoints, n);
    };
    const move = (label: string, n: number) => {
      const moved = detailAt(run.dir, run.runId, checkpoints, n);
      expect(moved.detail, label).toEqual(detailAt(run.dir, run.runId, null, n).detail);
      return moved.resumedFrom;
    };
    prime();
    expect(checkpoints.snapshots!.size).toBeGreaterThan(run.last / 2 - 2);
    expect(move('unchanged', run.last)).toBeGreaterThan(run.last - 2);

    const m = Math.floor(run.last / 2);
    run.edit("UPDATE events SET recorded_at = '2001-01-01T00:00:00.000Z' WHERE run_id = ? AND sequence = ?", run.runId, m);
    const afterRewrite = move('rewritten', run.last);
    expect(afterRewrite).toBeLessThan(m);
    expect(afterRewrite).toBeGreaterThan(m - 3);
    prime();

    const t = Math.floor(run.last / 3);
    run.edit('DELETE FROM events WHERE run_id = ? AND sequence > ?', run.runId, t);
    const afterTruncate = move('truncated', run.last);
    expect(afterTruncate).toBeLessThanOrEqual(t);
    expect(afterTruncate).toBeGreaterThan(0);

    const db = join(run.dir, 'events', 'events.db');
    cpSync(db, `${db}.new`);
    renameSync(`${db}.new`, db);
    expect(move('replaced', t)).toBe(0);
  });

  it('a corrupt or foreign cache file is ignored and replaced, never a crash', () => {
    const run = changeableRun('li-ckpt-log-');
    const cache = scratchRoot('li-ckpt-cache-');
    detailAt(run.dir, run.runId, freshCheckpoints(cache), run.last - 1);
    const files = () => {
      const out: string[] = [];
      const walk = (dir: string) => readdirSync(dir, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(join(dir, e.name)) : out.push(join(dir, e.name))));
      walk(cache);
      return out.filter((f) => f.endsWith('.ckpt'));
    };
    expect(files().length).toBeGreaterThan(0);
    for (const file of files()) writeFileSync(file, 'not a checkpoint');
    const fresh = detailAt(run.dir, run.runId, null);
    const afterCorrupt = detailAt(run.dir, run.runId, freshCheckpoints(cache));
    expect(afterCorrupt.resumedFrom).toBe(0);
    expect(afterCorrupt.detail).toEqual(fresh.detail);
    // The fold left a sound checkpoint in their place.
    expect(detailAt(run.dir, run.runId, freshCheckpoints(cache)).resumedFrom).toBe(run.last);
    // A checkpoint of another run, copied under this run's name, is foreign: ignored.
    const other = [...fixtureRuns()].flatMap(([dir, ids]) => ids.map((id) => ({ dir, id }))).find((r) => r.id !== run.runId)!;
    const otherCache = scratchRoot('li-ckpt-cache-');
    detailAt(other.dir, other.id, freshCheckpoints(otherCache));
    const foreign = readdirSync(join(otherCache, 'fold-checkpoints', 'v1'))[0];
    const ours = files()[0];
    const foreignFile = join(otherCache, 'fold-checkpoints', 'v1', foreign, readdirSync(join(otherCache, 'fold-checkpoints', 'v1', foreign))[0]);
    cpSync(foreignFile, ours);
    const afterForeign = detailAt(run.dir, run.runId, freshCheckpoints(cache));
    expect(afterForeign.detail).toEqual(fresh.detail);
    // Dropped (or overwritten by the fold's own checkpoint): the foreign bytes are not kept.
    expect(existsSync(ours) && readFileSync(ours).equals(readFileSync(foreignFile))).toBe(false);
  });
});
