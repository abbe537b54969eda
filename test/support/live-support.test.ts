import { describe, expect, it } from 'vitest';
import type { LiveObserver } from '../../src-main/live/live-observer';
import { untilDelivered } from './live-support';

/** An observer stand-in that ticks once per `stats()` call. */
function ticking(): LiveObserver {
  let ticks = 0;
  return { stats: () => ({ ticks: ++ticks, rows: 0, notifications: 0, dataDirs: 0, runs: 0 }) } as unknown as LiveObserver;
}

describe('untilDelivered: a wait on throughput that only a stall fails', () => {
  it('waits as long as deliveries keep coming, however many ticks that takes', async () => {
    let delivered = 0;
    const observer = ticking();
    // One delivery every third poll: 100 deliveries span ~300 ticks, far past the stall bound of 5.
    let polls = 0;
    await untilDelivered(observer, () => delivered >= 100, () => (++polls % 3 === 0 ? ++delivered : delivered), '100 events', 5);
    expect(delivered).toBe(100);
  });

  it('fails once the observer ticks the stall bound without a delivery', async () => {
    await expect(untilDelivered(ticking(), () => false, () => 7, '8 events', 5)).rejects.toThrow('no progress towards 8 events in 5 observer ticks (at 7)');
  });
});
