// Memory while tailing one run that keeps growing: a writer child commits batches of
// events (RunStarted, then heartbeats and step progress on a fixed set of 50 steps) while
// the live observer follows; every event must arrive once and in order, and the RSS must
// not grow with the event count (the observer keeps folds, not events). `LI_LOAD=1`: one
// million events; the normal suite: 40,001. Numbers are printed as `tail load:`, never asserted:
// how long it takes is the bench's business (on a shared machine a threshold here is flaky).
// LI_TAIL_TOTAL=N overrides the bounded size; LI_TAIL_POLL=1 runs poll-only (no fs.watch).
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLiveObserver } from '../../src-main/live/live-observer';
import { untilDelivered } from '../support/live-support';
import { startScriptWriter, type WriterEvent } from '../support/live-writer';
import { tempRoot } from '../support/store-test-fixtures';

const FULL = process.env.LI_LOAD === '1';
const TOTAL = FULL ? 1_000_000 : Number(process.env.LI_TAIL_TOTAL ?? 40_001);
const BATCH = 5_000;
const RUN = 'run_tail_million';
const root = tempRoot('li-tail-million-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Event `n` (1-based) of the run: a bounded set of steps, then heartbeats that only count. */
function eventAt(n: number): WriterEvent {
  if (n === 1) return { runId: RUN, type: 'RunStarted', payload: { workflowVersionId: 'wfver_load', label: 'tail-million' } };
  if (n <= 51) return { runId: RUN, type: 'StepScheduled', payload: { stepPath: `s${n - 2}`, stepId: `s${n - 2}`, uses: 'tool.call' } };
  return { runId: RUN, type: 'Heartbeat', payload: { n, note: 'x'.repeat(64) } };
}

describe(`tailing one run to ${TOTAL.toLocaleString('en')} events`, () => {
  it('delivers every event in order while the observer memory stays flat', async () => {
    const dir = join(root, '.little-workflow');
    const writer = await startScriptWriter(dir);
    await writer.append([eventAt(1)]);
    const observer = createLiveObserver({ priceTable: BUNDLED_PRICE_TABLE, root: dir, logError: (message) => expect.fail(message), ...(process.env.LI_TAIL_POLL ? { watch: false, pollMs: 50 } : {}) });
    let delivered = 0;
    let last = 0;
    let outOfOrder = 0;
    observer.subscribe('tail-million', (batch) => {
      for (const notice of batch) {
        if (notice.kind !== 'run.delta') continue;
        for (const event of notice.events) {
          if (last !== 0 && event.sequence !== last + 1) outOfOrder += 1;
          last = event.sequence;
          delivered += 1;
        }
      }
    });
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const samples: { events: number; rssMiB: number }[] = [];
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    observer.start();
    try {
      for (let from = 2; from <= TOTAL; from += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, TOTAL - from + 1) }, (_, i) => eventAt(from + i));
        await writer.append(batch, { oneTransaction: true });
        if ((from - 2) % (TOTAL / 10) < BATCH) samples.push({ events: from, rssMiB: Math.round(process.memoryUsage().rss / 1048576) });
      }
      // Waits while the observer delivers, however slowly: a stall fails, a busy machine does not.
      await untilDelivered(observer, () => delivered >= TOTAL - 1, () => delivered, `${TOTAL - 1} new events`);
      const elapsed = performance.now() - started;
      const report = {
        events: TOTAL,
        seconds: +(elapsed / 1000).toFixed(1),
        eventsPerSecond: Math.round((TOTAL * 1000) / elapsed),
        baselineRssMiB: Math.round(baseline / 1048576),
        peakRssMiB: Math.round(peak / 1048576),
        growthMiB: Math.round((peak - baseline) / 1048576),
        samples,
      };
      console.log(`tail load: ${JSON.stringify(report)}`);
      // Event 1 (RunStarted) was committed before the observer started: it is not a new commit.
      expect(delivered).toBe(TOTAL - 1);
      expect(outOfOrder).toBe(0);
      // Retaining the events would cost ~250 bytes each (250 MB at a million); the fold and the
      // driver's page cache need a few tens of MB whatever the length.
      expect(report.growthMiB).toBeLessThan(FULL ? 200 : 150);
    } finally {
      clearInterval(sampler);
      observer.stop();
      await writer.kill();
    }
  }, FULL ? 900_000 : 120_000);
});
