import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { liveTestScope, record, until } from '../../test/support/live-support';
import { simpleRun } from '../../test/support/live-writer';
import { walMirrorOf } from '../sources/little-workflow/shared-event-db';
import { mirrorCopierOffMain } from '../workers/mirror-copy-thread';
import type { LiveObserverOptions } from './live-observer';

const live = liveTestScope();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const observe = (root: string, options: Partial<LiveObserverOptions>) =>
  live.observe({ priceTable: BUNDLED_PRICE_TABLE, root, pollMs: 50, discoverMs: 0, fullCheckMs: 200, lockCheckMs: 100, logError: () => undefined, ...options });

describe('the live observer of the app and serve: a live log first copied off main', () => {
  it('starts at once, keeps main running while a thread copies, then delivers commits', async () => {
    const dir = join(live.tempRoot('li-first-copy-'), '.little-workflow');
    const w = await live.writer(dir);
    // A log with some weight: ~8 MB of payloads.
    await w.append([{ runId: 'run_big', type: 'StepScheduled', payload: { stepPath: 'pad', pad: 'x'.repeat(64 * 1024) }, repeat: 128 }]);
    await w.append(simpleRun('run_grow', 1, false));
    let ticks = 0;
    const ticker = setInterval(() => void (ticks += 1), 10);
    try {
      const o = observe(dir, { mirrorCopier: mirrorCopierOffMain('thread') });
      const rec = record(o);
      o.start();
      // start() made no copy on main: the data dir waits for its first read.
      expect(o.pending()).toEqual([dir]);
      expect(walMirrorOf(join(dir, 'events', 'events.db'))?.copied).toBe(false);
      await until(() => o.pending().length === 0, 60_000, 'the first copy');
      // Main's timers kept firing while the thread copied (a copy on main lets none run).
      expect(ticks).toBeGreaterThan(3);
      await w.append(simpleRun('run_grow', 2, true, '_more').slice(1));
      await until(() => rec.kinds('run_grow').includes('run.ended:completed'), 15_000, 'run_grow ended');
      expect(rec.sequences('run_grow')).toEqual(range(5, 11));
    } finally {
      clearInterval(ticker);
    }
  }, 90_000);

  it('with a baseline (the library snapshot), rows committed while the copy was made are still delivered', async () => {
    const dir = join(live.tempRoot('li-first-copy-'), '.little-workflow');
    const w = await live.writer(dir);
    await w.append(simpleRun('run_grow', 1, false));
    await w.append(simpleRun('run_done', 1, true));
    // What the library read: run_grow at #4, run_done whole; then more commits before the tail's first read.
    await w.append(simpleRun('run_grow', 2, false, '_more').slice(1, 3));
    await w.append(simpleRun('run_late', 1, false));
    const o = observe(dir, { mirrorCopier: mirrorCopierOffMain('in-process'), baselines: () => new Map([['run_grow', 4], ['run_done', 7]]) });
    const rec = record(o);
    o.start();
    await until(() => rec.sequences('run_grow').length === 2 && rec.sequences('run_late').length === 4, 15_000, 'the rows since the baseline');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rec.sequences('run_grow')).toEqual([5, 6]);
    // Not in the snapshot: a new run, every row delivered; the finished run stays quiet.
    expect(rec.kinds('run_late')[0]).toBe('run.started:new');
    expect(rec.sequences('run_late')).toEqual(range(1, 4));
    expect(rec.sequences('run_done')).toEqual([]);
  });
});
