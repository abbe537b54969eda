import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunHead } from '../../shared/run/run-head-types';
import type { LibrarySnapshot } from '../../shared/library';
import type { EarlyHead, EarlyHost } from '../web/early-head';

// The run store asks main for one head at a time while moving in time: a fast scrub asks for the
// position on the way and then only the latest one asked for, and an older answer never lands
// over a newer one. `api` is replaced by a controllable fake.
type Call = { ref: RunRef; resolve(): void };
const calls: Call[] = [];
// The page's early head (web/early-head.ts) waits here instead of on `window`.
const early = vi.hoisted(() => ({ host: {} as EarlyHost }));
vi.mock('../api', async () => {
  const { takeEarlyHead } = await import('../web/early-head');
  return {
    takeEarlyHead: (ref: RunRef) => takeEarlyHead(ref, early.host),
    api: {
      'run.detail': (ref: RunRef) =>
        new Promise((done) => {
          calls.push({ ref, resolve: () => done({ ok: true, value: { ref, build: calls.length } }) });
        }),
    },
  };
});

const { useRunStore } = await import('./run-store');
const { useLibraryStore } = await import('./library-store');
const run = { dataDir: '/d', runId: 'run_1' };
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  calls.length = 0;
  delete early.host.__liEarlyHead;
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

// A deep link's page asks the head before the app runs (web/early-head.ts); the first load takes
// it when the run has not grown since, as the library's row (read later) says.
describe('run store on a deep link', () => {
  const withRow = (lastSequence: number | undefined) =>
    useLibraryStore.setState({ snapshot: { runs: [{ ...run, ...(lastSequence === undefined ? {} : { lastSequence }) }] } as unknown as LibrarySnapshot });
  const earlyHead = (ref: RunRef, lastSequence: number, ok = true) => {
    early.host.__liEarlyHead = {
      ref,
      head: Promise.resolve(ok ? { ok: true, value: { ref, lastSequence, build: 'early' } as unknown as RunHead } : { ok: false, error: { code: 'internal', severity: 'error', message: 'no' } }),
    } as EarlyHead;
  };
  const shownBuild = () => {
    const head = useRunStore.getState().head;
    return head.phase === 'ready' ? (head.value as unknown as { build: unknown }).build : head.phase;
  };

  it('takes the early head of the same run and position when the run ends where the library says', async () => {
    withRow(40);
    earlyHead(run, 40);
    await useRunStore.getState().load(run);
    expect(calls).toEqual([]);
    expect(shownBuild()).toBe('early');
    expect(early.host.__liEarlyHead).toBe('taken');
  });

  it('asks again when the run grew since, when the library row has no last sequence, or when the early answer failed', async () => {
    for (const [row, head, ok] of [[41, 40, true], [undefined, 40, true], [40, 40, false]] as const) {
      calls.length = 0;
      useRunStore.getState().close();
      withRow(row);
      earlyHead(run, head, ok);
      const loading = useRunStore.getState().load(run);
      await settle();
      expect(calls.map((c) => c.ref)).toEqual([run]);
      calls[0]!.resolve();
      await loading;
      expect(shownBuild()).toBe(1);
    }
  });

  it('as of an event, takes the early head of that position whatever the run did since', async () => {
    withRow(99);
    earlyHead({ ...run, at: 3 }, 3);
    await useRunStore.getState().load({ ...run, at: 3 });
    expect(calls).toEqual([]);
    expect(shownBuild()).toBe('early');
  });

  it('only the first load looks: one of another position asks, and so does every load after it', async () => {
    withRow(40);
    earlyHead({ ...run, at: 3 }, 40);
    void useRunStore.getState().load(run);
    expect(calls.map((c) => c.ref)).toEqual([run]);
    calls[0]!.resolve();
    await settle();
    useRunStore.getState().close();
    void useRunStore.getState().load({ ...run, at: 3 });
    expect(calls.map((c) => c.ref)).toEqual([run, { ...run, at: 3 }]);
  });
});
