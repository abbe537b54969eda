/** The step timeline (Gantt) and the step detail, against the generated fixtures. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, serve, test, type Served } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: Array<{ runId: string; shows: string; dataDir: string }> };
const runOf = (text: string) => manifest.runs.find((r) => r.shows.includes(text) && r.dataDir.startsWith('fixtures/'))!.runId;

let served: Served;
test.beforeAll(async () => {
  served = await serve(join(examples, 'fixtures'));
});
test.afterAll(async () => served.stop());

async function openTab(page: Page, runId: string, tab: string) {
  await page.goto(served.url);
  await page.goto(`${served.origin}/#/run/${runId}/${tab}`);
  // The first load reads and folds the run in main; allow for a busy machine.
  await expect(page.locator('.tl-root, .steps-layout, .tl-notice').first()).toBeVisible({ timeout: 20_000 });
}

async function shoot(page: Page, state: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, `timeline-${state}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('parallel run: nested branch rows, zoom, hover, collapse, click opens the step with artifact status', async ({ page }) => {
  await openTab(page, runOf('parallel: review[fast-a]'), 'timeline');
  const list = page.getByRole('list', { name: /Timeline of/ });
  await expect(list).toBeVisible();
  await expect(page.locator('[data-row-id="review@attempt_2"]')).toContainText('attempt 2');
  await expect(page.locator('[data-row-id="review@attempt_2[v1%2E2]"]')).toContainText('[v1.2]');
  await expect(page.locator('[data-row-id="review@attempt_2[v1%2E2].score"]')).toBeVisible();
  await shoot(page, 'parallel');

  // Zoom: buttons and keyboard.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.locator('.tl-zoom-level')).toHaveText('1.5×');
  await list.focus();
  await page.keyboard.press('0');
  await expect(page.locator('.tl-zoom-level')).toHaveText('whole run');

  // Hover: the card names the path, attempt, status and duration.
  const bar = page.locator('[data-row-id="review[v1%2E2].score"] .tl-bar').first();
  await bar.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('review[v1%2E2].score');
  await expect(tooltip).toContainText('attempt_1 · failed');
  await expect(tooltip).toContainText('duration');
  await page.screenshot({ path: join(shots, 'timeline-hover-light.png') });

  // Collapse a group.
  await page.getByRole('button', { name: 'Collapse attempt 1' }).click();
  await expect(page.locator('[data-row-id="review[fast-a]"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Expand attempt 1' }).click();
  await expect(page.locator('[data-row-id="review[fast-a]"]')).toBeVisible();

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `timeline (${scheme})`);
  }

  // Click a bar: the step opens with its artifacts' hash status.
  await page.locator('[data-row-id="review@attempt_2[fast-a].score"] .tl-bar').first().click();
  await expect(page).toHaveURL(/#\/run\/[^/]+\/step\/review%40attempt_2%5Bfast-a%5D.score/);
  await expect(page.getByRole('heading', { name: 'review@attempt_2[fast-a].score' })).toBeVisible();
  await expect(page.locator('.chip-ok').first()).toContainText('hash verified');
  await shoot(page, 'step-detail');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `step detail (${scheme})`);
  }
});

test('resumed run: the 42-minute gap is a labelled break and the run stays readable', async ({ page }) => {
  await openTab(page, runOf('42 min gap'), 'timeline');
  const brk = page.locator('.tl-axis-break');
  await expect(brk).toHaveCount(1);
  await expect(brk).toContainText('42 min 00 s');
  await expect(page.locator('.tl-facts')).toContainText('1 gap collapsed');
  // The short steps are drawn wide, not squashed by the downtime.
  const fetchBar = await page.locator('[data-row-id="fetch"] .tl-bar').first().boundingBox();
  expect(fetchBar!.width).toBeGreaterThan(100);
  await shoot(page, 'resumed');
  // Shift+wheel pans; the zoom level stays.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const summarize = page.locator('[data-row-id="summarize"] .tl-bar').first();
  const before = await summarize.boundingBox();
  await page.locator('[data-row-id="fetch"] .tl-lane').hover();
  await page.keyboard.down('Shift');
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await summarize.boundingBox())?.x).toBeLessThan(before!.x - 20);
  // Drag pans back (on the lanes, wherever the bars above the chart put them).
  const lane = (await page.locator('[data-row-id="fetch"] .tl-lane').boundingBox())!;
  const y = lane.y + lane.height / 2;
  await page.mouse.move(600, y);
  await page.mouse.down();
  await page.mouse.move(700, y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await summarize.boundingBox())?.x).toBeGreaterThan(before!.x - 20);
});

test('crashed run: the in-flight branch is open-ended and marked', async ({ page }) => {
  await openTab(page, runOf('parallel-branch-open'), 'timeline');
  await expect(page.locator('[data-row-id="review[slow-b].score"] .tl-bar.tl-open.tl-status-crashed')).toBeVisible();
  await shoot(page, 'crashed');
});

test('planner-only run explains the missing steps and shows its session', async ({ page }) => {
  await openTab(page, runOf('planner run: only planner harness events'), 'timeline');
  await expect(page.getByRole('note')).toContainText('No workflow steps');
  await expect(page.locator('[data-row-id="session:0"]')).toBeVisible();
  await shoot(page, 'sessions-only');
});

test('large-output step: the artifact payload is hydrated and verified', async ({ page }) => {
  const runId = runOf('large output: 300000-char');
  await openTab(page, runId, 'steps');
  await page.locator('.step-row').first().click();
  await expect(page.locator('.chip-ok').first()).toContainText('hash verified');
  await expect(page.getByLabel(/Output artifact/)).toBeVisible();
  await expect(page.getByText(/Text, 300,000 characters/)).toBeVisible();
  await shoot(page, 'large-output');
});

test('broken artifact: the hash mismatch is shown, not hidden', async ({ page }) => {
  await openTab(page, runOf('broken artifact-hash-mismatch'), 'steps');
  await page.locator('.step-row', { hasText: 'fetch' }).first().click();
  await expect(page.locator('.chip-fail').first()).toContainText('hash mismatch');
  await expect(page.getByText(/does not match its manifest hash/).first()).toBeVisible();
  await shoot(page, 'hash-mismatch');
});
