/**
 * Time travel as a user meets it in the page: `little-inspector serve` just started on the run's
 * folder, a fresh Chromium page on the run's deep link, then moves by the address
 * (`#/run/<id>/at/<N>/overview`, what the scrubber, the keys and a click on an event do). Each
 * move is timed in the page, from the address change to the animation frame in which the banner
 * names the head at N (`data-shown-at`: the overview below it is that head's); the next move comes
 * once the overview's integrity check at N shows, as a user who looks at each state.
 */
import type { Page } from '@playwright/test';
import { serve } from '../serve-fixture';
import { launchChromium } from './app-open';

/** One move in the page: where to, and ms to the frame that shows it. */
export type PageMove = { at: number; ms: number };

/** The run's overview after a fresh page load (ms), then the moves. */
export type PageMoves = { openMs: number; moves: PageMove[] };

// Change the address, then check every frame for the banner of the head at `at` (at most `timeoutMs`).
function moveInPage(page: Page, runId: string, at: number, timeoutMs: number): Promise<number> {
  return page.evaluate(
    ({ hash, at, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        window.location.hash = hash;
        const check = () => {
          if (document.querySelector(`[data-testid="time-travel-banner"][data-shown-at="${at}"]`) !== null) resolve(performance.now() - start);
          else if (performance.now() - start > timeoutMs) reject(new Error(`no head at #${at} after ${timeoutMs} ms`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { hash: `#/run/${runId}/at/${at}/overview`, at, timeoutMs },
  );
}

/** Serve `root`, open `runId`'s overview in a fresh page, then move to each of `targets` in turn. */
export async function movesInPage(root: string, runId: string, targets: readonly number[], timeoutMs = 300_000): Promise<PageMoves> {
  const browser = await launchChromium();
  const served = await serve(root);
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    // Under tsx (npm run bench) esbuild wraps named functions in `__name(…)`; the page lacks it.
    await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const start = performance.now();
    await page.goto(`${served.url}#/run/${runId}/overview`);
    await page.locator('.overview').waitFor({ state: 'visible', timeout: timeoutMs });
    const openMs = performance.now() - start;
    const moves: PageMove[] = [];
    for (const at of targets) {
      moves.push({ at, ms: await moveInPage(page, runId, at, timeoutMs) });
      // A user who looks at each state: the overview's integrity check at N shows before the next move.
      await page.locator('#ov-findings-h', { hasText: 'Integrity findings (' }).waitFor({ timeout: timeoutMs });
    }
    return { openMs, moves };
  } finally {
    await served.stop();
    await browser.close();
  }
}
