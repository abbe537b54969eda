/**
 * The behaviour scan in the app, over the generated fixtures: the Overview's Behaviour card (a
 * failed decision loop's max-visits finding, linked to its event), its mark on the timeline
 * (reachable with Tab, opens the event), and the run list's Findings column, filter (deep-linked
 * in the URL) and sort. The data dir stays byte-identical. Screenshots light and dark:
 * e2e/screenshots/scan-*.png.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { hashTree } from '../test/support/hash-tree';
import { fixtureRun } from './fixture-runs';
import { expect, serve, test, type Served } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
const loop = fixtureRun('failed max_visits_exceeded');
const completed = fixtureRun('completed');
let served: Served;
let before: Record<string, string>;

test.beforeAll(async () => {
  before = hashTree(join(examples, 'fixtures'));
  served = await serve(join(examples, 'fixtures'));
});
test.afterAll(async () => {
  await served.stop();
  expect(hashTree(join(examples, 'fixtures'))).toEqual(before);
});

async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `scan-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the Behaviour card names the loop that ran out of visits and links to its event', async ({ page }) => {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/run/${loop.runId}`);
  const card = page.getByRole('region', { name: /^Behaviour/ });
  const item = card.locator('[data-kind="max-visits-exceeded"]');
  await expect(item).toContainText('error', { timeout: 20_000 });
  await expect(item).toContainText('draft.visit[3]');
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'card');
  await item.getByRole('link', { name: '#51' }).click();
  await expect(page).toHaveURL(/#\/run\/[^/]+\/event\/51/);
  await expect(page.locator('.event-detail, [aria-label*="Event 51"], .events-detail').first()).toBeVisible({ timeout: 20_000 });
});

test('a clean run says so plainly', async ({ page }) => {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/run/${completed.runId}`);
  const card = page.getByRole('region', { name: /^Behaviour/ });
  await expect(card.locator('.ov-behaviour-item.ov-sev-error, .ov-behaviour-item.ov-sev-warning')).toHaveCount(0, { timeout: 20_000 });
  await expect(card).toContainText(/No findings|info|stale-price-table|unpriced-model/);
});

test('the finding is a mark on the timeline, reachable by keyboard, and opens its event', async ({ page }) => {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/run/${loop.runId}/timeline`);
  const lane = page.getByRole('listitem', { name: 'Behaviour findings on the timeline' });
  const mark = lane.locator('a[data-kind="max-visits-exceeded"]');
  await expect(mark).toBeVisible({ timeout: 20_000 });
  await expect(mark).toHaveAccessibleName(/max-visits-exceeded.*event 51/);
  await mark.focus();
  await shoot(page, 'timeline');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/run\/[^/]+\/event\/51/);
});

test('the run list shows a Findings column, filters by it from the URL and sorts by it', async ({ page }) => {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/?findings=max-visits-exceeded`);
  const rows = page.locator('.lib-run');
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  await expect(rows.first()).toHaveAttribute('data-run-id', loop.runId);
  await expect(rows.first().locator('.lib-col-findings')).toContainText('1 error');
  await expect(page.getByLabel('Findings')).toHaveValue('max-visits-exceeded');
  await shoot(page, 'list-filtered');

  await page.getByLabel('Findings').selectOption('');
  await expect(page).not.toHaveURL(/findings=/);
  await page.goto(`${served.origin}/#/?status=failed`);
  await page.getByRole('button', { name: /^Findings/ }).click();
  await expect(page).toHaveURL(/sort=findings/);
  // Sorted within each data dir, most severe first.
  const RANK: Record<string, number> = { error: 3, warning: 2, info: 1, none: 0, unknown: -1 };
  await expect(rows.first()).toHaveAttribute('data-run-id', /run_/, { timeout: 20_000 });
  const cells = await rows.evaluateAll((els) => els.map((el) => [el.getAttribute('data-dir-label'), el.querySelector('.lib-col-findings')?.getAttribute('data-findings')]));
  for (let i = 1; i < cells.length; i += 1) if (cells[i][0] === cells[i - 1][0]) expect(RANK[cells[i][1]!]).toBeLessThanOrEqual(RANK[cells[i - 1][1]!]);
  expect(cells.some(([, worst]) => worst === 'error')).toBe(true);
  expect(await page.locator('[role="row"]').count()).toBeLessThanOrEqual(101);
  await shoot(page, 'list-sorted');
});

test('the Fleet view lists the most common findings, each kind leading to the run list filtered to it', async ({ page }) => {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/fleet`);
  const table = page.getByRole('table', { name: 'Most common findings' });
  // The fetch step failing the same way in several runs of one version, and the loop out of visits.
  const across = table.locator('tr[data-kind="failure-across-runs"]');
  await expect(across).toBeVisible({ timeout: 30_000 });
  await expect(table.locator('tr[data-kind="max-visits-exceeded"][data-severity="error"]')).toBeVisible();
  const runs = Number(await across.locator('td').nth(2).textContent());
  expect(runs).toBeGreaterThanOrEqual(2);
  await table.scrollIntoViewIfNeeded();
  await shoot(page, 'fleet');
  // A harness session's finding opens its session view.
  await expect(table.locator('tr[data-kind="ignored-tool-error"] a.fleet-run-link')).toHaveAttribute('href', /^#\/session\/sess_docs-chat\?dir=/);
  await across.getByRole('link', { name: 'failure-across-runs' }).click();
  await expect(page).toHaveURL(/#\/\?findings=failure-across-runs/);
  await expect(page.locator('.lib-run')).toHaveCount(runs, { timeout: 20_000 });
});
