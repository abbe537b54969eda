/**
 * UI benchmark of the run view on a generated 200,000-event run in browser mode: first
 * paint, run header, first event rows, scroll frame times and DOM rows in the events list,
 * then every tab (time to content, long tasks, scroll frames of its list), the size of the
 * run's head, and the renderer's JS heap. `scripts/bench.ts` can call {@link measureRunViewPerf}.
 */
import { chromium, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serve } from '../serve-fixture';
import { makeLargeRunDir } from './large-run';
import { jumpTo, probeScroll } from './scroll-probe';

/** The run view's tabs besides events, what shows each is ready, and the virtual list to scroll in it. */
const TABS = [
  { tab: 'overview', ready: '.overview' },
  // The run's loop is one aggregated row until opened: open it so the scroll pages its visits in.
  { tab: 'timeline', ready: '.tl-row:not(.tl-placeholder)', list: '.tl-list', open: '.tl-twisty[aria-expanded="false"]' },
  { tab: 'steps', ready: '.step-row:not(.step-placeholder)', list: '.step-list-rows' },
  { tab: 'turns', ready: '.tr-row:not(.tr-placeholder)', list: '.turns-list .virtual-list' },
  { tab: 'costs', ready: '.chart-canvas:not([aria-busy="true"]) .recharts-surface' },
  { tab: 'crash', ready: '.crash-view' },
] as const;

/** Long tasks that started after `since` (page ms): how many, and the longest. */
async function longTasksSince(page: Page, since: number, label: string): Promise<Record<string, number>> {
  const tasks = await page.evaluate(() => (globalThis as unknown as { __longTasks: Array<[number, number]> }).__longTasks);
  const mine = tasks.filter(([start]) => start >= since).map(([, duration]) => duration);
  return { [`${label}LongTasks`]: mine.length, [`${label}LongestTaskMs`]: Math.max(0, ...mine) };
}

/** Open `tab`, time it to its content, let its staged work finish, count long tasks, scroll its list. */
async function measureTab(page: Page, runId: string, spec: (typeof TABS)[number]): Promise<Record<string, number>> {
  const since = await page.evaluate(() => performance.now());
  await page.evaluate((hash) => (window.location.hash = hash), `#/run/${runId}/${spec.tab}`);
  await page.locator(spec.ready).first().waitFor({ timeout: 60_000 });
  const out: Record<string, number> = { [`${spec.tab}ReadyMs`]: (await page.evaluate(() => performance.now())) - since };
  await page.waitForTimeout(1000);
  if ('open' in spec) {
    for (const twisty of await page.locator(spec.open).all()) await twisty.click();
    await page.waitForTimeout(500);
  }
  if ('list' in spec) {
    const scroll = await probeScroll(page, 120, 600, spec.list);
    Object.assign(out, { [`${spec.tab}ScrollP95Ms`]: scroll.p95Ms, [`${spec.tab}ScrollMaxDomRows`]: scroll.maxDomRows });
    await page.waitForTimeout(500);
  }
  return { ...out, ...(await longTasksSince(page, since, spec.tab)) };
}

/** Options of {@link measureRunViewPerf}. */
export type RunViewPerfOptions = { events?: number; out?: string | null; log?(line: string): void };

/** Measure, print, and save to `reports/bench-ui.json` (unless `out` is null); returns the flat metrics. */
export async function measureRunViewPerf(options: RunViewPerfOptions = {}): Promise<Record<string, number>> {
  const log = options.log ?? ((line: string) => console.log(`[bench-ui] ${line}`));
  const events = options.events ?? 200_000;
  const started = performance.now();
  const large = makeLargeRunDir(events);
  const metrics: Record<string, number> = { events, generateMs: performance.now() - started };
  const served = await serve(large.dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Under tsx (npm run bench) esbuild wraps named functions in `__name(…)`; the page lacks it.
    // Long tasks (> 50 ms on the main thread) are recorded from the first script on.
    await page.addInitScript({
      content:
        "globalThis.__name = (fn) => fn; globalThis.__longTasks = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) globalThis.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });",
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(`${served.url}#/run/${large.runId}/events`);
    await page.locator('.run-header h2').waitFor({ state: 'visible', timeout: 60_000 });
    metrics.runHeaderVisibleMs = await page.evaluate(() => performance.now());
    await page.locator('.ev-row:not(.ev-placeholder)').first().waitFor({ timeout: 120_000 });
    metrics.firstEventRowsMs = await page.evaluate(() => performance.now());
    metrics.firstContentfulPaintMs = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1);
    const nav = await page.evaluate(() => {
      const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return n ? { domContentLoadedMs: n.domContentLoadedEventEnd, loadMs: n.loadEventEnd } : { domContentLoadedMs: -1, loadMs: -1 };
    });
    Object.assign(metrics, nav);

    const scroll = await probeScroll(page);
    Object.assign(metrics, { scrollFrames: scroll.frames, scrollP50Ms: scroll.p50Ms, scrollP95Ms: scroll.p95Ms, scrollMaxMs: scroll.maxMs, scrollMaxDomRows: scroll.maxDomRows });
    let jumpMaxRows = 0;
    for (const f of [0.25, 0.5, 0.75, 1, 0]) jumpMaxRows = Math.max(jumpMaxRows, await jumpTo(page, f));
    metrics.jumpMaxDomRows = jumpMaxRows;
    const jumpStart = Date.now();
    await jumpTo(page, 0.6);
    await page.locator('.ev-row:not(.ev-placeholder)').first().waitFor();
    metrics.jumpRowsLoadedMs = Date.now() - jumpStart;

    Object.assign(metrics, await longTasksSince(page, 0, 'load'));
    const head = await page.request.post(`${served.origin}/api/call/run.detail?token=${served.token}`, { data: { dataDir: large.dataDir, runId: large.runId } });
    metrics.headKB = (await head.body()).byteLength / 1024;
    for (const tab of TABS) Object.assign(metrics, await measureTab(page, large.runId, tab));

    const { metrics: cdpMetrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
    const metric = (name: string) => cdpMetrics.find((m) => m.name === name)?.value ?? -1;
    metrics.jsHeapUsedMB = metric('JSHeapUsedSize') / 1e6;
    metrics.jsHeapTotalMB = metric('JSHeapTotalSize') / 1e6;
    metrics.domNodes = metric('Nodes');
    metrics.perfMemoryUsedMB = await page.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? -1) / 1e6);
  } finally {
    await browser.close();
    await served.stop();
    large.cleanup();
  }
  for (const [k, v] of Object.entries(metrics)) metrics[k] = Math.round(v * 10) / 10;
  for (const [k, v] of Object.entries(metrics)) log(`${k.padEnd(24)} ${v}`);
  if (options.out !== null) {
    const out = options.out ?? join(__dirname, '..', '..', 'reports', 'bench-ui.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), metrics }, null, 2)}\n`);
    log(`wrote ${out}`);
  }
  return metrics;
}
