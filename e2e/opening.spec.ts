/**
 * Opening a big folder (issue 30 item 4): the page says how far the open has got while main
 * reads, Cancel gives the library back at once with a quiet note (no error), and an open left
 * to finish lists what it found. The folder holds a crashed 200,000-event run, whose runs take
 * main's worker a few seconds to read (an open run is judged by folding its log).
 */
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { makeLargeRunDir, type LargeRunDir } from './perf/large-run';
import { expect, serve, test } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
let large: LargeRunDir;

test.beforeAll(() => {
  large = makeLargeRunDir(200_000, { crashed: true });
});
test.afterAll(() => large?.cleanup());

test('a big open shows its progress, Cancel keeps the library, and an open left alone lists its runs', async ({ page }) => {
  test.setTimeout(180_000);
  // A server of its own: this test changes what it has open.
  const demo = await serve(join(__dirname, '..', 'examples/demo'));
  try {
  await page.goto(demo.url);
  const rows = page.locator('[role="row"][data-run-id]');
  await expect(rows.first()).toBeVisible();
  const firstDemoRun = await rows.first().getAttribute('data-run-id');

  await page.getByLabel('Data directory path').fill(large.dir);
  await page.getByRole('button', { name: 'Open' }).click();
  const status = page.locator('.opening-status');
  await expect(status).toContainText(`Opening ${large.dir}`);
  await expect(status).toContainText('reading the runs of 1 data dir');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `opening-progress-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await status.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toContainText(`Opening ${large.dir} was cancelled`);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(rows.first()).toHaveAttribute('data-run-id', firstDemoRun!);
  await expect(page.locator(`[data-run-id="${large.runId}"]`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'opening cancelled');
  await page.screenshot({ path: join(shots, 'opening-cancelled.png') });

  // Left alone, the same open ends with the big run listed and the status gone.
  await page.getByLabel('Data directory path').fill(large.dir);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.locator(`[data-run-id="${large.runId}"]`)).toBeVisible({ timeout: 120_000 });
  await expect(status).toHaveCount(0);
  } finally {
    await demo.stop();
  }
});
