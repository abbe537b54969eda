import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { CheckpointStore, priceTableHash } from './checkpoint-store';
import { LogDigests, MAX_EMPTY_SLICES } from './log-digests';
import { checkpointsOver, foldLog, type Checkpoints } from './fold-log';

// A row whose sequence is far past the rest (the fuzz's hostile-sequence-values: 2^53 + 1, 1e308
// stored as REAL) once made the fold close one checkpoint slice per `every` sequences of the gap:
// `cli replay` spun forever (adding `every` to 1e308 changes nothing). The fold now reads such a
// row like any other and leaves no checkpoint past it.
const EVERY = 2;
const RUN = 'run_gap_AbC123';
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A data dir whose run has rows at sequences `sequences` (RunStarted first, RunCompleted last). */
function dataDirWith(sequences: number[]): string {
  const root = mkdtempSync(join(tmpdir(), 'li-gap-'));
  roots.push(root);
  mkdirSync(join(root, 'events'));
  const db = new Database(join(root, 'events', 'events.db'));
  try {
    db.exec('CREATE TABLE events (run_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL, occurrence_id TEXT, recorded_at TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (run_id, sequence))');
    const insert = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)');
    sequences.forEach((sequence, i) => {
      const type = i === 0 ? 'RunStarted' : i === sequences.length - 1 ? 'RunCompleted' : 'StepScheduled';
      const payload = i === 0 ? { workflowVersionId: 'wfver_abc' } : i === sequences.length - 1 ? { output: { ok: true } } : { stepId: `s${i}`, stepPath: `s${i}`, uses: 'tool.call' };
      insert.run(RUN, sequence, `evt_${String(i).padStart(16, '0')}`, type, `2026-11-01T00:00:0${i}.000Z`, JSON.stringify(payload));
    });
  } finally {
    db.close();
  }
  return root;
}

/**
 * In-memory checkpoints every EVERY sequences whose store refuses a 200th checkpoint: a fold that
 * walks a huge gap boundary by boundary (leave: 'boundaries' stores one per boundary) fails fast
 * instead of spinning.
 */
function boundedCheckpoints(): { checkpoints: Checkpoints; puts: () => number } {
  const store = new CheckpointStore({ dir: null });
  let puts = 0;
  const put = store.put.bind(store);
  store.put = (...args) => {
    puts += 1;
    if (puts >= 200) throw new Error('the fold is walking the gap one checkpoint boundary at a time');
    put(...args);
  };
  return { checkpoints: checkpointsOver(store, EVERY), puts: () => puts };
}

function fold(dataDir: string, checkpoints: Checkpoints | null, leave: 'tail' | 'boundaries', upto?: number) {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const outcome = foldLog({ reader: reader.value, runId: RUN, table: BUNDLED_PRICE_TABLE, mode: 'fold', checkpoints, leave, upto });
    return { ...outcome, sequence: outcome.accumulator.sequence, state: JSON.parse(JSON.stringify(outcome.accumulator.state())) as unknown, error: outcome.accumulator.strictError()?.message ?? null };
  } finally {
    reader.value.close();
  }
}

function storedSequences(dataDir: string, checkpoints: Checkpoints): number[] {
  const key = { dataDir, runId: RUN, mode: 'fold' as const, tableHash: priceTableHash(BUNDLED_PRICE_TABLE), every: EVERY };
  return checkpoints.store.sequences(key, Number.POSITIVE_INFINITY);
}

describe('a row far past the others (hostile sequence) ends the fold, not the process', () => {
  for (const far of [2 ** 53 + 2, 1e308, Number.POSITIVE_INFINITY, 1e12]) {
    it(`rows 1, 2, 3 and ${far}: every row folded, checkpoints only below the gap`, () => {
      const dir = dataDirWith([1, 2, 3, far]);
      const { checkpoints, puts } = boundedCheckpoints();
      // Time travel's fold (a checkpoint per boundary passed) first: the old loop failed here fast.
      const walked = fold(dir, checkpoints, 'boundaries');
      expect(walked.events).toBe(4);
      expect(walked.sequence).toBe(far);
      expect(puts()).toBe(1);
      expect(storedSequences(dir, checkpoints)).toEqual([2]);
      // The fold the CLI runs (a checkpoint where the read ends) leaves none past the gap either,
      // and equals a fold without checkpoints, which fails like little-workflow's on the gap.
      const plain = fold(dir, null, 'tail');
      expect(plain.error).toMatch(/expected 4, received/);
      const tail = fold(dir, checkpoints, 'tail');
      expect(tail.resumedFrom).toBe(2);
      expect(tail.state).toEqual(plain.state);
      expect(tail.error).toBe(plain.error);
      expect(storedSequences(dir, checkpoints)).toEqual([2]);
      // Reopened: resumed below the gap again, same answer.
      const again = fold(dir, checkpoints, 'tail');
      expect(again.resumedFrom).toBe(2);
      expect(again.state).toEqual(plain.state);
    });
  }

  it('a gap of a few slices (rows deleted) still leaves checkpoints past it', () => {
    const dir = dataDirWith([1, 2, 3, 11, 12]);
    const { checkpoints } = boundedCheckpoints();
    const first = fold(dir, checkpoints, 'tail');
    expect(first.sequence).toBe(12);
    expect(storedSequences(dir, checkpoints)).toEqual([12]);
    const reopened = fold(dir, checkpoints, 'tail');
    expect(reopened.resumedFrom).toBe(12);
    expect(reopened.events).toBe(0);
    expect(reopened.state).toEqual(fold(dir, null, 'tail').state);
  });
});

// The fleet index asks the digest at a run's last sequence (fleet/index-build.ts): with a row at
// 1e308 that chained one slice per `every` sequences of the gap, and the fuzz's `fleet.sql`
// child spun for an hour. Past a gap no fold vouches across there is no digest to give.
describe('the digest of a run up to a sequence past a hostile gap', () => {
  function digestAt(dir: string, sequence: number, every = EVERY): string | null {
    const reader = openDataDir(dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      return new LogDigests(every).digestAt(reader.value, RUN, sequence);
    } finally {
      reader.value.close();
    }
  }

  for (const far of [2 ** 53 + 2, 1e308, Number.POSITIVE_INFINITY, 1e12]) {
    it(`rows 1, 2, 3 and ${far}: no digest at ${far} (and one below the gap)`, () => {
      const dir = dataDirWith([1, 2, 3, far]);
      expect(digestAt(dir, far)).toBeNull();
      expect(digestAt(dir, 3)).toMatch(/^[0-9a-f]{64}$/);
    });
  }

  it('a gap a fold still chains across keeps its digest, the same as a fold leaves', () => {
    const far = 3 + MAX_EMPTY_SLICES * EVERY;
    const dir = dataDirWith([1, 2, 3, far]);
    const { checkpoints } = boundedCheckpoints();
    fold(dir, checkpoints, 'tail');
    const left = checkpoints.store.get({ dataDir: dir, runId: RUN, mode: 'fold', tableHash: priceTableHash(BUNDLED_PRICE_TABLE), every: EVERY }, far);
    expect(left).not.toBeNull();
    expect(digestAt(dir, far)).toBe(left!.digest);
  });
});
