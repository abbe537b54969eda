/** Costs and events views: the report equals the CLI's, unpriced is never $0, the raw log scales. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { CONTENT_SECURITY_POLICY as ELECTRON_CSP } from '../src-main/content-security-policy';
import { expectNoSeriousA11yViolations } from './axe';
import { makeLargeRunDir } from './perf/large-run';
import { jumpTo, probeScroll } from './perf/scroll-probe';
import { expect, serve, test, type Served } from './serve-fixture';

const root = join(__dirname, '..');
const shots = join(__dirname, 'screenshots');
type ManifestRun = { dataDir: string; runId: string; shows: string };
const manifest = JSON.parse(readFileSync(join(root, 'examples/fixtures/manifest.json'), 'utf8')) as { runs: ManifestRun[] };
const fixture = (prefix: string) => manifest.runs.find((r) => r.shows.startsWith(prefix))!;
const dataDirOf = (run: ManifestRun) => join(root, 'examples', run.dataDir);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let pricing: Served;
test.beforeAll(async () => {
  pricing = await serve(join(root, 'examples/fixtures/pricing'));
});
test.afterAll(async () => pricing.stop());

/** Serve the app's HTML with Electron's stricter CSP (no inline styles) and collect violations. */
async function strictCsp(page: Page, served: Served): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(served.url); // the page keeps the token in this tab
  await page.route((url) => url.origin === served.origin && url.pathname === '/', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': ELECTRON_CSP } });
  });
  return violations;
}

