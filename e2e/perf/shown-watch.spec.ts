/**
 * The app bench's clock (./shown-watch.ts): an element is noted when it first shows (has a box
 * and is not hidden), from the document's start for initial watches, at once when it already
 * shows, and never while it is hidden or lacks its text.
 */
import { test, expect } from '@playwright/test';
import { shownAt, watchNow, watchShown } from './shown-watch';

const PAGE = `<!doctype html><body><div id="root"></div><script>
  setTimeout(() => { const a = document.createElement('p'); a.className = 'first'; a.textContent = 'one'; document.body.append(a); }, 100);
  setTimeout(() => { const b = document.createElement('p'); b.className = 'second'; b.style.visibility = 'hidden'; b.textContent = 'two'; document.body.append(b); }, 200);
  setTimeout(() => { document.querySelector('.second').style.visibility = 'visible'; }, 400);
  setTimeout(() => { document.querySelector('.first').textContent = 'one, done'; }, 600);
</script></body>`;

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
  // Each is noted once the page made it so: after the timers that did it, in their order.
  expect(first).toBeGreaterThanOrEqual(start + 100);
  expect(second).toBeGreaterThanOrEqual(first + 300 - 5);
  expect(done).toBeGreaterThanOrEqual(second + 200 - 5);
  // Asked again later, the first sighting is kept.
  await page.waitForTimeout(50);
  expect(await shownAt(page, '.first', 5000)).toBe(first);
  // Already shown when watched: noted at once.
  const late = Date.now();
  expect(await shownAt(page, 'body', 5000)).toBeGreaterThanOrEqual(late - 5);
  await expect(shownAt(page, '.never', 300)).rejects.toThrow('.never did not show within 300 ms');
});
