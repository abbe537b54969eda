/**
 * The app bench's clock (./shown-watch.ts): an element is noted when it first shows (has a box
 * and is not hidden), from the document's start for initial watches, at once when it already
 * shows, and never while it is hidden or lacks its text.
 */
import { test, expect } from '@playwright/test';
import { shownAt, watchNow, watchShown } from './shown-watch';

// The page notes, on the watch's own clock, when it made each change: timers fire late under
// load, and not by the same amount, so the watch is checked against these, not the timeouts.
const PAGE = `<!doctype html><body><div id="root"></div><script>
  const made = (globalThis.__madeAt = {});
  const now = () => performance.timeOrigin + performance.now();
  setTimeout(() => { made.first = now(); const a = document.createElement('p'); a.className = 'first'; a.textContent = 'one'; document.body.append(a); }, 100);
  setTimeout(() => { made.hidden = now(); const b = document.createElement('p'); b.className = 'second'; b.style.visibility = 'hidden'; b.textContent = 'two'; document.body.append(b); }, 200);
  setTimeout(() => { made.second = now(); document.querySelector('.second').style.visibility = 'visible'; }, 400);
  setTimeout(() => { made.done = now(); document.querySelector('.first').textContent = 'one, done'; }, 600);
</script></body>`;

type MadeAt = { first: number; hidden: number; second: number; done: number };

test('the watch notes when an element first shows, not while it is hidden or lacks its text', async ({ page }) => {
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await watchShown(page, [['.first', ''], ['.second', '']]);
  await page.route('http://watch.test/', (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
  const start = Date.now();
  await page.goto('http://watch.test/');
  await watchNow(page, '.first', 'done');
  const first = await shownAt(page, '.first', 5000);
  const second = await shownAt(page, '.second', 5000);
  const done = await shownAt(page, '.first', 5000, 'done');
  const made = await page.evaluate(() => (globalThis as unknown as { __madeAt: MadeAt }).__madeAt);
  // Each is noted once the page made it so, not before: the hidden one not when it was added.
  expect(first).toBeGreaterThanOrEqual(Math.max(start, made.first));
  expect(made.hidden).toBeLessThan(made.second);
  expect(second).toBeGreaterThanOrEqual(made.second);
  expect(done).toBeGreaterThanOrEqual(made.done);
  expect(first).toBeLessThan(second);
  expect(second).toBeLessThan(done);
  // Asked again later, the first sighting is kept.
  await page.waitForTimeout(50);
  expect(await shownAt(page, '.first', 5000)).toBe(first);
  // Already shown when watched: noted at once.
  const late = Date.now();
  expect(await shownAt(page, 'body', 5000)).toBeGreaterThanOrEqual(late - 5);
  await expect(shownAt(page, '.never', 300)).rejects.toThrow('.never did not show within 300 ms');
});
