/**
 * A run opens in stages: the head (overview) first, then the lists (steps, timeline, turns &
 * tools), then the integrity check. The lists' and the check's answers are held back in the
 * page (Playwright routes) so each stage is seen on its own: every tab says what it waits
 * for, fills in when its part comes, and no tab shows an error. Then a generated 20,000-event
 * run, nothing held: every tab fills in from a fresh page on its deep link.
 */
import { test, expect, type Page, type Route } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { makeLargeRunDir } from './perf/large-run';
import { serve } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: Array<{ runId: string; shows: string; dataDir: string }> };
const crashed = manifest.runs.find((r) => r.shows.startsWith('crashed model-call-in-flight'))!;

/** Channels answered from the run's lists (events slices are read from the log: never held). */
const LIST_CHANNELS = new Set(['run.timeline', 'run.slice', 'run.step', 'run.harness', 'run.costs', 'run.reportText']);

/** Calls of one stage held until `release()`; later calls of it pass once released. */
type Gate = { held: Route[]; open: boolean; release(): Promise<void> };

function gate(): Gate {
  const g: Gate = {
    held: [],
    open: false,
    async release() {
      g.open = true;
      await Promise.all(g.held.splice(0).map((route) => route.continue()));
    },
  };
  return g;
}

/** Hold the page's list calls in `lists` and its findings calls in `findings`. */
async function holdStages(page: Page, lists: Gate, findings: Gate): Promise<void> {
  await page.route('**/api/call/**', async (route) => {
    const channel = new URL(route.request().url()).pathname.split('/').pop()!;
    const body = route.request().postDataJSON() as { spec?: { section?: string } } | null;
    // The page's early run.prepare would let the server build every stage before the page asks: answered here instead.
    if (channel === 'run.prepare') return route.fulfill({ json: { ok: true, value: null } });
    const stage = channel === 'run.findings' ? findings : LIST_CHANNELS.has(channel) && body?.spec?.section !== 'events' ? lists : null;
    if (stage === null || stage.open) return route.continue();
    stage.held.push(route);
  });
}

async function openTab(page: Page, runId: string, tab: string): Promise<void> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/run/${runId}/${tab}`);
}

const noErrors = async (page: Page) => expect(page.locator('.run-body .error, .run-body [role="alert"]')).toHaveCount(0);

test('the overview shows before the lists; each tab waits for its part, then fills in; findings come last', async ({ page }) => {
  const served = await serve(join(examples, 'fixtures'));
  try {
    const lists = gate();
    const findings = gate();
    await holdStages(page, lists, findings);
    await page.goto(`${served.url}#/run/${crashed.runId}`);

    // Stage 1: the head. The overview is complete but for the integrity check.
    await expect(page.locator('.overview')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.ov-status')).toContainText('crashed');
    await expect(page.locator('[aria-labelledby="ov-findings-h"] [role="status"]')).toContainText('Checking sequences');
    await page.screenshot({ path: join(shots, 'staged-1-head-overview-light.png') });

    await openTab(page, crashed.runId, 'timeline');
    await expect(page.locator('.tab-loading[role="status"]')).toContainText('Building the timeline of 2 steps');
    await page.screenshot({ path: join(shots, 'staged-1-head-timeline-light.png') });
    await openTab(page, crashed.runId, 'steps');
    await expect(page.locator('.step-placeholder .row-loading')).toHaveCount(2);
    await page.screenshot({ path: join(shots, 'staged-1-head-steps-light.png') });
    await openTab(page, crashed.runId, 'turns');
    await expect(page.locator('.turns-list .tab-loading[role="status"]')).toContainText('Building the list of');
    await expectNoSeriousA11yViolations(page, 'turns tab waiting for its list');
    await noErrors(page);
    expect(lists.held.length).toBeGreaterThan(0);

    // Stage 2: the lists. Every list fills in; the check is still running.
    await lists.release();
    await expect(page.locator('.tr-row:not(.tr-placeholder)').first()).toBeVisible();
    await openTab(page, crashed.runId, 'steps');
    await expect(page.locator('.step-row:not(.step-placeholder)')).toHaveCount(2);
    await openTab(page, crashed.runId, 'timeline');
    await expect(page.locator('.tl-row:not(.tl-placeholder)').first()).toBeVisible();
    await page.screenshot({ path: join(shots, 'staged-2-lists-timeline-light.png') });
    await openTab(page, crashed.runId, 'overview');
    await expect(page.locator('[aria-labelledby="ov-findings-h"] [role="status"]')).toContainText('Checking sequences');
    await noErrors(page);

    // Stage 3: the integrity check.
    await findings.release();
    await expect(page.locator('#ov-findings-h')).toContainText('Integrity findings (');
    await page.screenshot({ path: join(shots, 'staged-3-findings-overview-light.png') });
    await noErrors(page);
  } finally {
    await served.stop();
  }
});

