import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { checksHere, observedReader, type ChecksHereOptions, type ReadWay } from '../../test/support/checks-aside';
import { foldView } from '../../test/support/every-row-reader';
import { hashTree } from '../../test/support/hash-tree';
import { scratchRoot } from '../../test/support/scratch';
import { writeLargeRun } from '../../scripts/generate-fixtures';
import { dataDirWith, soundRun, SPARSE_RUN as RUN, withRow, type Row } from '../../test/support/sparse-rows';
import { openDataDir, readFailure } from '../sources/little-workflow/data-dir-reader';
import { diagnostic } from '../../shared/diagnostics';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { startFoldChecksThread, type ChecksThreadOptions } from '../workers/fold-checks-thread';
import { foldRunStrict } from '../library/strict-run-log';
import { CheckpointStore, priceTableHash } from './checkpoint-store';
import type { ChecksAside } from './fold-aside';
import { foldChecks, keyRanges } from './fold-checks';
import { checkpointsOver, foldLog, type Checkpoints } from './fold-log';

// A synchronous fold reads only the rows of the types it reads while the checks run on another
// reader (fold-aside.ts). Whatever the log, it must answer, fail and checkpoint exactly like the
// fold that makes those checks itself (`checksAside: null`, the proven sparse read), keeping its
// fold only when the checks vouch for it and reading again the way it does without them otherwise.
const EVERY = 2;
const table = BUNDLED_PRICE_TABLE;
const fresh = (): Checkpoints => checkpointsOver(new CheckpointStore({ dir: null }), EVERY);
const key = (dir: string) => ({ dataDir: dir, runId: RUN, mode: 'fold' as const, tableHash: priceTableHash(table), every: EVERY });

type FoldOptions = { aside: ChecksAside | null; upto?: number; checkpoints?: Checkpoints | null; readBeside?: DataDirReader['readEventsOfTypes'] };

/** Fold the run of `dir` with the checks `aside` (null: without); what report/replay print or fail with, the rows counted and how the fold read. */
function fold(dir: string, options: FoldOptions) {
  const opened = openDataDir(dir);
  if (!opened.ok) throw new Error(opened.error.message);
  const reader = observedReader(opened.value, options.readBeside);
  try {
    const outcome = foldLog({ reader, runId: RUN, table, mode: 'fold', checkpoints: options.checkpoints ?? null, upto: options.upto, checksAside: options.aside });
    const way = reader.way();
    const strict = foldRunStrict(reader, RUN, { table, upto: options.upto, checkpoints: null, checksAside: options.aside });
    const report = strict.ok ? 'ok' : { code: strict.error.code, message: strict.error.message, detail: strict.error.detail };
    return { view: { ...foldView(outcome), report }, events: outcome.events, resumedFrom: outcome.resumedFrom, way };
  } finally {
    opened.value.close();
  }
}

/** The tail checkpoint a fold left at `sequence`, as what vouches for it and what it holds. */
function tailOf(checkpoints: Checkpoints, dir: string, sequence: number) {
  const stored = checkpoints.store.get(key(dir), sequence)!;
  return { digest: stored.digest, base: stored.slice.base, keys: stored.slice.keys.join('\n'), count: stored.checkpoint.count, state: JSON.stringify(stored.checkpoint) };
}

// Rows of soundRun(): step 1's harness.model.called, step 2's harness.session.started, step 0's harness.session.completed.
const CALLED = 8;
const SESSION = 14;
const SESSION_COMPLETED = 6;