async function shootBoth(page: Page, name: string, context: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `${context} (${scheme})`);
    await page.screenshot({ path: join(shots, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('costs of a priced run: the table and the copied text equal `little report --table`', async ({ page }) => {
  const run = fixture('priced:');
  const cli = execFileSync(process.execPath, ['out/main/cli.js', 'report', run.runId, '--table', '--data-dir', dataDirOf(run)], { cwd: root, encoding: 'utf8' });
  const violations = await strictCsp(page, pricing);
  await page.goto(`${pricing.origin}/#/run/${run.runId}/costs`);
  const table = page.locator('table.report-table');
  await expect(table).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();

  const cliLines = cli.split('\n');
  expect(await table.locator('caption').innerText()).toBe(cliLines[0]);
  const cliRows = cliLines.slice(2).filter((l) => l !== '' && !/^-+( +-+)*$/.test(l) && !l.startsWith('Note:')).map((l) => l.trim().split(/ {2,}/));
  const uiRows = await table.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
  expect(uiRows).toEqual(cliRows);

  await page.getByRole('button', { name: 'Copy as text' }).click();
  await expect(page.locator('.report-status')).toContainText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cli);
  await expect(page.getByText('Price table', { exact: true })).toBeVisible();
  expect(violations, violations.join('\n')).toEqual([]);
  await shootBoth(page, 'costs-priced', 'costs tab, priced run');
});

test('costs of an unpriced run: n/a, hatched, no zero bar', async ({ page }) => {
  const run = fixture('unpriced:');
  await page.goto(pricing.url);
  await page.goto(`${pricing.origin}/#/run/${run.runId}/costs`);
  await expect(page.locator('table.report-table tfoot')).toContainText('n/a');
  await expect(page.locator('table.report-table tfoot')).toContainText('0+1?');
  await expect(page.getByText(/1 unpriced call excluded/).first()).toBeVisible();
  // The unpriced step is a hatched band labelled cost unknown; the cost series draws nothing (no 0-length bar).
  await expect(page.locator('.na-band .recharts-bar-rectangle').first()).toBeAttached();
  await expect(page.locator('.na-band [fill="url(#li-unpriced-hatch)"]').first()).toBeAttached();
  expect(await page.locator('.cost-bar .recharts-bar-rectangle').count()).toBe(0);
  await expect(page.locator('.bar-label', { hasText: 'cost unknown' }).first()).toBeAttached();
  await expect(page.getByText('No priced model call to draw', { exact: false })).toBeVisible();
  await expect(page.locator('.report-note')).toContainText('excluded from the cost above');
  await shootBoth(page, 'costs-unpriced', 'costs tab, unpriced run');
});

test('events: filter by prefix, deep link to a sequence, open it in the JSON viewer and find a key', async ({ page }) => {
  const run = fixture('priced:');
  await page.goto(pricing.url);
  await page.goto(`${pricing.origin}/#/run/${run.runId}/events`);
  const rows = page.locator('.ev-row:not(.ev-placeholder)');
  await expect(rows.first()).toBeVisible();
  const total = await page.locator('.ev-status').innerText();

  await page.getByLabel('Type prefix').fill('harness.model.');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.locator('.ev-status')).toContainText('events match');
  const types = await page.locator('.ev-row:not(.ev-placeholder) .ev-type').allInnerTexts();
  expect(types.length).toBeGreaterThan(0);
  for (const type of types) expect(type.startsWith('harness.model.')).toBe(true);
  await shootBoth(page, 'events-filtered', 'events tab, filtered');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.locator('.ev-status')).toHaveText(total);

  await page.goto(`${pricing.origin}/#/run/${run.runId}/event/4`);
  await expect(page.locator('#event-row-4')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ev-detail-title')).toContainText('#4');
  const viewer = page.getByRole('region', { name: 'Event 4' });
  await expect(viewer.locator('.jv-key', { hasText: 'payload' })).toBeVisible();
  await viewer.getByRole('searchbox').fill('recordedAt');
  await expect(viewer.locator('.jv-count')).toHaveText(/^1 \/ \d+$/);
  await expect(viewer.locator('.jv-current')).toContainText('recordedAt');
  await viewer.getByRole('button', { name: 'Copy path' }).click();
  await expect(viewer.getByRole('status')).toContainText('$.recordedAt');
  await page.locator('.ev-virtual').press('ArrowDown');
  await expect(page.locator('#event-row-5')).toHaveAttribute('aria-selected', 'true');
  await shootBoth(page, 'events-detail', 'events tab, event open');
});

test('the large-output run: its biggest payload opens without freezing', async ({ page }) => {
  const run = fixture('large output:');
  const served = await serve(join(root, 'examples/fixtures/large-output'));
  try {
    await page.goto(served.url);
    const spec = { section: 'events', from: 0, count: 1000 };
    const response = await page.request.post(`${served.origin}/api/call/run.slice`, { headers: { authorization: `Bearer ${served.token}` }, data: { dataDir: (await dataDirFor(page, served, run.runId)), runId: run.runId, spec } });
    const slice = ((await response.json()) as { value: { items: Array<{ sequence: number; payloadChars: number } | null> } }).value;
    const rowsList = slice.items.filter((r) => r !== null);
    const biggest = rowsList.reduce((a, b) => (b.payloadChars > a.payloadChars ? b : a));
    console.log(`[large-output] biggest event #${biggest.sequence}: ${biggest.payloadChars} chars`);
    await page.goto(`${served.origin}/#/run/${run.runId}/events`);
    const row = page.locator(`#event-row-${biggest.sequence}`);
    await row.scrollIntoViewIfNeeded();
    const t0 = Date.now();
    await row.click();
    await expect(page.getByRole('region', { name: `Event ${biggest.sequence}` })).toBeVisible();
    const ms = Date.now() - t0;
    // The page must still answer quickly once rendered (no long task left running).
    const pingMs = await page.evaluate(() => new Promise<number>((r) => { const s = performance.now(); setTimeout(() => r(performance.now() - s), 0); }));
    console.log(`[large-output] click → viewer rendered: ${ms} ms; event-loop ping after: ${pingMs.toFixed(1)} ms`);
    const more = page.locator('.jv-more', { hasText: 'show all' }).first();
    if (await more.count()) await expect(more).toBeVisible();
    await shootBoth(page, 'events-large-payload', 'events tab, large payload');
  } finally {
    await served.stop();
  }
});

async function dataDirFor(page: Page, served: Served, runId: string): Promise<string> {
  const res = await page.request.post(`${served.origin}/api/call/library.current`, { headers: { authorization: `Bearer ${served.token}` }, data: {} });
  const snapshot = ((await res.json()) as { value: { runs: Array<{ runId: string; dataDir: string }> } }).value;
  return snapshot.runs.find((r) => r.runId === runId)!.dataDir;
}

test('a 200,000-event run scrolls with at most 100 rows in the DOM', async ({ page }) => {
  test.setTimeout(240_000);
  const large = makeLargeRunDir(200_000);
  const served = await serve(large.dir);
  try {
    await page.goto(`${served.url}#/run/${large.runId}/events`);
    await expect(page.locator('.ev-row:not(.ev-placeholder)').first()).toBeVisible({ timeout: 120_000 });
    await expect(page.locator('.ev-status')).toContainText('200,000 events');
    const probe = await probeScroll(page, 120, 2400);
    console.log(`[200k] scroll frames p50 ${probe.p50Ms.toFixed(1)} ms, p95 ${probe.p95Ms.toFixed(1)} ms, max ${probe.maxMs.toFixed(1)} ms, max DOM rows ${probe.maxDomRows}`);
    expect(probe.maxDomRows).toBeLessThanOrEqual(100);
    for (const f of [0.5, 1]) expect(await jumpTo(page, f)).toBeLessThanOrEqual(100);
    await expect(page.locator('#event-row-200000')).toBeVisible();
    await expect(page.locator('#event-row-200000 .ev-type')).toHaveText('RunCompleted', { timeout: 20_000 });
    await shootBoth(page, 'events-200k', 'events tab, 200k run');
  } finally {
    await served.stop();
    large.cleanup();
  }
});
