import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOOPCTL_SESSIONS } from '../../scripts/fixtures/loopctl/loopctl-scenario';
import { diagnostic, fail, ok } from '../../shared/diagnostics';
import { loopctlRunId } from '../../shared/loopctl/segment-events';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { EventFilterSpec, EventRow } from '../../shared/run/run-detail-types';
import { sliceItems, type Slice } from '../../shared/run/run-head-types';
import { fixtureRun } from '../../test/support/fixture-manifest';
import { hashTree } from '../../test/support/store-test-fixtures';
import { createRunDetailPool } from '../workers/run-detail-pool';
import { createEventsSlicer, type EventLog, type EventsRun } from './events-slice';
import { loadLibrary } from './load-library';
import { matches } from '../sources/event-filter';
import { createRunService } from './run-service';

const row = (sequence: number): EventRow => ({
  sequence,
  type: sequence % 3 === 0 ? 'harness.model.called' : 'StepAttemptStarted',
  recordedAt: '2026-11-20T09:00:00.000Z',
  eventId: `e${sequence}`,
  payloadChars: 10,
  ...(sequence % 2 === 0 ? { caller: 'worker' } : {}),
});

/** An in-memory log of `sequences`, counting its reads and scans. */
function memoryLog(sequences: number[]) {
  const rows = sequences.map(row);
  const calls = { reads: [] as Array<[number, number]>, scans: 0 };
  const log: EventLog = {
    rows(from, limit) {
      calls.reads.push([from, limit]);
      return ok(rows.filter((r) => r.sequence >= from).slice(0, limit));
    },
    matching(filter: EventFilterSpec) {
      calls.scans += 1;
      return ok(rows.filter((r) => matches(r, filter)).map((r) => r.sequence));
    },
  };
  return { log, calls };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const run = (stamp: string | null, knownLast = 0): EventsRun => ({ key: 'dir\u0000run_a', stamp, knownLast });
const sequencesOf = (slice: Slice<'events'>) => slice.items.map((item) => item?.sequence ?? null);

function value<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the events slice', () => {
  it('pages the unfiltered log by sequence: item i is sequence i + 1, the last window short, a gap null', async () => {
    const { slice } = createEventsSlicer();
    const { log } = memoryLog([...range(1, 4), ...range(7, 450)]);
    const first = value(await slice(run('s', 450), log, { section: 'events', from: 0, count: 200 }));
    expect(first).toMatchObject({ section: 'events', from: 0, total: 450, build: 0 });
    expect(sequencesOf(first).slice(0, 8)).toEqual([1, 2, 3, 4, null, null, 7, 8]);
    expect(first.items).toHaveLength(200);
    const last = value(await slice(run('s', 450), log, { section: 'events', from: 400, count: 200 }));
    expect(sequencesOf(last)).toEqual(range(401, 450));
    const past = value(await slice(run('s', 450), log, { section: 'events', from: 600, count: 200 }));
    expect(past.items).toEqual([]);
  });

  it('counts rows the library row has not seen yet (a live log ahead of the snapshot)', async () => {
    const { slice } = createEventsSlicer();
    const { log } = memoryLog(range(1, 230));
    const window = value(await slice(run('s', 200), log, { section: 'events', from: 200, count: 200 }));
    expect(window.total).toBe(230);
    expect(sequencesOf(window)).toEqual(range(201, 230));
    // A window before the new rows cannot see them: the row's count stands.
    expect(value(await slice(run('s', 200), log, { section: 'events', from: 0, count: 10 })).total).toBe(200);
  });

  it('answers where a sequence sits, -1 when it is not in the list', async () => {
    const { slice } = createEventsSlicer();
    const { log } = memoryLog(range(1, 30));
    expect(value(await slice(run('s', 30), log, { section: 'events', from: 0, count: 5, find: 17 })).found).toBe(16);
    expect(value(await slice(run('s', 30), log, { section: 'events', from: 0, count: 5, find: 31 })).found).toBe(-1);
    const filtered = { section: 'events' as const, from: 0, count: 5, filter: { typePrefix: 'harness.model.' } };
    expect(value(await slice(run('s', 30), log, { ...filtered, find: 18 })).found).toBe(5);
    expect(value(await slice(run('s', 30), log, { ...filtered, find: 17 })).found).toBe(-1);
    expect(value(await slice(run('s', 30), log, { section: 'events', from: 0, count: 5 })).found).toBeUndefined();
  });

  it('pages a filtered list by its index, reading near rows as one span and far ones apart', async () => {
    const { slice } = createEventsSlicer();
    const { log, calls } = memoryLog([...range(1, 60), ...range(1000, 1010)]);
    const spec = { section: 'events' as const, from: 0, count: 200, filter: { typePrefix: 'harness.model.', caller: 'worker' } };
    const window = value(await slice(run('s', 1010), log, spec));
    expect(sequencesOf(window)).toEqual([6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 1002, 1008]);
    expect(window.total).toBe(12);
    expect(calls.reads).toEqual([
      [6, 55],
      [1002, 7],
    ]);
    const second = value(await slice(run('s', 1010), log, { ...spec, from: 10, count: 5 }));
    expect(sequencesOf(second)).toEqual([1002, 1008]);
    expect(second.total).toBe(12);
  });

  it('treats blank filter fields as unset', async () => {
    const { slice } = createEventsSlicer();
    const { log, calls } = memoryLog(range(1, 10));
    const window = value(await slice(run('s', 10), log, { section: 'events', from: 0, count: 5, filter: { typePrefix: '  ', caller: '' } }));
    expect(window.total).toBe(10);
    expect(calls.scans).toBe(0);
  });

  it('scans once per run, filter and library row; a changed row, another filter or an unlisted run scan again', async () => {
    const { slice } = createEventsSlicer();
    const { log, calls } = memoryLog(range(1, 500));
    const spec = { section: 'events' as const, from: 0, count: 200, filter: { typePrefix: 'harness.' } };
    await Promise.all([slice(run('a', 500), log, spec), slice(run('a', 500), log, { ...spec, from: 200 })]);
    expect(calls.scans).toBe(1);
    await slice(run('b', 500), log, spec);
    expect(calls.scans).toBe(2);
    await slice(run('b', 500), log, { ...spec, filter: { caller: 'worker' } });
    expect(calls.scans).toBe(3);
    await slice(run(null, 0), log, spec);
    await slice(run(null, 0), log, spec);
    expect(calls.scans).toBe(5);
  });

  it('passes a failed read on as its diagnostic and does not keep a failed scan', async () => {
    const { slice } = createEventsSlicer();
    let scans = 0;
    const broken: EventLog = {
      rows: () => fail(diagnostic('sqlite-corrupt', 'page 7 is corrupt')),
      matching: () => {
        scans += 1;
        return fail(diagnostic('sqlite-corrupt', 'page 7 is corrupt'));
      },
    };
    const plain = await slice(run('s', 9), broken, { section: 'events', from: 0, count: 5 });
    expect(!plain.ok && plain.error.code).toBe('sqlite-corrupt');
    const spec = { section: 'events' as const, from: 0, count: 5, filter: { caller: 'x' } };
    expect((await slice(run('s', 9), broken, spec)).ok).toBe(false);
    expect((await slice(run('s', 9), broken, spec)).ok).toBe(false);
    expect(scans).toBe(2);
  });
});

