/**
 * UI benchmark of the run view on a generated 200,000-event run in browser mode: first
 * paint, run header, first event rows, scroll frame times and DOM rows in the events list,
 * and the renderer's JS heap. `scripts/bench.ts` can call {@link measureRunViewPerf}.
 */
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { serve } from '../serve-fixture';
import { makeLargeRunDir } from './large-run';
import { jumpTo, probeScroll } from './scroll-probe';

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
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
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
