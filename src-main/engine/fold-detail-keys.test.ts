import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { everyRowReader } from '../../test/support/every-row-reader';
import { dataDirWith, soundRun, SPARSE_RUN as RUN, withRow, type Row } from '../../test/support/sparse-rows';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { CheckpointStore, priceTableHash } from './checkpoint-store';
import { checkpointsOver, foldLog, type Checkpoints } from './fold-log';

// The run view's fold reads every payload, yet where it keeps digests (a checkpoint store) it
// takes its slices' keys from SQLite when SQLite proves the sequences (keysFromSqlite), instead of
// one string per row. Its checkpoints must be the ones a fold keying every row itself leaves.
const EVERY = 4;
const table = BUNDLED_PRICE_TABLE;

/** `reader` with its calls to readEventKeys counted. */
function countingKeys(reader: DataDirReader): { reader: DataDirReader; keyReads: () => number } {
  let reads = 0;
  const counted: DataDirReader = Object.create(reader) as DataDirReader;
  counted.readEventKeys = (...args) => {
    reads += 1;
    return reader.readEventKeys(...args);
  };
  return { reader: counted, keyReads: () => reads };
}

/** A detail fold of the run, up to `upto`, into a fresh store; what it left and how many key reads it made. */
function detailFold(dir: string, way: 'proven' | 'every row', upto?: number, later?: (step: 'folded' | 'left', keyReads: number) => void) {
  const opened = openDataDir(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  const checkpoints: Checkpoints = checkpointsOver(new CheckpointStore({ dir: null }), EVERY);
  const { reader, keyReads } = countingKeys(way === 'proven' ? opened.value : everyRowReader(opened.value));
  try {
    // `later`: the run view's fold, whose tail (and so its keys) waits until the head is sent.
    const outcome = foldLog({ reader, runId: RUN, table, mode: 'detail', checkpoints, upto, ...(later ? { deferTail: true } : {}) });
    if (later) {
      later('folded', keyReads());
      outcome.leaveTail();
      later('left', keyReads());
    }
    const key = { dataDir: dir, runId: RUN, mode: 'detail' as const, tableHash: priceTableHash(table), every: EVERY };
    const left = checkpoints.store.sequences(key, Infinity).map((sequence) => {
      const stored = checkpoints.store.get(key, sequence)!;
      return { sequence, digest: stored.digest, base: stored.slice.base, keys: stored.slice.keys.join('\n'), checkpoint: stored.checkpoint };
    });
    return { left, reached: outcome.reached(), count: outcome.accumulator.count, keyReads: keyReads() };
  } finally {
    opened.value.close();
  }
}

const CALLED = 8;

describe("a detail fold's slice keys from SQLite", () => {
  const sound = soundRun();
  // name, rows, unique index, and whether SQLite proves the sequences up to a cut: below the odd row (at 9, or a second 8)
  const before = (odd: number) => (upto: number | undefined) => upto !== undefined && upto < odd;
  const cases: [string, Row[], boolean, (upto: number | undefined) => boolean][] = [
    ['a sound run', sound, true, () => true],
    ['a sound run without a unique index', sound, false, () => true],
    ['a payload that is not JSON (an undecodable row)', withRow(sound, CALLED, { payload: '{"stepPath":' }), true, () => true],
    ['a run that starts at 2', sound.slice(1), true, () => false],
    ['a row missing', sound.filter((_, i) => i !== CALLED), true, before(CALLED + 1)],
    ['a sequence repeated (no unique index)', withRow(sound, CALLED, { sequence: CALLED }), false, before(CALLED)],
    ['a sequence stored as text', withRow(sound, CALLED, { sequence: 'nine' }), false, before(CALLED + 1)],
    ['a sequence stored as a fraction', withRow(sound, CALLED, { sequence: 8.5 }), false, before(CALLED + 1)],
  ];
  for (const [name, rows, unique, proven] of cases) {
    it(`${name}: the same checkpoints and digest as keying every row, whole and cut`, () => {
      const dir = dataDirWith(rows, unique);
      for (const upto of [undefined, 3, 8, rows.length - 2]) {
        const fromSqlite = detailFold(dir, 'proven', upto);
        const everyRow = detailFold(dir, 'every row', upto);
        expect(fromSqlite.left, `upto ${upto}`).toEqual(everyRow.left);
        expect(fromSqlite.reached, `upto ${upto}`).toEqual(everyRow.reached);
        expect(fromSqlite.count, `upto ${upto}`).toBe(everyRow.count);
        // Not idle: a proven log's keys came from SQLite (and left checkpoints), any other log's from its rows.
        expect(fromSqlite.keyReads > 0, `upto ${upto}`).toBe(proven(upto));
        if (proven(upto)) expect(fromSqlite.left.length, `upto ${upto}`).toBeGreaterThan(0);
        expect(everyRow.keyReads).toBe(0);
      }
    });
  }
});

describe("a detail fold whose tail waits reads its keys only then", () => {
  const sound = soundRun();
  it('none during the fold; the same checkpoint and digest as keying every row', () => {
    const dir = dataDirWith(sound);
    for (const upto of [undefined, 3, 8, sound.length - 2]) {
      let readsWhenFolded = -1;
      const later = detailFold(dir, 'proven', upto, (step, keyReads) => {
        if (step === 'folded') readsWhenFolded = keyReads;
      });
      const everyRow = detailFold(dir, 'every row', upto);
      expect(readsWhenFolded, `upto ${upto}`).toBe(0);
      expect(later.keyReads, `upto ${upto}`).toBeGreaterThan(0);
      expect(later.left, `upto ${upto}`).toEqual(everyRow.left);
      expect(later.reached, `upto ${upto}`).toEqual(everyRow.reached);
    }
  });

  it('leaves no checkpoint and vouches for nothing when events.db changed after the fold', () => {
    const dir = dataDirWith(sound);
    const changed = detailFold(dir, 'proven', undefined, (step) => {
      if (step !== 'folded') return;
      const db = new Database(join(dir, 'events', 'events.db'));
      db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)').run(RUN, BigInt(sound.length + 1), 'evt_later', 'RunCompleted', '2026-11-01T00:02:00.000Z', '{}');
      db.close();
    });
    expect(changed.left).toEqual([]);
    expect(changed.reached).toBeNull();
  });
});
