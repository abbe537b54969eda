import { describe, expect, it } from 'vitest';
import { FOLD_PAYLOAD_NEEDS } from '../../shared/fold/folded-event-types';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { dataDirWith, LEFT_OUT, soundRun, SPARSE_RUN as RUN, withRow, type Row } from '../../test/support/sparse-rows';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { SparseRead } from '../sources/little-workflow/store-types';
import { everyRowReader, foldView } from '../../test/support/every-row-reader';
import { foldRunStrict } from '../library/strict-run-log';
import { CheckpointStore, priceTableHash } from './checkpoint-store';
import { checkpointsOver, foldLog, type Checkpoints } from './fold-log';

// A fold in mode 'fold' reads only the rows whose payload it reads, when SQLite proves the run's
// sequences are 1..N (readEventsSparse): the rows left out are only counted. Every answer, error
// and checkpoint must equal the fold that reads every row (a reader without readEventsSparse).
const EVERY = 2;
const table = BUNDLED_PRICE_TABLE;

type Way = 'sparse' | 'every row';

/** Fold the run `way`; what little report / replay would print or fail with, and what the read left. */
function fold(dir: string, way: Way, options: { checkpoints?: Checkpoints | null; upto?: number; leave?: 'tail' | 'boundaries' } = {}) {
  const opened = openDataDir(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  const reader = way === 'sparse' ? opened.value : everyRowReader(opened.value);
  try {
    const outcome = foldLog({ reader, runId: RUN, table, mode: 'fold', checkpoints: options.checkpoints ?? null, upto: options.upto, leave: options.leave });
    const strict = foldRunStrict(reader, RUN, { table, upto: options.upto, checkpoints: null });
    return {
      view: {
        ...foldView(outcome),
        report: strict.ok ? 'ok' : { code: strict.error.code, message: strict.error.message, detail: strict.error.detail },
      },
      events: outcome.events,
      resumedFrom: outcome.resumedFrom,
    };
  } finally {
    opened.value.close();
  }
}

/** How many items a sparse read hands over, and whether SQLite proved the sequences. */
function sparseItems(dir: string, upto?: number): { items: number; proven: boolean } {
  const opened = openDataDir(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    const items: SparseRead[] = [...opened.value.readEventsSparse!(RUN, 0, upto, FOLD_PAYLOAD_NEEDS)];
    return { items: items.filter((item) => !('mark' in item)).length, proven: items.some((item) => 'mark' in item && item.mark === 'proven') };
  } finally {
    opened.value.close();
  }
}

const key = (dir: string) => ({ dataDir: dir, runId: RUN, mode: 'fold' as const, tableHash: priceTableHash(table), every: EVERY });
const fresh = (): Checkpoints => checkpointsOver(new CheckpointStore({ dir: null }), EVERY);

// Rows of soundRun() of types the fold does not read: step 1's harness.model.called, step 2's
// harness.session.started, step 0's harness.session.completed (a type the fold handles without
// reading its payload).
const CALLED = 8;
const SESSION = 14;
const SESSION_COMPLETED = 6;

describe('a sparse fold equals the fold of every row', () => {
  const sound = soundRun();
  expect([sound[CALLED].type, sound[SESSION].type, sound[SESSION_COMPLETED].type]).toEqual(['harness.model.called', LEFT_OUT, 'harness.session.completed']);
  const cases: [string, Row[], boolean][] = [
    ['a sound run', sound, true],
    ['a sound run without a unique index (sequences counted)', sound, false],
    ['a left-out type whose payload is not JSON (SyntaxError)', withRow(sound, CALLED, { payload: '{"stepPath":' }), true],
    ['a left-out type whose payload is an array', withRow(sound, SESSION_COMPLETED, { payload: '[1]' }), true],
    ['a left-out type whose payload is null', withRow(sound, SESSION, { payload: 'null' }), true],
    ['a left-out type whose payload is an object with a NUL after it', withRow(sound, SESSION, { payload: '{"a":1}\u0000' }), true],
    ['a left-out row missing (a gap among left-out rows)', sound.filter((_, i) => i !== SESSION), true],
    ['a run that starts at 2', sound.slice(1), true],
    ['a sequence repeated on a left-out row (no unique index)', withRow(sound, CALLED, { sequence: CALLED }), false],
    ['a sequence stored as text', withRow(sound, CALLED, { sequence: 'nine' }), false],
    ['a sequence stored as a fraction', withRow(sound, CALLED, { sequence: 8.5 }), false],
    ['a sequence past 2^53', withRow(sound, sound.length - 1, { sequence: 2 ** 60 }), false],
  ];
  for (const [name, rows, unique] of cases) {
    it(`${name}: the same state, error and rows counted, whole and cut`, () => {
      const dir = dataDirWith(rows, unique);
      for (const upto of [undefined, 1, 5, 12, rows.length - 1]) {
        const every = fold(dir, 'every row', { upto });
        const sparse = fold(dir, 'sparse', { upto });
        expect(sparse.view, `upto ${upto}`).toEqual(every.view);
        expect(sparse.events, `upto ${upto}`).toBe(every.events);
      }
    });
  }

  it('leaves rows out only when SQLite proves the sequences (the comparisons above are not idle)', () => {
    const sound = soundRun();
    const readRows = sound.filter((row) => FOLD_PAYLOAD_NEEDS.types!.includes(row.type)).length;
    expect(sparseItems(dataDirWith(sound))).toEqual({ items: readRows, proven: true });
    expect(sparseItems(dataDirWith(sound, false))).toEqual({ items: readRows, proven: true });
    // A bad left-out row still comes, to fail the read as listEvents does.
    expect(sparseItems(dataDirWith(withRow(sound, CALLED, { payload: '{"stepPath":' })))).toEqual({ items: readRows + 1, proven: true });
    // Unproven: every row comes, as readEvents gives it.
    expect(sparseItems(dataDirWith(sound.filter((_, i) => i !== SESSION)))).toEqual({ items: sound.length - 1, proven: false });
    expect(sparseItems(dataDirWith(withRow(sound, CALLED, { sequence: CALLED }), false))).toEqual({ items: sound.length, proven: false });
  });

  it('report fails with little-workflow SyntaxError on a bad row of a type the fold does not read', () => {
    const dir = dataDirWith(withRow(soundRun(), CALLED, { payload: '{"stepPath":' }));
    const { view } = fold(dir, 'sparse');
    let message = '';
    try {
      JSON.parse('{"stepPath":');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(view.report).toEqual({ code: 'payload-unparsable', message, detail: { errorName: 'SyntaxError' } });
  });
});

describe('checkpoints of a sparse fold', () => {
  it('vouch with the same digests as a fold of every row, and either fold resumes from the other', () => {
    const rows = soundRun();
    const dir = dataDirWith(rows);
    const sparseStore = fresh();
    const everyStore = fresh();
    // A fold as of N without snapshots (the CLI's --at) stores the boundaries at 1, 2, 4 … slices and
    // the last one at or below N (leave-points.ts storesBoundary); time travel keeps every one in memory.
    fold(dir, 'sparse', { checkpoints: sparseStore, leave: 'boundaries', upto: 15 });
    fold(dir, 'every row', { checkpoints: everyStore, leave: 'boundaries', upto: 15 });
    const sequences = sparseStore.store.sequences(key(dir), Infinity);
    expect(sequences).toEqual([14, 8, 4, 2]);
    expect(everyStore.store.sequences(key(dir), Infinity)).toEqual(sequences);
    for (const sequence of sequences) {
      const a = sparseStore.store.get(key(dir), sequence)!;
      const b = everyStore.store.get(key(dir), sequence)!;
      expect({ digest: a.digest, base: a.slice.base, keys: a.slice.keys.join('\n'), count: a.checkpoint.count }).toEqual({ digest: b.digest, base: b.slice.base, keys: b.slice.keys.join('\n'), count: b.checkpoint.count });
    }
    const whole = fold(dir, 'every row');
    const fromSparse = fold(dir, 'every row', { checkpoints: sparseStore });
    expect(fromSparse.resumedFrom).toBe(14);
    expect(fromSparse.view).toEqual(whole.view);
    const fromEvery = fold(dir, 'sparse', { checkpoints: everyStore });
    expect(fromEvery.resumedFrom).toBe(14);
    expect(fromEvery.view).toEqual(whole.view);
    // Each left its tail where the log ends; the other way reads nothing more.
    expect(fold(dir, 'sparse', { checkpoints: sparseStore })).toMatchObject({ resumedFrom: rows.length, events: 0, view: whole.view });
    expect(fold(dir, 'every row', { checkpoints: everyStore })).toMatchObject({ resumedFrom: rows.length, events: 0, view: whole.view });
  });

  it('a tail checkpoint off a boundary, after left-out rows, is resumed by a fold of every row', () => {
    const rows = soundRun();
    const dir = dataDirWith(rows);
    const checkpoints = fresh();
    const cut = fold(dir, 'sparse', { checkpoints, upto: 17 });
    expect(cut.view.sequence).toBe(17);
    const tail = checkpoints.store.get(key(dir), 17)!;
    expect(tail.slice.keys.join('\n').split('\n')).toHaveLength(1);
    const resumed = fold(dir, 'every row', { checkpoints: checkpoints });
    expect(resumed.resumedFrom).toBe(17);
    expect(resumed.view).toEqual(fold(dir, 'every row').view);
  });
});
