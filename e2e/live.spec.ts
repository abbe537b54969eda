/**
 * Live in the UI, end to end: a scripted writer appends a run while the browser watches the run
 * list (new run, live badge, growing count), the events tab follows the tail (and pauses),
 * SIGKILL turns the run crashed, a second writer resumes it to completion, and Compare shows
 * the replay equal to the live fold with only expected resume items. Measures commit-to-screen
 * latency of the list (reports/bench-live-ui.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { commitTimes, installLatencyProbe, paintSamples, percentiles } from './live/latency-probe';
import { openLiveWorld } from './live/live-world';
import { expect, serve, test } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const reports = join(__dirname, '..', 'reports');
const SEED = 'run_0e0e0e0e-0000-4000-8000-000000000001';
const LATENCY = 'run_1a1a1a1a-0000-4000-8000-000000000002';
const RUN = 'run_2b2b2b2b-0000-4000-8000-000000000003';
const SCHEMES = ['light', 'dark'] as const;

const rowOf = (page: Page, runId: string) => page.locator(`[role="row"][data-run-id="${runId}"]`);
const countOf = async (row: Locator) => Number((await row.locator('.lib-col-events').textContent())?.replace(/[^\d]/g, '') ?? 0);
const go = (page: Page, hash: string) => page.evaluate((h) => void (location.hash = h), hash);

/** Events shown by the events tab's status line. */
async function eventsCount(page: Page): Promise<number> {
  const text = (await page.locator('.ev-status').textContent()) ?? '';
  return Number(/([\d,]+) events/.exec(text)?.[1].replace(/,/g, '') ?? 0);
}

/** Whether the row of the last event is inside the events list's visible box. */
/** Pixels of the events list below its visible part. */
async function listOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('.ev-virtual')!;
    return list.scrollHeight - list.clientHeight;
  });
}

async function listScrollTop(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(document.querySelector('.ev-virtual')!.scrollTop));
}

async function lastRowInView(page: Page): Promise<boolean> {
  const count = await eventsCount(page);
  return page.evaluate((sequence) => {
    const list = document.querySelector('.ev-virtual')!.getBoundingClientRect();
    const row = document.getElementById(`event-row-${sequence}`)?.getBoundingClientRect();
    return row !== undefined && row.height > 0 && row.top >= list.top - 1 && row.bottom <= list.bottom + 1;
  }, count);
}

