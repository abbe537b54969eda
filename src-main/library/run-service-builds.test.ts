import { describe, expect, it } from 'vitest';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { EXAMPLES, fixtureRun } from '../../test/support/fixture-manifest';
import { createRunDetailPool, type DetailBuild, type RunDetailPool } from '../workers/run-detail-pool';
import { loadLibrary } from './load-library';
import { createRunService, MODEL_CACHE_EVENTS } from './run-service';

// A live run grows while its model builds (seconds for a big one). One build per run at a
// time (head, then lists): requests that come meanwhile share it, and the next request after its lists starts a new one.
describe('run model builds', () => {
  it('a request during a build shares it even when the run grew; the next one rebuilds', async () => {
    const loaded = loadLibrary(EXAMPLES, BUNDLED_PRICE_TABLE);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const run = fixtureRun('crashed model-call-in-flight');
    const ref = { dataDir: run.dir, runId: run.runId };
    const real = createRunDetailPool({ useWorker: false });
    const started: Array<(result: Result<DetailBuild>) => void> = [];
    const pool = { ...real, detail: () => new Promise<Result<DetailBuild>>((resolve) => started.push(resolve)) } as RunDetailPool;
    let snapshot: LibrarySnapshot = loaded.value;
    const service = createRunService({ snapshot: () => snapshot, table: () => BUNDLED_PRICE_TABLE, pool });

    const first = service.head(ref);
    // The run grew: its row in the library has one more event.
    snapshot = { ...snapshot, runs: snapshot.runs.map((r) => (r.runId === run.runId ? { ...r, eventCount: r.eventCount + 1 } : r)) };
    const during = service.head(ref);
    expect(started).toHaveLength(1);

    const summary = loaded.value.runs.find((r) => r.runId === run.runId)!;
    started[0](await real.detail(run.dir, run.runId, { summary, siblings: [summary], table: BUNDLED_PRICE_TABLE }));
    const [a, b] = await Promise.all([first, during]);
    expect(a.ok && b.ok && a.value.build).toBe(b.ok ? b.value.build : -1);
    // The head came; the build is still running until its lists are built, so it is still shared.
    void service.head(ref);
    expect(started).toHaveLength(1);

    expect((await service.timeline(ref)).ok).toBe(true);
    void service.head(ref);
    expect(started).toHaveLength(2);
  });
});

// The worker skips a move's lists once a later move of the run is asked for (travel-moves.ts); a
// return to that position before the skip got its lists cancelled: the service builds it again.
describe('a position whose lists were skipped', () => {
  /**
   * A service over the crashed fixture run whose pool answers the first build of position
   * `skipped` (default: the first build) as the worker answers a move passed over: its lists
   * (unless `checkOnly`) and its check `cancelled`, once `skip()` is called.
   */
  function skippingService(options: { back: number; checkOnly?: boolean }) {
    const loaded = loadLibrary(EXAMPLES, BUNDLED_PRICE_TABLE);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const run = fixtureRun('crashed model-call-in-flight');
    const last = loaded.value.runs.find((r) => r.runId === run.runId)!.lastSequence ?? options.back + 1;
    const at = (back: number) => ({ dataDir: run.dir, runId: run.runId, at: last - back });
    const real = createRunDetailPool({ useWorker: false });
    const asked: Array<number | undefined> = [];
    let skip: () => void = () => {};
    const pool = {
      ...real,
      detail: async (...args: Parameters<RunDetailPool['detail']>) => {
        const built = await real.detail(...args);
        asked.push(args[2].upto);
        if (asked.filter((upto) => upto === args[2].upto).length > 1 || args[2].upto !== last - options.back || !built.ok) return built;
        const cancelled = new Promise<Result<never>>((resolve) => (skip = () => resolve(fail(diagnostic('cancelled', 'a later position was asked for')))));
        return ok({ ...built.value, ...(options.checkOnly ? {} : { lists: cancelled }), findings: cancelled });
      },
    } as RunDetailPool;
    const service = createRunService({ snapshot: () => loaded.value, table: () => BUNDLED_PRICE_TABLE, pool });
    return { service, at, asked, skip: () => skip() };
  }

  it('is built again for a request that was waiting on the skipped build', async () => {
    const { service, at, asked, skip } = skippingService({ back: 1 });
    const ref = at(1);
    expect((await service.head(ref)).ok).toBe(true);
    // Asked while the first build's lists are still pending; then they come back cancelled.
    const timeline = service.timeline(ref);
    const findings = service.findings(ref);
    skip();
    expect((await timeline).ok).toBe(true);
    expect((await findings).ok).toBe(true);
    expect(asked).toEqual([ref.at, ref.at]);
  });

  it('whose check alone was stopped is built again for the position shown', async () => {
    const { service, at, asked, skip } = skippingService({ back: 1, checkOnly: true });
    const ref = at(1);
    await service.head(ref);
    const found = service.findings(ref);
    skip();
    const checked = await found;
    expect(checked.ok && Array.isArray(checked.value)).toBe(true);
    expect(asked).toEqual([ref.at, ref.at]);
  });

  it('is not built again for a request the view has moved on from (building it would cancel the position shown)', async () => {
    const { service, at, asked, skip } = skippingService({ back: 2 });
    const [a, b] = [at(2), at(1)];
    await service.head(a);
    const staleFindings = service.findings(a);
    const staleTimeline = service.timeline(a);
    await service.head(b);
    skip();
    const [found, timeline] = await Promise.all([staleFindings, staleTimeline]);
    expect(!found.ok && found.error.code).toBe('cancelled');
    expect(!timeline.ok && timeline.error.code).toBe('cancelled');
    expect(asked).toEqual([a.at, b.at]);
  });
});