describe('a fold beside its checks equals the fold that checks itself', () => {
  const sound = soundRun();
  const cases: [string, Row[], boolean, ReadWay][] = [
    ['a sound run', sound, true, 'beside checks'],
    ['a left-out type whose payload is not JSON (SyntaxError)', withRow(sound, CALLED, { payload: '{"stepPath":' }), true, 'thrown away, read again'],
    ['a left-out type whose payload is an array', withRow(sound, SESSION_COMPLETED, { payload: '[1]' }), true, 'thrown away, read again'],
    ['a left-out type whose payload is null', withRow(sound, SESSION, { payload: 'null' }), true, 'thrown away, read again'],
    ['a left-out type whose payload is an object with a NUL after it', withRow(sound, SESSION, { payload: '{"a":1}\u0000' }), true, 'thrown away, read again'],
    ['a left-out row missing (a gap among left-out rows)', sound.filter((_, i) => i !== SESSION), true, 'thrown away, read again'],
    ['a run that starts at 2', sound.slice(1), true, 'thrown away, read again'],
    ['a sequence stored as a fraction on a left-out row', withRow(sound, CALLED, { sequence: 8.5 }), true, 'thrown away, read again'],
    ['a sequence stored as a fraction on a read row', withRow(sound, CALLED - 1, { sequence: 7.5 }), true, 'thrown away, read again'],
    // max(sequence) is the text or past 2^53: the run's size is not known cheaply, so no checks aside.
    ['a sequence stored as text', withRow(sound, CALLED, { sequence: 'nine' }), true, 'without checks'],
    ['a sequence past 2^53', withRow(sound, sound.length - 1, { sequence: 2 ** 60 }), true, 'without checks'],
    // Without the unique index, max(sequence) scans: no checks aside either.
    ['a sound run without a unique index', sound, false, 'without checks'],
  ];
  for (const [name, rows, unique, way] of cases) {
    it(`${name}: the same state, error and rows counted, whole and cut, keeping digests or not (${way})`, () => {
      const dir = dataDirWith(rows, unique);
      for (const upto of [undefined, 1, 5, 12, rows.length - 1]) {
        // With a store the checks look for misfits in the pass that reads the slices' keys.
        for (const store of [null, fresh]) {
          const itself = fold(dir, { aside: null, upto, checkpoints: store?.() });
          const beside = fold(dir, { aside: checksHere(), upto, checkpoints: store?.() });
          expect(beside.view, `upto ${upto}`).toEqual(itself.view);
          expect(beside.events, `upto ${upto}`).toBe(itself.events);
          expect(itself.way).toBe('without checks');
        }
      }
      expect(fold(dir, { aside: checksHere() }).way).toBe(way);
      expect(fold(dir, { aside: checksHere(), checkpoints: fresh() }).way).toBe(way);
    });
  }

  it('leaves the same tail checkpoint (digest, keys, state), which either fold resumes', () => {
    const rows = soundRun();
    const dir = dataDirWith(rows);
    for (const upto of [undefined, 9, 12, 17]) {
      const [besideStore, itselfStore] = [fresh(), fresh()];
      const beside = fold(dir, { aside: checksHere(), checkpoints: besideStore, upto });
      fold(dir, { aside: null, checkpoints: itselfStore, upto });
      expect(beside.way).toBe('beside checks');
      const at = upto ?? rows.length;
      expect(besideStore.store.sequences(key(dir), Infinity)).toEqual([at]);
      expect(itselfStore.store.sequences(key(dir), Infinity)).toEqual([at]);
      expect(tailOf(besideStore, dir, at)).toEqual(tailOf(itselfStore, dir, at));
      const resumed = fold(dir, { aside: null, checkpoints: { ...besideStore, hot: fresh().hot } });
      expect(resumed.resumedFrom).toBe(at);
      expect(resumed.view).toEqual(fold(dir, { aside: null }).view);
    }
  });

  it('asks for the slices’ keys only when it keeps digests', () => {
    const dir = dataDirWith(soundRun());
    const withStore = checksHere();
    fold(dir, { aside: withStore, checkpoints: fresh() });
    // The fold with a store, then `fold`'s strict fold without one.
    expect(withStore.jobs.map((job) => job.keysEvery)).toEqual([EVERY, null]);
    const noStore = checksHere();
    fold(dir, { aside: noStore });
    expect(noStore.jobs.map((job) => job.keysEvery)).toEqual([null, null]);
  });
});

