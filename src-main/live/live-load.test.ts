// Load test of the live observer: a writer child appends 5,000 events/s (one commit each, like
// little-workflow's appendEvent) across 20 runs; the observer must deliver every event once, in
// order, and keep delivering while the writer writes (not catch up only after it stops).
// Normal suite: 4 s. `LI_LOAD=1`: the full 60 s. `LI_LOAD_NOWATCH=1` compares the poll-only
// mode (no fs.watch, 20 ms poll). The lag under this load is timed by `npm run bench`
// (scripts/bench/live-latency.ts, LIVE_LOAD_PROFILE), not asserted here: the machine is shared.
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { createLiveObserver } from './live-observer';
import { expectLiveEqualsFullFold, until, untilDelivered } from '../../test/support/live-support';
import { startScriptWriter } from '../../test/support/live-writer';

const FULL = process.env.LI_LOAD === '1';
const DURATION_MS = FULL ? 60_000 : 4_000;
const RATE = 5_000;
const RUNS = 20;
const root = tempRoot('li-live-load-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe(`live observer under load (${RATE} events/s, ${RUNS} runs, ${DURATION_MS / 1000} s)`, () => {
  it('delivers every event once and in order, while the writer is still writing', async () => {
    const dir = join(root, '.little-workflow');
    const writer = await startScriptWriter(dir);
    await writer.append([{ runId: 'run_seed', type: 'RunStarted', payload: {} }]);
    const observer = createLiveObserver({ priceTable: BUNDLED_PRICE_TABLE, root: dir, logError: (message) => expect.fail(message), ...(process.env.LI_LOAD_NOWATCH ? { watch: false, pollMs: 20 } : {}) });
    const last = new Map<string, number>();
    let delivered = 0;
    let outOfOrder = 0;
    let writing = true;
    let deliveredWhileWriting = 0;
    observer.subscribe('load', (batch) => {
      for (const notice of batch) {
        if (notice.kind !== 'run.delta') continue;
        for (const event of notice.events) {
          if (event.sequence !== (last.get(event.runId) ?? 0) + 1) outOfOrder += 1;
          last.set(event.runId, event.sequence);
          delivered += 1;
          if (writing) deliveredWhileWriting += 1;
        }
      }
    });
    observer.start();
    try {
      const result = await writer.load({ runs: RUNS, perSecond: RATE, durationMs: DURATION_MS });
      writing = false;
      const expected = result.appended;
      expect(expected).toBe((RATE * DURATION_MS) / 1000);
      await untilDelivered(observer, () => delivered >= expected, () => delivered, `${expected} events`);
      // A late duplicate would arrive after the count is reached: give it a few more ticks.
      const ticks = observer.stats().ticks;
      await until(() => observer.stats().ticks >= ticks + 3, 10_000, 'three more ticks');
      expect(delivered).toBe(expected);
      expect(outOfOrder).toBe(0);
      for (const [runId, count] of Object.entries(result.perRun)) expect(last.get(runId)).toBe(count);
      // The tail follows the writer: events reached the subscriber before the writer stopped.
      expect(deliveredWhileWriting).toBeGreaterThan(0);
      for (const runId of Object.keys(result.perRun).slice(0, FULL ? RUNS : 3)) expectLiveEqualsFullFold(observer, dir, runId);
    } finally {
      observer.stop();
      await writer.kill();
    }
  }, DURATION_MS + 120_000);
});
