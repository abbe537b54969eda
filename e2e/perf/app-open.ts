/**
 * A run opened as a new user opens it: `little-inspector serve` just started, a fresh Chromium
 * page on the run's deep link. Times (from `page.goto`) to the run header, the overview, the
 * integrity findings, the first rows of the steps and events lists and the rows at their ends,
 * each as the page noted it (./shown-watch.ts: no polling loop competing with the server);
 * the server's resident memory (VmRSS once settled, VmHWM the peak) read from /proc.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { serve } from '../serve-fixture';
import { shownAt, watchNow, watchShown } from './shown-watch';

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

/** Scroll the virtual list `list` to its end and time until a loaded row `row` whose text has `text` shows. */
async function timeToEnd(page: Page, list: string, row: string, text: string, timeout: number): Promise<number> {
  const start = Date.now();
  await watchNow(page, row, text);
  await page.locator(list).evaluate((el) => (el.scrollTop = el.scrollHeight));
  return (await shownAt(page, row, timeout, text)) - start;
}

/** Go to the run's tab `tab` and time until a loaded row `row` shows. */
async function timeToTab(page: Page, runId: string, tab: string, row: string, timeout: number): Promise<number> {
  const start = Date.now();
  await watchNow(page, row, '');
  await page.evaluate((hash) => (window.location.hash = hash), `#/run/${runId}/${tab}`);
  return (await shownAt(page, row, timeout)) - start;
}

const HEADER = '.run-header h2';
const OVERVIEW = '.overview';
const FINDINGS = ['#ov-findings-h', 'Integrity findings ('] as const;

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
    await watchShown(page, [[HEADER, ''], [OVERVIEW, ''], FINDINGS]);
    const start = Date.now();
    await page.goto(`${served.url}#/run/${target.runId}`);
    const headerMs = (await shownAt(page, HEADER, timeout)) - start;
    const overviewMs = (await shownAt(page, OVERVIEW, timeout)) - start;
    const findingsMs = (await shownAt(page, FINDINGS[0], timeout, FINDINGS[1])) - start;

    const stepRow = '.step-row:not(.step-placeholder)';
    const stepsFirstRowsMs = await timeToTab(page, target.runId, 'steps', stepRow, timeout);
    const stepsEndRowsMs = await timeToEnd(page, '.step-list-rows', stepRow, target.lastStepPath, timeout);
    const eventRow = '.ev-row:not(.ev-placeholder)';
    const eventsFirstRowsMs = await timeToTab(page, target.runId, 'events', eventRow, timeout);
    const eventsEndRowsMs = await timeToEnd(page, '.ev-virtual', eventRow, target.lastSequence.toString(), timeout);

    // Let the server finish what the page asked and collect its garbage before reading its memory.
    await page.waitForTimeout(3000);
    const memory = processMemory(served.pid);
    return { headerMs, overviewMs, findingsMs, stepsFirstRowsMs, stepsEndRowsMs, eventsFirstRowsMs, eventsEndRowsMs, rssSettledMB: memory.rssMB, rssPeakMB: memory.peakMB };
  } finally {
    await context.close();
    await served.stop();
  }
}