describe('a fold beside its checks is thrown away and read again', () => {
  const sound = soundRun();
  const throwsAway = (name: string, options: ChecksHereOptions, readBeside?: FoldOptions['readBeside']) =>
    it(name, () => {
      const dir = dataDirWith(sound);
      const [besideStore, itselfStore] = [fresh(), fresh()];
      const beside = fold(dir, { aside: checksHere(options), checkpoints: besideStore, readBeside });
      expect(beside.way).toBe('thrown away, read again');
      const itself = fold(dir, { aside: null, checkpoints: itselfStore });
      expect(beside.view).toEqual(itself.view);
      // Its checkpoint is the fold's read again, not the one thrown away.
      expect(tailOf(besideStore, dir, sound.length)).toEqual(tailOf(itselfStore, dir, sound.length));
    });

  throwsAway('when the checks fail (a thread that could not read)', { answer: () => ({ ok: false, reason: 'no reader' }) });
  throwsAway('when the checks prove a range ending before the last row read', { answer: (answer) => (answer.ok ? { ...answer, through: 3 } : answer) });
  throwsAway('when the checks find a misfit row', { answer: (answer) => (answer.ok ? { ...answer, misfit: 2 } : answer) });
  throwsAway('when the read fails', {}, function* () {
    yield readFailure(RUN, diagnostic('sqlite-read-failed', 'a corrupt page'));
  });

  it('when events.db changed between the two reads (the fold read again is of the log as it is now)', () => {
    const dir = dataDirWith(sound);
    let appended = false;
    // Once (the strict fold of `fold` asks its checks too): a row written after the fold noted the database's state.
    const append = () => {
      if (appended) return;
      appended = true;
      const db = new Database(join(dir, 'events', 'events.db'));
      db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)').run(RUN, BigInt(sound.length + 1), 'evt_appended', 'harness.session.started', '2026-11-01T00:01:00.000Z', '{}');
      db.close();
    };
    const beside = fold(dir, { aside: checksHere({ before: append }) });
    expect(beside.way).toBe('thrown away, read again');
    expect(beside.view.sequence).toBe(sound.length + 1);
    expect(beside.view).toEqual(fold(dir, { aside: null }).view);
  });

  it('when no thread can be started, the fold reads without checks', () => {
    const dir = dataDirWith(sound);
    const none: ChecksAside = { minRows: 0, start: () => null };
    const beside = fold(dir, { aside: none });
    expect(beside.way).toBe('without checks');
    expect(beside.view).toEqual(fold(dir, { aside: null }).view);
  });
});