describe('run.slice events through the run service', () => {
  function service(root: string) {
    const library = loadLibrary(root, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    return createRunService({ snapshot: () => library.value, table: () => BUNDLED_PRICE_TABLE, pool: createRunDetailPool({ useWorker: false }) });
  }

  it('pages and filters a little-workflow run without touching its data dir', async () => {
    const fixture = fixtureRun('completed: planner prelude');
    const before = hashTree(fixture.dir);
    const s = service(fixture.dir);
    const ref = { dataDir: fixture.dir, runId: fixture.runId };
    const all = value(await s.slice(ref, { section: 'events', from: 2, count: 5 }));
    expect(sliceItems(all, 'events').map((r) => r?.sequence)).toEqual([3, 4, 5, 6, 7]);
    const every = sliceItems(value(await s.slice(ref, { section: 'events', from: 0, count: 1000 })), 'events');
    expect(all.total).toBe(every.length);
    const models = value(await s.slice(ref, { section: 'events', from: 0, count: 200, filter: { typePrefix: 'harness.model.' } }));
    const expected = every.filter((r) => r?.type.startsWith('harness.model.')).map((r) => r?.sequence);
    expect(expected.length).toBeGreaterThan(0);
    expect(models.total).toBe(expected.length);
    expect(sliceItems(models, 'events').map((r) => r?.sequence)).toEqual(expected);
    expect(sliceItems(models, 'events').every((r) => r?.type.startsWith('harness.model.') && r.payloadChars > 0)).toBe(true);
    expect(hashTree(fixture.dir)).toEqual(before);
  });

  it('pages and filters a loopctl run (its ledger records)', async () => {
    const root = join(__dirname, '../../examples/fixtures/loopctl');
    const before = hashTree(root);
    const s = service(root);
    const ref = { dataDir: join(root, 'ledgers'), runId: loopctlRunId(LOOPCTL_SESSIONS.a, 2) };
    const all = value(await s.slice(ref, { section: 'events', from: 0, count: 200 }));
    expect(all.total).toBe(12);
    expect(sliceItems(all, 'events').map((r) => r?.eventId).at(-1)).toBe('trajectory.jsonl:3');
    const tools = value(await s.slice(ref, { section: 'events', from: 0, count: 200, filter: { typePrefix: 'tool.' }, find: 5 }));
    expect(sliceItems(tools, 'events').map((r) => [r?.sequence, r?.type])).toEqual([
      [4, 'tool.call'],
      [5, 'tool.result'],
    ]);
    expect(tools.found).toBe(1);
    const unknown = await s.slice({ ...ref, runId: 'run_lc_nope_1' }, { section: 'events', from: 0, count: 10 });
    expect(!unknown.ok && unknown.error.code).toBe('run-not-found');
    expect(hashTree(root)).toEqual(before);
  });

  it('refuses a data dir outside the opened library', async () => {
    const s = service(fixtureRun('completed: planner prelude').dir);
    const other = fixtureRun('crashed model-call-in-flight');
    const refused = await s.slice({ dataDir: other.dir, runId: other.runId }, { section: 'events', from: 0, count: 10 });
    expect(!refused.ok && refused.error.code).toBe('invalid-argument');
  });
});
