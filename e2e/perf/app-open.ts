/**
 * A run opened as a new user opens it: `little-inspector serve` just started, a fresh Chromium
 * page on the run's deep link. Times (from `page.goto`) to the run header, the overview, the
 * integrity findings, the first rows of the steps and events lists and the rows at their ends;
 * the server's resident memory (VmRSS once settled, VmHWM the peak) read from /proc.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { serve } from '../serve-fixture';

/** What one open measured (milliseconds and megabytes). */
export type OpenTiming = {
  headerMs: number;
  overviewMs: number;
  findingsMs: number;
  stepsFirstRowsMs: number;
  stepsEndRowsMs: number;
  eventsFirstRowsMs: number;
  eventsEndRowsMs: number;
  rssSettledMB: number;
  rssPeakMB: number;
};

/** Resident and peak resident memory of process `pid` in MB (Linux /proc), -1 when unreadable. */
export function processMemory(pid: number): { rssMB: number; peakMB: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? -1024);
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
  } catch {
    return { rssMB: -1, peakMB: -1 };
  }
}

/** Launch the Chromium the e2e specs use. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

const sinceMs = (start: number) => performance.now() - start;

/**
 * Wait until an element matching `selector` (whose text has `text`, when given) is visible,
 * checked on every animation frame in the page. Playwright's own waits back off to one check
 * every 500 ms after the first ~300 ms, so a figure taken with them was late by up to half a
 * second (a 2.3 s overview read as 2.75 s).
 */
async function shown(page: Page, selector: string, timeout: number, text = ''): Promise<void> {
  await page.waitForFunction(
    ([sel, txt]) =>
      [...document.querySelectorAll(sel)].some((el) => {
        if (txt !== '' && !(el.textContent ?? '').includes(txt)) return false;
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      }),
    [selector, text] as const,
    { polling: 'raf', timeout },
  );
}

/** Scroll the virtual list `list` to its end and time until a loaded row `row` whose text has `text` shows. */
async function timeToEnd(page: Page, list: string, row: string, text: string, timeout: number): Promise<number> {
  const start = performance.now();
  await page.locator(list).evaluate((el) => (el.scrollTop = el.scrollHeight));
  await shown(page, row, timeout, text);
  return sinceMs(start);
}

/** Options of {@link measureOpen}: the folder `serve` opens, the run, its last step path and last event sequence. */
export type OpenTarget = { root: string; runId: string; lastStepPath: string; lastSequence: number; serveArgs?: readonly string[]; timeoutMs?: number };

/** Start `serve` on `root`, open the run's deep link in a fresh page of `browser`, time every stage, stop the server. */
export async function measureOpen(browser: Browser, target: OpenTarget): Promise<OpenTiming> {
  const timeout = target.timeoutMs ?? 120_000;
  const served = await serve(target.root, target.serveArgs ?? []);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    // Under tsx (npm run bench) esbuild wraps named functions in `__name(…)`; the page lacks it.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const start = performance.now();
    await page.goto(`${served.url}#/run/${target.runId}`);
    await shown(page, '.run-header h2', timeout);
    const headerMs = sinceMs(start);
    await shown(page, '.overview', timeout);
    const overviewMs = sinceMs(start);
    await shown(page, '#ov-findings-h', timeout, 'Integrity findings (');
    const findingsMs = sinceMs(start);

    const stepsStart = performance.now();
    await page.evaluate((hash) => (window.location.hash = hash), `#/run/${target.runId}/steps`);
    await shown(page, '.step-row:not(.step-placeholder)', timeout);
    const stepsFirstRowsMs = sinceMs(stepsStart);
    const stepsEndRowsMs = await timeToEnd(page, '.step-list-rows', '.step-row:not(.step-placeholder)', target.lastStepPath, timeout);

    const eventsStart = performance.now();
    await page.evaluate((hash) => (window.location.hash = hash), `#/run/${target.runId}/events`);
    await shown(page, '.ev-row:not(.ev-placeholder)', timeout);
    const eventsFirstRowsMs = sinceMs(eventsStart);
    const eventsEndRowsMs = await timeToEnd(page, '.ev-virtual', '.ev-row:not(.ev-placeholder)', target.lastSequence.toString(), timeout);

    // Let the server finish what the page asked and collect its garbage before reading its memory.
    await page.waitForTimeout(3000);
    const memory = processMemory(served.pid);
    return { headerMs, overviewMs, findingsMs, stepsFirstRowsMs, stepsEndRowsMs, eventsFirstRowsMs, eventsEndRowsMs, rssSettledMB: memory.rssMB, rssPeakMB: memory.peakMB };
  } finally {
    await context.close();
    await served.stop();
  }
}