describe('the checks on a thread of their own', () => {
  const thread = (options: ChecksThreadOptions = {}): ChecksAside => ({ minRows: 0, start: (job) => startFoldChecksThread(job, options) });

  it('answer what the checks made here answer, and the fold kept equals the fold that checks itself; the data dir is unchanged', () => {
    const rows = soundRun();
    const dir = dataDirWith(rows);
    const before = hashTree(dir);
    const dbStat = statSync(join(dir, 'events', 'events.db'));
    const [threadStore, itselfStore] = [fresh(), fresh()];
    const beside = fold(dir, { aside: thread(), checkpoints: threadStore });
    const itself = fold(dir, { aside: null, checkpoints: itselfStore });
    expect(beside.way).toBe('beside checks');
    expect(beside.view).toEqual(itself.view);
    expect(tailOf(threadStore, dir, rows.length)).toEqual(tailOf(itselfStore, dir, rows.length));
    const here = checksHere();
    fold(dir, { aside: here, checkpoints: fresh() });
    const checks = startFoldChecksThread(here.jobs[0])!;
    try {
      const answer = checks.wait();
      expect(answer).toMatchObject({ ok: true, through: rows.length, misfit: null });
      expect(answer).toEqual(foldChecks(here.jobs[0]));
    } finally {
      checks.close();
    }
    expect(hashTree(dir)).toEqual(before);
    expect(statSync(join(dir, 'events', 'events.db')).mtimeMs).toBe(dbStat.mtimeMs);
  });

  it('a thread whose script does not load answers so, and the fold is read again', () => {
    const dir = dataDirWith(soundRun());
    const checks = startFoldChecksThread({ dataDir: dir, runId: RUN, after: 0, upto: null, types: ['RunStarted'], keysEvery: null }, { script: join(dir, 'no-such-script.js') })!;
    try {
      expect(checks.wait()).toMatchObject({ ok: false, reason: expect.stringContaining('did not load') });
    } finally {
      checks.close();
    }
    const beside = fold(dir, { aside: thread({ script: join(dir, 'no-such-script.js') }) });
    expect(beside.way).toBe('thrown away, read again');
    expect(beside.view).toEqual(fold(dir, { aside: null }).view);
  });

  it('a thread that never answers is given up after its wait, and the fold is read again', () => {
    const dir = dataDirWith(soundRun());
    const silent = join(__dirname, '..', '..', '..', 'test', 'support', 'silent-checks-thread.cjs');
    const beside = fold(dir, { aside: thread({ script: silent, timeoutMs: 300 }) });
    expect(beside.way).toBe('thrown away, read again');
    expect(beside.view).toEqual(fold(dir, { aside: null }).view);
  });
});

describe('by default (a thread, from 20,000 rows)', () => {
  it('a 25,000-event run folds beside a thread, equal to the fold that checks itself, tail checkpoint included; a small run folds without', () => {
    const dir = join(scratchRoot('li-aside-large-'), '.little-workflow');
    const runId = writeLargeRun(dir, { events: 25_000 });
    const opened = openDataDir(dir);
    if (!opened.ok) throw new Error(opened.error.message);
    const reader = observedReader(opened.value);
    try {
      const every = 10_000;
      const stores = [checkpointsOver(new CheckpointStore({ dir: null }), every), checkpointsOver(new CheckpointStore({ dir: null }), every)];
      const beside = foldLog({ reader, runId, table, mode: 'fold', checkpoints: stores[0] });
      expect(reader.way()).toBe('beside checks');
      const itself = foldLog({ reader, runId, table, mode: 'fold', checkpoints: stores[1], checksAside: null });
      expect(reader.way()).toBe('without checks');
      expect(foldView(beside)).toEqual(foldView(itself));
      expect(beside.events).toBe(25_000);
      const large = { dataDir: dir, runId, mode: 'fold' as const, tableHash: priceTableHash(table), every };
      const [a, b] = stores.map((store) => store.store.get(large, 25_000)!);
      expect({ digest: a.digest, base: a.slice.base, keys: a.slice.keys.join('\n'), state: JSON.stringify(a.checkpoint) }).toEqual({ digest: b.digest, base: b.slice.base, keys: b.slice.keys.join('\n'), state: JSON.stringify(b.checkpoint) });
      // Below the threshold no thread is started.
      foldLog({ reader, runId, table, mode: 'fold', checkpoints: null, upto: 19_999 });
      expect(reader.way()).toBe('without checks');
    } finally {
      reader.close();
    }
  }, 60_000);
});

describe('keyRanges', () => {
  it('cut a fold’s range at each slice boundary, then the partial slice', () => {
    expect(keyRanges(0, 25, 10)).toEqual([
      [0, 10],
      [10, 20],
      [20, 25],
    ]);
    expect(keyRanges(0, 20, 10)).toEqual([
      [0, 10],
      [10, 20],
    ]);
    expect(keyRanges(13, 21, 10)).toEqual([
      [13, 20],
      [20, 21],
    ]);
    expect(keyRanges(0, 3, 10)).toEqual([[0, 3]]);
  });
});
