import { describe, expect, it } from 'vitest';
import type { InspectorApi } from '../../shared/contract';
import type { RunRef } from '../../shared/run/run-detail-types';
import { startEarlyHead, takeEarlyHead, type EarlyHost } from './early-head';

// The page's first script names the run, then asks the head of the ref the server answered;
// the app takes that answer once, for the same run and position only.
function fakeApi(prepared: RunRef | null) {
  const asked: Array<{ channel: string; request: unknown }> = [];
  const api = {
    'run.prepare': async (request: unknown) => (asked.push({ channel: 'run.prepare', request }), { ok: true, value: prepared }),
    'run.detail': async (request: RunRef) => (asked.push({ channel: 'run.detail', request }), { ok: true, value: { ref: request } }),
  } as unknown as InspectorApi;
  return { api, asked };
}

const ref = { dataDir: '/d/.little-workflow', runId: 'run_1' };

describe('the early head', () => {
  it('asks the head of the ref run.prepare answers, and hands it over once', async () => {
    const { api, asked } = fakeApi(ref);
    const host: EarlyHost = {};
    await startEarlyHead(api, { runId: 'run_1', dir: null }, host);
    expect(asked).toEqual([
      { channel: 'run.prepare', request: { runId: 'run_1', dir: null } },
      { channel: 'run.detail', request: ref },
    ]);
    const head = takeEarlyHead(ref, host);
    expect(await head).toEqual({ ok: true, value: { ref } });
    expect(takeEarlyHead(ref, host)).toBeNull();
  });

  it('only the first load looks: another run or position first, and none is ever handed over', async () => {
    for (const first of [{ ...ref, at: 3 }, { dataDir: ref.dataDir, runId: 'run_2' }]) {
      const host: EarlyHost = {};
      await startEarlyHead(fakeApi(ref).api, { runId: 'run_1', dir: null }, host);
      expect(takeEarlyHead(first, host)).toBeNull();
      expect(takeEarlyHead(ref, host)).toBeNull();
    }
  });

  it('a head the server answers after the first load looked is not kept for a later one', async () => {
    const { api, asked } = fakeApi(ref);
    const host: EarlyHost = {};
    const started = startEarlyHead(api, { runId: 'run_1', dir: null }, host);
    expect(takeEarlyHead(ref, host)).toBeNull();
    await started;
    expect(asked.map((a) => a.channel)).toEqual(['run.prepare']);
    expect(takeEarlyHead(ref, host)).toBeNull();
  });

  it('as of an event: asks with `at` and hands over only that position', async () => {
    const { api, asked } = fakeApi({ ...ref, at: 3 });
    const host: EarlyHost = {};
    await startEarlyHead(api, { runId: 'run_1', dir: null, at: 3 }, host);
    expect(asked[1]).toEqual({ channel: 'run.detail', request: { ...ref, at: 3 } });
    expect(takeEarlyHead({ ...ref, at: 3 }, host)).not.toBeNull();
  });

  it('asks nothing more for a run the server does not know', async () => {
    const { api, asked } = fakeApi(null);
    const host: EarlyHost = {};
    await startEarlyHead(api, { runId: 'run_9', dir: 'x' }, host);
    expect(asked.map((a) => a.channel)).toEqual(['run.prepare']);
    expect(takeEarlyHead(ref, host)).toBeNull();
  });
});