test("a deep link's page names its run from its inline script (the CSP allows it) before anything else, once; the app then asks the library and the run's head itself; the library's page names none", async ({ page }) => {
  const served = await serve(join(examples, 'fixtures'));
  try {
    const calls: Array<{ channel: string; body: unknown }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/call/')) calls.push({ channel: url.pathname.split('/').pop()!, body: request.postDataJSON() });
    });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    await page.goto(`${served.url}#/run/${crashed.runId}/at/3/steps`);
    await expect(page.locator('.step-row:not(.step-placeholder)').first()).toBeVisible({ timeout: 15_000 });
    // First of all, as the HTML is parsed, the inline script sends the hash itself.
    expect(calls[0]).toEqual({ channel: 'run.prepare', body: { hash: `#/run/${crashed.runId}/at/3/steps` } });
    // Then the app asks what it needs itself, each once (a quiet data dir): the run is named only by the inline script
    // (a module script that also asked these before the app ran gained nothing: docs/PERFORMANCE.md, "early request").
    const later = calls.slice(1);
    expect(later.map((c) => c.channel)).not.toContain('run.prepare');
    for (const channel of ['app.info', 'library.current', 'run.detail']) expect(later.filter((c) => c.channel === channel)).toHaveLength(1);
    expect(later.find((c) => c.channel === 'run.detail')!.body).toEqual({ dataDir: join(examples, crashed.dataDir), runId: crashed.runId, at: 3 });
    // No page that only looks at a run starts the fleet index.
    expect(later.map((c) => c.channel)).not.toContain('fleet.indexStatus');
    // The page's scripts all ran under the policy: nothing was refused.
    expect(blocked).toEqual([]);
    // The token left the address all the same.
    expect(page.url()).not.toContain('token=');
    await noErrors(page);

    calls.length = 0;
    await page.goto(`${served.url}#/`);
    await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible({ timeout: 15_000 });
    expect(calls.map((c) => c.channel)).not.toContain('run.prepare');
    expect(blocked).toEqual([]);
  } finally {
    await served.stop();
  }
});

test('a 20,000-event run from a fresh page on its deep link: every tab fills in, none shows an error', async ({ page }) => {
  test.setTimeout(120_000);
  const large = makeLargeRunDir(20_000, { crashed: true });
  const served = await serve(large.dir);
  // The charts' code (recharts: half the renderer) loads with the costs tab, never with the first page.
  const chartScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/(step-charts|cumulative-chart)-[^/]*\.js$/.test(new URL(request.url()).pathname)) chartScripts.push(request.url());
  });
  try {
    await page.goto(`${served.url}#/run/${large.runId}`);
    await expect(page.locator('.overview')).toBeVisible({ timeout: 60_000 });
    expect(chartScripts).toEqual([]);
    const tabs = [
      ['timeline', '.tl-row:not(.tl-placeholder)'],
      ['steps', '.step-row:not(.step-placeholder)'],
      ['turns', '.tr-row:not(.tr-placeholder)'],
      ['costs', '.costs-charts .chart-canvas'],
      ['crash', '.crash-view'],
      ['events', '.ev-row:not(.ev-placeholder)'],
    ] as const;
    for (const [tab, ready] of tabs) {
      await openTab(page, large.runId, tab);
      await expect(page.locator(ready).first()).toBeVisible({ timeout: 60_000 });
      await noErrors(page);
    }
    expect(chartScripts).toHaveLength(2);
    await openTab(page, large.runId, 'overview');
    await expect(page.locator('#ov-findings-h')).toContainText('Integrity findings (', { timeout: 60_000 });
    await page.screenshot({ path: join(shots, 'staged-large-overview-light.png') });
    await noErrors(page);
  } finally {
    await served.stop();
    large.cleanup();
  }
});
