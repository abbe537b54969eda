/** The UI benchmark as a Playwright entry point: only with `LI_PERF=1` (it takes a minute). */
import { expect, test } from '@playwright/test';
import { measureRunViewPerf } from './run-view-perf';

test('run view perf on a 200,000-event run', async () => {
  test.skip(process.env.LI_PERF !== '1', 'set LI_PERF=1 to run the UI benchmark');
  test.setTimeout(300_000);
  const metrics = await measureRunViewPerf();
  expect(metrics.scrollMaxDomRows).toBeLessThanOrEqual(100);
  expect(metrics.jumpMaxDomRows).toBeLessThanOrEqual(100);
});
