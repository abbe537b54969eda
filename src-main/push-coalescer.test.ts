import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushMessage } from '../shared/contract';
import { PushCoalescer } from './push-coalescer';
import { emptySnapshot } from '../test/support/empty-snapshot';
import { liveSummary } from '../test/support/live-summary';

const message = (root: string): PushMessage => ({
  kind: 'library.changed',
  snapshot: emptySnapshot(root),
});

class Target {
  destroyed = false;
  isDestroyed() {
    return this.destroyed;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PushCoalescer', () => {
  it('sends the first push at once, then at most one per interval with the latest message', () => {
    const send = vi.fn();
    const coalescer = new PushCoalescer<Target>({ send, intervalMs: 16 });
    const target = new Target();
    coalescer.push([target], message('/1'));
    expect(send).toHaveBeenCalledExactlyOnceWith(target, message('/1'));
    for (let i = 2; i <= 50; i++) coalescer.push([target], message(`/${i}`));
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(16);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith(target, message('/50'));
    // Quiet for longer than the interval: the next push goes out immediately again.
    vi.advanceTimersByTime(100);
    coalescer.push([target], message('/51'));
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('throttles each target independently', () => {
    const send = vi.fn();
    const coalescer = new PushCoalescer<Target>({ send, intervalMs: 16 });
    const a = new Target();
    const b = new Target();
    coalescer.push([a], message('/a'));
    coalescer.push([a, b], message('/ab'));
    expect(send.mock.calls.map(([t, m]) => [t === a ? 'a' : 'b', m.snapshot.root])).toEqual([
      ['a', '/a'],
      ['b', '/ab'],
    ]);
    vi.advanceTimersByTime(16);
    expect(send).toHaveBeenLastCalledWith(a, message('/ab'));
  });

  it('drops a target destroyed before its trailing send, and survives a throwing send', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const a = new Target();
    const b = new Target();
    const send = vi.fn((target: Target) => {
      if (target === b) throw new Error('gone');
    });
    const coalescer = new PushCoalescer<Target>({ send, intervalMs: 16 });
    coalescer.push([b, a], message('/1'));
    expect(send).toHaveBeenCalledTimes(2);
    coalescer.push([a], message('/2'));
    a.destroyed = true;
    vi.advanceTimersByTime(16);
    expect(send).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('dispose cancels pending sends', () => {
    const send = vi.fn();
    const coalescer = new PushCoalescer<Target>({ send, intervalMs: 16 });
    const target = new Target();
    coalescer.push([target], message('/1'));
    coalescer.push([target], message('/2'));
    coalescer.dispose();
    vi.advanceTimersByTime(100);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('concatenates live run deltas within an interval instead of keeping only the latest', () => {
    const send = vi.fn();
    const coalescer = new PushCoalescer<Target>({ send, intervalMs: 16 });
    const target = new Target();
    const delta = (sequence: number): PushMessage => ({
      kind: 'run.delta',
      dataDir: '/d',
      runId: 'run_a',
      events: [{ sequence, type: 'StepScheduled', recordedAt: '', eventId: `evt_${sequence}` }],
      skipped: 0,
      summary: { ...liveSummary, lastSequence: sequence },
    });
    coalescer.push([target], delta(1));
    for (let sequence = 2; sequence <= 30; sequence += 1) coalescer.push([target], delta(sequence));
    coalescer.push([target], message('/x'));
    vi.advanceTimersByTime(16);
    const sent = send.mock.calls.map(([, m]) => m as PushMessage);
    const sequences = sent.flatMap((m) => (m.kind === 'run.delta' ? m.events.map((e) => e.sequence) : []));
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(sent.map((m) => m.kind)).toEqual(['run.delta', 'run.delta', 'library.changed']);
    const merged = sent[1];
    expect(merged.kind === 'run.delta' && merged.summary.lastSequence).toBe(30);
  });
});
