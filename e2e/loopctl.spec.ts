import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { servedOnce, type Served } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const RUN = 'run_lc_6f1d2c3b-4a5e-4f60-8a71-9b8c7d6e5f40_1';

const test = base.extend<{}, { loopctl: Served }>({ loopctl: servedOnce(join(__dirname, '..', 'examples/fixtures/loopctl')) });

test('lists loopctl runs beside each other and opens one', async ({ page, loopctl }) => {
  await page.goto(loopctl.url);
  const links = page.getByRole('link', { name: /^run_lc_/ });
  await expect(links.first()).toBeVisible();
  await expect(links).toHaveCount(6);
  await expect(page.getByRole('row', { name: new RegExp(`^${RUN} .*completed.*\\$0\\.006`) })).toBeVisible();
  await page.screenshot({ path: join(shots, 'loopctl-run-list.png'), fullPage: true });
  await page.getByRole('link', { name: RUN, exact: true }).click();
  await expect(page.getByRole('heading', { name: RUN })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Run views' })).toBeVisible();
  await expect(page.getByText('loopctl runs have no `little report`').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'loopctl-run-overview.png'), fullPage: true });
});

test('shows the turns and tool calls of a loopctl run', async ({ page, loopctl }) => {
  await page.goto(loopctl.url);
  await page.getByRole('link', { name: RUN, exact: true }).click();
  await page.getByRole('link', { name: 'Turns & tools' }).click();
  await expect(page.getByText('bash').first()).toBeVisible();
  await expect(page.getByText('read_file').first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'loopctl-run-turns.png'), fullPage: true });
});

test('the events tab lists the run\'s ledger records and opens one as its JSON', async ({ page, loopctl }) => {
  await page.goto(`${loopctl.url}#/run/${RUN}/events`);
  const rows = page.locator('.ev-row:not(.ev-placeholder)');
  await expect(rows.first()).toBeVisible();
  // 17 events.jsonl lines, then the run's trajectory.jsonl record.
  await expect(rows).toHaveCount(18);
  const types = await page.locator('.ev-row:not(.ev-placeholder) .ev-type').allInnerTexts();
  expect(types[0]).toBe('run.started');
  expect(types.at(-1)).toBe('trajectory.record');
  await page.getByLabel('Type prefix').fill('tool.');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('.ev-status')).toContainText('events match');
  for (const type of await page.locator('.ev-row:not(.ev-placeholder) .ev-type').allInnerTexts()) expect(type.startsWith('tool.')).toBe(true);
  await page.getByRole('button', { name: 'Clear' }).click();

  await page.goto(`${loopctl.origin}/#/run/${RUN}/event/5`);
  await expect(page.locator('#event-row-5')).toHaveAttribute('aria-selected', 'true');
  const viewer = page.getByRole('region', { name: 'Event 5' });
  await expect(viewer.locator('.jv-key', { hasText: 'payload' })).toBeVisible();
  await expect(viewer).toContainText('events.jsonl:5');
  await viewer.getByRole('searchbox').fill('tool_call_id');
  await expect(viewer.locator('.jv-current')).toContainText('tool_call_id');
  await page.screenshot({ path: join(shots, 'loopctl-run-events.png'), fullPage: true });
});

test('compactions, fallbacks, model switches and detections sit on the timeline', async ({ page, loopctl }) => {
  await page.goto(`${loopctl.url}#/run/${RUN}/timeline`);
  await expect(page.getByText('loop events')).toBeVisible();
  const marks = page.locator('.tl-mark-event');
  expect(await marks.count()).toBeGreaterThan(0);
  const labels = await marks.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
  expect(labels.some((l) => /compaction|fell back|switched|detected/.test(l))).toBe(true);
  await page.screenshot({ path: join(shots, 'loopctl-run-timeline.png') });
});
