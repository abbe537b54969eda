import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunRef } from '../../shared/run/run-detail-types';

// The run store asks main for one head at a time while moving in time: a fast scrub asks for the
// position on the way and then only the latest one asked for, and an older answer never lands
// over a newer one. `api` is replaced by a controllable fake.
type Call = { ref: RunRef; resolve(): void };
const calls: Call[] = [];
vi.mock('../api', async () => {
  return {
    api: {
      'run.detail': (ref: RunRef) =>
        new Promise((done) => {
          calls.push({ ref, resolve: () => done({ ok: true, value: { ref, build: calls.length } }) });
        }),
    },
  };
});

const { useRunStore } = await import('./run-store');
const run = { dataDir: '/d', runId: 'run_1' };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  calls.length = 0;
  useRunStore.getState().close();
});

async function openAtNow() {
  void useRunStore.getState().load(run);
  calls[0]!.resolve();
  await settle();
}

describe('run store while moving in time', () => {
  it('keeps the shown head while another position loads, and asks without `at` for now', async () => {
    await openAtNow();
    expect(calls[0]!.ref).toEqual(run);
    expect(calls[0]!.ref).not.toHaveProperty('at');
    void useRunStore.getState().load({ ...run, at: 5 });
    const state = useRunStore.getState();
    expect(state.head.phase).toBe('ready');
    expect(state.moving).toBe(true);
    calls[1]!.resolve();
    await settle();
    const head = useRunStore.getState().head;
    expect(head.phase === 'ready' && head.value.ref).toEqual({ ...run, at: 5 });
    expect(useRunStore.getState().moving).toBe(false);
  });

  it('a fast scrub asks for the position on the way, then only the latest one', async () => {
    await openAtNow();
    const store = useRunStore.getState();
    void store.load({ ...run, at: 2 });
    void store.load({ ...run, at: 3 });
    void store.load({ ...run, at: 4 });
    void store.load({ ...run, at: 7 });
    expect(calls.map((c) => c.ref.at)).toEqual([undefined, 2]);
    calls[1]!.resolve();
    await settle();
    // The answer for #2 shows while #7 (not #3, not #4) is asked.
    expect(calls.map((c) => c.ref.at)).toEqual([undefined, 2, 7]);
    expect(useRunStore.getState().moving).toBe(true);
    calls[2]!.resolve();
    await settle();
    const head = useRunStore.getState().head;
    expect(head.phase === 'ready' && head.value.ref.at).toBe(7);
    expect(useRunStore.getState().moving).toBe(false);
  });

  it('another run starts over: the old run\'s answer is dropped', async () => {
    await openAtNow();
    void useRunStore.getState().load({ ...run, at: 3 });
    void useRunStore.getState().load({ dataDir: '/d', runId: 'run_2' });
    expect(useRunStore.getState().head.phase).toBe('loading');
    calls[2]!.resolve();
    await settle();
    calls[1]!.resolve();
    await settle();
    const head = useRunStore.getState().head;
    expect(head.phase === 'ready' && head.value.ref.runId).toBe('run_2');
  });
});