// A deep link's page names its run before its app has loaded (shared/early-prepare-script.ts): the
// build starts then, and the run view's own run.detail shares it.
describe('run.prepare', () => {
  function preparedService() {
    const loaded = loadLibrary(EXAMPLES, BUNDLED_PRICE_TABLE);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const real = createRunDetailPool({ useWorker: false });
    const started: Array<{ dataDir: string; runId: string; upto: number | undefined }> = [];
    const pool = {
      ...real,
      detail: (...args: Parameters<RunDetailPool['detail']>) => (started.push({ dataDir: args[0], runId: args[1], upto: args[2].upto }), real.detail(...args)),
    } as RunDetailPool;
    return { snapshot: loaded.value, started, service: createRunService({ snapshot: () => loaded.value, table: () => BUNDLED_PRICE_TABLE, pool }) };
  }

  it('starts the build of the run an address names and answers its ref at once; run.detail then shares it', async () => {
    const { started, service } = preparedService();
    const run = fixtureRun('crashed model-call-in-flight');
    expect(service.prepare(run.runId, null, undefined)).toEqual({ ok: true, value: { dataDir: run.dir, runId: run.runId } });
    expect(started).toEqual([{ dataDir: run.dir, runId: run.runId, upto: undefined }]);
    const head = await service.head({ dataDir: run.dir, runId: run.runId });
    expect(head.ok && head.value.state.runId).toBe(run.runId);
    expect(started).toHaveLength(1);
    // As of an event: its own build, shared the same way.
    expect(service.prepare(run.runId, null, 3)).toEqual({ ok: true, value: { dataDir: run.dir, runId: run.runId, at: 3 } });
    const at = await service.head({ dataDir: run.dir, runId: run.runId, at: 3 });
    expect(at.ok && at.value.state.eventCount).toBe(3);
    expect(started.map((s) => s.upto)).toEqual([undefined, 3]);
  });

  it('starts nothing for a run the library does not list, nor under a data dir label it does not have', () => {
    const { snapshot, started, service } = preparedService();
    const run = fixtureRun('crashed model-call-in-flight');
    expect(service.prepare('run_00000000-0000-0000-0000-000000000000', null, undefined)).toEqual({ ok: true, value: null });
    expect(service.prepare(run.runId, 'no/such/.little-workflow', undefined)).toEqual({ ok: true, value: null });
    expect(started).toEqual([]);
    // Under its own data dir's label it is found.
    const label = snapshot.dataDirs.find((d) => d.path === run.dir)!.label;
    service.prepare(run.runId, label, undefined);
    expect(started.map((s) => s.runId)).toEqual([run.runId]);
  });
});

// Main keeps the models of the last runs opened, but not past an event budget: two big runs
// do not stay in memory together, the open one always does.
describe('run model cache', () => {
  const runs = ['crashed model-call-in-flight', 'broken sequence-gap'].map((text) => fixtureRun(text));

  async function openBoth(eventCount: number | null) {
    const loaded = loadLibrary(EXAMPLES, BUNDLED_PRICE_TABLE);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const real = createRunDetailPool({ useWorker: false });
    let builds = 0;
    const pool = { ...real, detail: (...args: Parameters<RunDetailPool['detail']>) => (builds++, real.detail(...args)) } as RunDetailPool;
    // The same fixture runs, their rows saying how long they are.
    const snapshot: LibrarySnapshot = {
      ...loaded.value,
      runs: loaded.value.runs.map((r) => (eventCount !== null && runs.some((run) => run.runId === r.runId) ? { ...r, eventCount } : r)),
    };
    const service = createRunService({ snapshot: () => snapshot, table: () => BUNDLED_PRICE_TABLE, pool });
    for (const run of [...runs, runs[0]]) {
      const ref = { dataDir: run.dir, runId: run.runId };
      expect((await service.head(ref)).ok).toBe(true);
      expect((await service.timeline(ref)).ok).toBe(true);
    }
    return builds;
  }

  it('small runs: going back to the first run reuses its model', async () => {
    expect(await openBoth(null)).toBe(2);
  });

  it(`runs over the budget together (${MODEL_CACHE_EVENTS.toLocaleString('en-US')} events): going back to the first run builds it again`, async () => {
    expect(await openBoth(Math.ceil(MODEL_CACHE_EVENTS * 0.6))).toBe(3);
  });
});
