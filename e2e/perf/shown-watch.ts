/**
 * When an element first shows, as the page itself sees it: a MutationObserver installed before
 * the page's own scripts checks the watched selectors after each batch of DOM changes and notes
 * the time (epoch ms) one first has a box and is not hidden.
 *
 * The app bench used to poll on every animation frame instead (Playwright's `polling: 'raf'`).
 * That loop forces a frame and a layout 60 times a second; on the 200,000-event cold open it cost
 * Chromium's renderer and GPU processes ~0.15-0.25 s of CPU while the server's fold waited for a
 * core (2 cores). A user's page runs no such loop. An observer runs only when the DOM changes,
 * and notes the same moment (the DOM as committed, before the next paint).
 */
import type { Page } from '@playwright/test';

/** A watched element: a CSS selector, and text it must contain ('' for any). */
export type Watched = readonly [selector: string, text: string];

type WatchGlobals = { __shownAt?: (selector: string, text: string) => Promise<number> };

/** Runs in the page, before its scripts (serialised by Playwright: it must not use anything outside itself). */
function installWatch(initial: readonly Watched[]): void {
  type Watch = { selector: string; text: string; at: number | null; resolve: (at: number) => void; promise: Promise<number> };
  const watches: Watch[] = [];
  const isShown = (selector: string, text: string): boolean =>
    Array.from(document.querySelectorAll(selector)).some((el) => {
      if (text !== '' && !(el.textContent ?? '').includes(text)) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    });
  const check = (): void => {
    for (const watch of watches) {
      if (watch.at !== null || !isShown(watch.selector, watch.text)) continue;
      watch.at = performance.timeOrigin + performance.now();
      watch.resolve(watch.at);
    }
  };
  const watch = (selector: string, text: string): Promise<number> => {
    const known = watches.find((w) => w.selector === selector && w.text === text);
    if (known !== undefined) return known.promise;
    let resolve: (at: number) => void = () => undefined;
    const promise = new Promise<number>((done) => (resolve = done));
    watches.push({ selector, text, at: null, resolve, promise });
    if (document.documentElement !== null) check();
    return promise;
  };
  (globalThis as WatchGlobals).__shownAt = watch;
  for (const [selector, text] of initial) void watch(selector, text);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Install the watch in every document `page` loads; `initial` are watched from the document's start. */
export async function watchShown(page: Page, initial: readonly Watched[]): Promise<void> {
  await page.addInitScript(installWatch, initial);
}

/**
 * The time (epoch ms) `selector` (with `text`) first showed in the page: at once if it showed
 * already (from the document's start for an initial watch, else from now). Rejects after `timeout` ms.
 */
export async function shownAt(page: Page, selector: string, timeout: number, text = ''): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${selector}${text === '' ? '' : ` with "${text}"`} did not show within ${timeout} ms`)), timeout);
  });
  try {
    return await Promise.race([page.evaluate(([sel, txt]) => (globalThis as WatchGlobals).__shownAt!(sel, txt), [selector, text] as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Start watching `selector` (with `text`) now, before the step that makes it show. */
export async function watchNow(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(([sel, txt]) => void (globalThis as WatchGlobals).__shownAt!(sel, txt), [selector, text] as const);
}
