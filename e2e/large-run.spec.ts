/**
 * A crashed run of 20,000 events (2,222 steps, as many sessions and model turns): every long
 * list is fetched from main by window, so deep links far down a list, filters, folding and
 * "show more" must all work on rows the renderer never received at first, with at most a
 * screenful of rows in the DOM.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { makeLargeRunDir, type LargeRunDir } from './perf/large-run';
import { serve, type Served } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
type Head = { steps: { count: number }; harness: { counts: { sessions: number } } };
type World = { large: LargeRunDir; served: Served; head: Head };

const test = base.extend<{}, { world: World }>({
  world: [
    async ({}, use) => {
      const large = makeLargeRunDir(20_000, { crashed: true });
      const served = await serve(large.dir);
      const response = await fetch(`${served.origin}/api/call/run.detail?token=${served.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ dataDir: large.dataDir, runId: large.runId }),
      });
      const body = (await response.json()) as { ok: boolean; value: Head };
      if (!body.ok) throw new Error(`run.detail failed: ${JSON.stringify(body)}`);
      await use({ large, served, head: body.value });
      await served.stop();
      large.cleanup();
    },
    { scope: 'worker' },
  ],
});

async function open(page: Page, world: World, hash: string): Promise<void> {
  await page.goto(world.served.url);
  await page.evaluate((h) => (window.location.hash = h), hash);
  await expect(page.locator('.run-body')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.run-body .progress')).toHaveCount(0, { timeout: 60_000 });
}

const domRows = (page: Page) => page.locator('.virtual-row').count();

test('steps: a deep link to a step near the end selects and shows it; the filter runs in main', async ({ page, world }) => {
  const last = world.head.steps.count - 1;
  const path = `work.visit[${last - 5}]`;
  await open(page, world, `#/run/${world.large.runId}/step/${encodeURIComponent(path)}`);
  await expect(page.getByRole('heading', { name: path })).toBeVisible();
  const current = page.locator('.step-row[aria-current="true"]');
  await expect(current).toBeVisible();
  await expect(current).toContainText(path);
  expect(await domRows(page)).toBeLessThanOrEqual(100);
  await page.getByLabel('Filter steps by path').fill('visit[21');
  await expect(page.locator('.step-row-path').first()).toContainText('visit[21');
  const shown = await page.locator('.step-row-path').allTextContents();
  expect(shown.length).toBeGreaterThan(10);
  for (const text of shown) expect(text).toContain('visit[21');
  await page.keyboard.press('Escape');
});

test('timeline: rows page in as the list scrolls; collapse all and expand all fold in main', async ({ page, world }) => {
  await open(page, world, `#/run/${world.large.runId}/timeline`);
  await expect(page.locator('.tl-row:not(.tl-placeholder)').first()).toBeVisible();
  // The loop of 2,222 visits is one aggregated row (issue 34) until it is opened.
  await expect(page.locator('.tl-row:not(.tl-placeholder)')).toHaveCount(1);
  await page.getByRole('button', { name: 'Expand work' }).click();
  const list = page.locator('.tl-list');
  const lastStep = `visit[${world.head.steps.count - 1}]`;
  // The opened loop's rows come from main after the click: scroll again until the list has grown to them.
  await expect(async () => {
    await list.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.locator('.tl-row', { hasText: lastStep }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect(await domRows(page)).toBeLessThanOrEqual(100);
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await expect.poll(() => page.locator('.tl-row:not(.tl-placeholder)').count()).toBeLessThan(10);
  await page.screenshot({ path: join(shots, 'large-timeline-collapsed-light.png') });
  await page.getByRole('button', { name: 'Expand all' }).click();
  // Expand all leaves the aggregated loop folded; its twisty opens it again.
  await expect.poll(() => page.locator('.tl-row:not(.tl-placeholder)').count()).toBe(1);
  await page.getByRole('button', { name: 'Expand work' }).click();
  await expect.poll(() => page.locator('.tl-row:not(.tl-placeholder)').count()).toBeGreaterThan(10);
});

test('turns: a deep link to the last session scrolls to it and opens it', async ({ page, world }) => {
  const session = world.head.harness.counts.sessions - 1;
  await open(page, world, `#/run/${world.large.runId}/session/${session}`);
  await expect(page.locator('.tr-highlight')).toContainText(`Session ${session}`);
  await expect(page.locator('.tr-highlight')).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Selected item' })).toContainText(`Session ${session}`);
  expect(await domRows(page)).toBeLessThanOrEqual(100);
});

test('crash tab: thousands of skipped steps scroll in a virtual list', async ({ page, world }) => {
  await open(page, world, `#/run/${world.large.runId}/crash`);
  const skipped = page.getByRole('region', { name: 'Steps skipped (completed)' });
  await expect(skipped.locator('.plan-count')).toHaveText(/^\d{1,3}(,\d{3})+$/);
  await expect(skipped.getByRole('list')).toBeVisible();
  expect(await skipped.locator('.plan-item').count()).toBeLessThanOrEqual(100);
  // The head names only the first skipped steps; the rest page in from main as the list scrolls.
  await skipped.locator('.plan-virtual').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(skipped.getByText(`work.visit[${world.head.steps.count - 1}]`, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'crash tab of a large crashed run');
  await page.screenshot({ path: join(shots, 'large-crash-light.png') });
});

test('costs: top 25 steps per chart, the report table grows by "show more"', async ({ page, world }) => {
  await open(page, world, `#/run/${world.large.runId}/costs`);
  await expect(page.getByText(`Top 25 of ${world.head.steps.count.toLocaleString('en-US')} steps with model calls`)).toBeVisible();
  const rows = page.locator('.report-table tbody tr');
  await expect(rows).toHaveCount(200);
  await expect(page.locator('.chart-canvas[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'large-costs-light.png') });
  await page.getByRole('button', { name: /^Show 1,000 more of/ }).click();
  await expect(rows).toHaveCount(1200);
});