test('a run written live: appears, grows, follows, crashes, resumes, completes, compares equal', async ({ page }) => {
  test.setTimeout(180_000);
  const world = await openLiveWorld('li-live-e2e-', SEED);
  try {
    await page.goto(world.served.url);
    await expect(rowOf(page, SEED)).toHaveAttribute('data-status', 'completed');
    await installLatencyProbe(page, [LATENCY, RUN]);

    // 1. A quick run, for latency samples: it appears by itself and ends completed.
    const quick = world.write(LATENCY, ['--interval', '80']);
    await expect(rowOf(page, LATENCY)).toBeVisible({ timeout: 10_000 });
    await quick.exited;
    await expect(rowOf(page, LATENCY)).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });

    // 2. The main run: live badge, growing count.
    const first = world.write(RUN, ['--interval', '400', '--pause-after', '18']);
    const row = rowOf(page, RUN);
    await expect(row).toHaveAttribute('data-live', 'active', { timeout: 10_000 });
    await expect(row.locator('.live-badge')).toBeVisible();
    await expect(row.locator('.lib-col-last')).toContainText(/ago/);
    const grown = await countOf(row);
    await expect.poll(() => countOf(row), { timeout: 5_000 }).toBeGreaterThan(grown);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `live-list-${scheme}.png`), animations: 'disabled' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoSeriousA11yViolations(page, 'live run list');

    // 3. Its events tab follows the tail; Pause stops that, Follow resumes it.
    await page.setViewportSize({ width: 1280, height: 420 });
    await go(page, `#/run/${RUN}/events`);
    await expect(page.locator('.live-indicator-active')).toContainText(/live · last event \d+ s ago/);
    await expect.poll(() => eventsCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(11);
    await expect.poll(() => lastRowInView(page), { timeout: 5_000 }).toBe(true);
    // Pausing only shows once the list overflows: wait for two rows more than it can hold.
    await expect.poll(() => listOverflow(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(48);
    await page.getByRole('button', { name: /Pause/ }).click();
    // A scroll the list started before the click (the virtualizer settles over a few frames) may still land.
    await expect(page.getByRole('button', { name: /Follow/ })).toBeVisible();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
    const pausedAt = await eventsCount(page);
    const topAtPause = await listScrollTop(page);
    await expect.poll(() => eventsCount(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(pausedAt + 2);
    expect(await listScrollTop(page)).toBe(topAtPause);
    expect(await lastRowInView(page)).toBe(false);
    await page.getByRole('button', { name: /Follow/ }).click();
    await expect.poll(() => lastRowInView(page), { timeout: 5_000 }).toBe(true);
    await expectNoSeriousA11yViolations(page, 'live events tab');

    // 4. SIGKILL mid-model-call: the list turns the run crashed (the observer checks locks each second).
    await expect.poll(() => first.paused(), { timeout: 15_000 }).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await go(page, '#/');
    await first.kill();
    const killedAt = Date.now();
    await expect(row).toHaveAttribute('data-status', 'crashed', { timeout: 5_000 });
    const crashSeenMs = Date.now() - killedAt;
    await expect(row.locator('.live-badge')).toHaveCount(0);

    // 5. A second writer resumes it: live again, then completed.
    const second = world.write(RUN, ['--interval', '150']);
    await expect(row).toHaveAttribute('data-live', 'active', { timeout: 10_000 });
    await expect(row).toHaveAttribute('data-status', 'running');
    await second.exited;
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 5_000 });
    await expect(row).toHaveAttribute('data-live', 'ended');

    // 6. Compare: the live fold equals the replay; the resume audit has expected items only.
    await go(page, `#/run/${RUN}/compare`);
    await expect(page.locator('[data-consistency="equal"]')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.cmp-source')).toContainText('Live observer state');
    await expect(page.locator('[data-violations="0"]')).toBeVisible();
    await expect(page.locator('.cmp-item[data-status="expected"]').first()).toBeVisible();
    await expect(page.locator('.cmp-item[data-status="violation"]')).toHaveCount(0);
    const expectedItems = await page.locator('.cmp-item[data-status="expected"]').count();
    await page.locator('.cmp-plan summary').first().click();
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `compare-resumed-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoSeriousA11yViolations(page, 'compare view');
    // The first divergent event / item links are deep links into the events tab.
    await page.locator('.cmp-item .event-link').first().click();
    await expect(page).toHaveURL(/#\/run\/run_2b2b2b2b[^/]*\/event\/\d+/);

    // Latency: writer commit (recordedAt) → the frame painting the new count in the list.
    const samples = await paintSamples(page);
    const latencies: number[] = [];
    const appearances: number[] = [];
    for (const runId of [LATENCY, RUN]) {
      const commits = await commitTimes(page, world.dataDir, runId);
      for (const sample of samples.filter((s) => s.runId === runId)) {
        const committed = commits.get(sample.n);
        if (committed === undefined) continue;
        if (!sample.firstPaint) latencies.push(sample.t - committed);
      }
      const firstSeen = samples.find((s) => s.runId === runId && s.firstPaint);
      if (firstSeen && commits.get(1) !== undefined) appearances.push(firstSeen.t - commits.get(1)!);
    }
    const result = {
      measuredAt: new Date().toISOString(),
      what: 'run list: writer recordedAt of sequence n → start of the Chromium frame that paints count n (browser mode, SSE)',
      commitToScreenMs: percentiles(latencies),
      targetP95Ms: 100,
      newRunVisibleMs: appearances.map((ms) => Math.round(ms)),
      crashVisibleAfterKillMs: crashSeenMs,
      expectedAuditItems: expectedItems,
    };
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'bench-live-ui.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`live UI latency: ${JSON.stringify(result)}`);
    expect(latencies.length).toBeGreaterThanOrEqual(20);
  } finally {
    await world.close();
  }
});

test('Compare deep links work for runs nobody tails: simulated fold, and "no resume" when there is none', async ({ page }) => {
  const served = await serve(join(__dirname, '..', 'examples', 'fixtures', 'completed'));
  try {
    await page.goto(`${served.url}#/run/run_0c7b8e60-bd6a-47c6-a4fa-88904e281d0d/compare`);
    await expect(page.locator('[data-consistency="equal"]')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.cmp-source')).toContainText(/random batches \(seed 1\)/);
    await expect(page.locator('[data-audit="none"]')).toHaveText(/No resume in this log/);
    await expect(page.getByRole('link', { name: 'Compare' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, 'compare, no resume');
  } finally {
    await served.stop();
  }
});
