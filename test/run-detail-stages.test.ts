import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { loadLibrary } from '../src-main/library/load-library';
import { createRunDetailPool, type RunDetailPool } from '../src-main/workers/run-detail-pool';
import { fixtureRun } from './support/fixture-manifest';
import { modelDetail } from '../shared/run/run-model';

// A run's build comes in stages from the worker thread: the head (the overview) first, then the
// lists, then the integrity findings. A worker a build left with a big heap ends once idle, and
// the next request starts a fresh one.
const pools: RunDetailPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function contextOf(text: string) {
  const run = fixtureRun(text);
  const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  const summary = library.value.runs.find((r) => r.runId === run.runId)!;
  return { run, context: { summary, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE } };
}

describe('staged run builds in the worker', () => {
  for (const useWorker of [true, false]) {
    it(`the head comes first, then the lists, then the findings (${useWorker ? 'worker thread' : 'in process'})`, async () => {
      const pool = createRunDetailPool({ useWorker });
      pools.push(pool);
      const { run, context } = contextOf('broken sequence-gap');
      const order: string[] = [];
      const built = await pool.detail(run.dir, run.runId, context);
      order.push('head');
      if (!built.ok) throw new Error(built.error.message);
      const lists = built.value.lists.then((r) => (order.push('lists'), r));
      const findings = built.value.findings!.then((r) => (order.push('findings'), r));
      const [l, f] = await Promise.all([lists, findings]);
      expect(order).toEqual(['head', 'lists', 'findings']);
      expect(built.value.head.steps.count).toBe(l.ok ? modelDetail(l.value).steps.length : -1);
      expect(built.value.head).not.toHaveProperty('timeline');
      expect(f.ok && f.value.map((d) => d.code)).toContain('sequence-gap');
    });
  }

  it('a worker left above the heap limit ends when idle; the next request starts another', async () => {
    const pool = createRunDetailPool({ recycleHeapBytes: 1 });
    pools.push(pool);
    const { run, context } = contextOf('crashed model-call-in-flight');
    const first = await pool.detail(run.dir, run.runId, context);
    if (!first.ok) throw new Error(first.error.message);
    // Still building the lists and checking the log: the worker stays.
    expect(pool.running()).toBe(true);
    await first.value.findings;
    expect(pool.running()).toBe(false);
    const again = await pool.detail(run.dir, run.runId, context);
    expect(again.ok && again.value.head.lastSequence).toBe(first.value.head.lastSequence);
    await (again.ok ? again.value.findings : null);
  });

  it('a worker under the heap limit stays for the next request', async () => {
    const pool = createRunDetailPool({ recycleHeapBytes: 1024 ** 3 });
    pools.push(pool);
    const { run, context } = contextOf('crashed model-call-in-flight');
    const built = await pool.detail(run.dir, run.runId, context);
    await (built.ok ? built.value.findings : null);
    expect(pool.running()).toBe(true);
  });

  it('a move followed by a later move of the same run: the first answers its head, its lists and check come back cancelled; the later one is built whole', async () => {
    const pool = createRunDetailPool({ useWorker: true });
    pools.push(pool);
    const { run, context } = contextOf('crashed model-call-in-flight');
    const last = context.summary.lastSequence ?? 0;
    expect(last).toBeGreaterThan(3);
    const [first, second] = await Promise.all([pool.detail(run.dir, run.runId, { ...context, upto: last - 2 }), pool.detail(run.dir, run.runId, { ...context, upto: last - 1 })]);
    if (!first.ok || !second.ok) throw new Error('no head');
    expect(first.value.head.ref.at).toBe(last - 2);
    const [lists, findings] = await Promise.all([first.value.lists, first.value.findings!]);
    expect(!lists.ok && lists.error.code).toBe('cancelled');
    expect(!findings.ok && findings.error.code).toBe('cancelled');
    const [laterLists, laterFindings] = await Promise.all([second.value.lists, second.value.findings!]);
    expect(laterLists.ok && modelDetail(laterLists.value).ref.at).toBe(last - 1);
    expect(laterFindings.ok).toBe(true);
    // Another run's move, or the run as it is now, cancels nothing.
    const now = await pool.detail(run.dir, run.runId, context);
    const move = await pool.detail(run.dir, run.runId, { ...context, upto: last - 2 });
    expect(now.ok && (await now.value.lists).ok).toBe(true);
    expect(move.ok && (await move.value.lists).ok).toBe(true);
  });

  it('a detail asked right after the library load, while the worker warms its fold on a made-up run, equals the build in process', async () => {
    const { run, context } = contextOf('crashed model-call-in-flight');
    const worker = createRunDetailPool({ useWorker: true });
    const inProcess = createRunDetailPool({ useWorker: false });
    pools.push(worker, inProcess);
    // The library load starts the worker; once it is answered the worker is idle and starts its warm-up.
    const library = await worker.library(run.dir, BUNDLED_PRICE_TABLE);
    expect(library.ok).toBe(true);
    const [warm, plain] = await Promise.all([worker.detail(run.dir, run.runId, context), inProcess.detail(run.dir, run.runId, context)]);
    if (!warm.ok || !plain.ok) throw new Error('no head');
    expect(warm.value.head).toEqual(plain.value.head);
    const [warmLists, plainLists] = await Promise.all([warm.value.lists, plain.value.lists]);
    if (!warmLists.ok || !plainLists.ok) throw new Error('no lists');
    expect(modelDetail(warmLists.value)).toEqual(modelDetail(plainLists.value));
    expect(await warm.value.findings).toEqual(await plain.value.findings);
  });
});
