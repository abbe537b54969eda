/**
 * The big-run timeline (issue 34): a generated run of 200,000 events whose one loop step is
 * visited thousands of times (every 97th visit retried after a failed attempt, a two-minute
 * quiet stretch every 1,500 visits): the loop is one aggregated row with its count that opens
 * and closes, no two axis labels overlap at any zoom, the minimap moves the view and shows the
 * as-of cursor in time travel. Screenshots in light and dark at 1,440 and 1,024 wide.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { makeLargeRunDir, type LargeRunDir } from './perf/large-run';
import { serve, type Served } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const EVENTS = 200_000;
type World = { large: LargeRunDir; served: Served };

const test = base.extend<{}, { world: World }>({
  world: [
    async ({}, use) => {
      const large = makeLargeRunDir(EVENTS, { retryEvery: 97, gapEvery: 1500 });
      const served = await serve(large.dir);
      await use({ large, served });
      await served.stop();
      large.cleanup();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
// Generous: a 200k-event run folded (and folded again as of #100,000) on a shared machine.
test.setTimeout(300_000);

async function open(page: Page, world: World, hash: string): Promise<void> {
  await page.goto(world.served.url);
  await page.evaluate((h) => (window.location.hash = h), hash);
  await expect(page.locator('.tl-row:not(.tl-placeholder)').first()).toBeVisible({ timeout: 240_000 });
}

const shownRows = (page: Page) => page.locator('.tl-row:not(.tl-placeholder)').count();

type Box = { x: number; width: number; text: string };
/** Every label drawn on the axis (ticks, break pills, "log ends"), as laid out by the browser. */
async function axisLabels(page: Page): Promise<Box[]> {
  return page.locator('.tl-axis-lane').evaluate((lane) => {
    const bounds = lane.getBoundingClientRect();
    return [...lane.querySelectorAll('.tl-tick span, .tl-break-label, .tl-log-end span')].map((el) => {
      const r = el.getBoundingClientRect();
      // Cut by the lane's edge counts as unreadable too.
      const inside = r.left >= bounds.left - 0.5 && r.right <= bounds.right + 0.5;
      return { x: r.left, width: r.width, text: inside ? (el.textContent ?? '') : `cut: ${el.textContent}` };
    });
  });
}

function expectApart(boxes: Box[], what: string): void {
  const sorted = [...boxes].sort((a, b) => a.x - b.x);
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i].x - (sorted[i - 1].x + sorted[i - 1].width);
    expect(gap, `${what}: "${sorted[i - 1].text}" and "${sorted[i].text}" overlap`).toBeGreaterThanOrEqual(0);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, `big-timeline-${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the loop is one aggregated row with its visit count and failed visits; it opens and closes', async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, world, `#/run/${world.large.runId}/timeline`);
  const loop = page.locator('[data-row-id="work"]');
  await expect(loop.getByTestId('visit-count')).toHaveText(/^\d{1,3}(,\d{3})+ visits · \d+ failed$/);
  const [visits, failed] = ((await loop.getByTestId('visit-count').textContent()) ?? '').match(/[\d,]+/g)!.map((n) => Number(n.replace(/,/g, '')));
  expect(visits).toBeGreaterThan(10_000);
  expect(failed).toBe(Math.floor(visits / 97));
  await expect(loop.getByTestId('visit-density').locator('.tl-density-cell').first()).toBeVisible();
  await expect(loop.locator('.tl-density-failed').first()).toBeAttached();
  expect(await shownRows(page)).toBe(1);
  await expectNoSeriousA11yViolations(page, 'big timeline, loop aggregated');
  await shoot(page, 'aggregated-1440');

  // Click (the twisty) opens the visits, paged from main like any rows.
  const twisty = loop.getByRole('button', { name: 'Expand work' });
  await expect(twisty).toHaveAttribute('aria-expanded', 'false');
  await twisty.click();
  await expect(page.locator('[data-row-id="work.visit[0]"]')).toBeVisible();
  await expect.poll(() => shownRows(page)).toBeGreaterThan(10);
  expect(await page.locator('.virtual-row').count()).toBeLessThanOrEqual(100);
  await expect(loop.getByRole('button', { name: 'Collapse work' })).toHaveAttribute('aria-expanded', 'true');
  await shoot(page, 'expanded-1440');

  // Enter on the focused twisty closes it again; a click on the density strip opens it.
  await loop.getByRole('button', { name: 'Collapse work' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => shownRows(page)).toBe(1);
  await loop.getByTestId('visit-density').click();
  await expect(page.locator('[data-row-id="work.visit[0]"]')).toBeVisible();
  // "Expand all" keeps the loop as the user left it; "Collapse all" and back closes it.
  await page.getByRole('button', { name: 'Collapse all' }).click();
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect.poll(() => shownRows(page)).toBe(1);
});

test('axis labels never overlap, at any zoom and at 1,440 and 1,024 wide', async ({ page, world }) => {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, world, `#/run/${world.large.runId}/timeline`);
    const list = page.getByRole('list', { name: /Timeline of/ });
    await list.focus();
    const seen = new Set<string>();
    for (const [keys, what] of [
      [[], 'whole run'],
      [['+', '+'], 'zoomed 2.25×'],
      [['+', '+', '+', '+', '+', '+'], 'zoomed 25×'],
      [['+', '+', '+', '+', '+', '+', '+', '+'], 'zoomed 640×'],
      [['ArrowRight', 'ArrowRight', 'ArrowRight'], 'zoomed and panned'],
      [['0'], 'fitted again'],
    ] as const) {
      for (const key of keys) await page.keyboard.press(key);
      await expect.poll(async () => (await axisLabels(page)).length, { message: what }).toBeGreaterThanOrEqual(3);
      const labels = await axisLabels(page);
      expectApart(labels, `${width}px, ${what}`);
      for (const l of labels) seen.add(l.text);
      expect(labels.filter((l) => l.text.startsWith('cut: ')), `${width}px, ${what}: labels cut by the lane's edge`).toEqual([]);
    }
    // Units follow the span: hours at the whole run, seconds deep in.
    expect([...seen].some((t) => / h /.test(t))).toBe(true);
    expect([...seen].some((t) => / s$/.test(t))).toBe(true);
    if (width === 1024) await shoot(page, 'aggregated-1024');
  }
});

test('the minimap: a click moves the view there, Home takes it to the start', async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, world, `#/run/${world.large.runId}/timeline`);
  const minimap = page.getByTestId('minimap');
  const windowBox = page.getByTestId('minimap-window');
  const lane = (await minimap.boundingBox())!;
  // Fitted: the window covers the whole minimap.
  expect((await windowBox.boundingBox())!.width).toBeGreaterThan(lane.width * 0.95);
  await page.getByRole('list', { name: /Timeline of/ }).focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('+');
  const zoomed = (await windowBox.boundingBox())!;
  expect(zoomed.width).toBeLessThan(lane.width * 0.2);
  const firstTick = async () => (await axisLabels(page))[0]?.text;
  const before = await firstTick();
  await minimap.click({ position: { x: lane.width * 0.85, y: lane.height / 2 } });
  await expect.poll(async () => {
    const b = (await windowBox.boundingBox())!;
    return Math.abs(b.x + b.width / 2 - (lane.x + lane.width * 0.85));
  }).toBeLessThan(4);
  await expect.poll(firstTick).not.toBe(before);
  // Keyboard: the minimap is a slider; Home takes the view to the start.
  await minimap.focus();
  await page.keyboard.press('Home');
  await expect.poll(async () => (await windowBox.boundingBox())!.x - lane.x).toBeLessThan(2);
  await shoot(page, 'minimap-zoomed-1440');
});

test('time travel: the minimap shows the whole run and the as-of cursor', async ({ page, world }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // As of the middle event: the cursor sits about halfway along the whole run, the rest greyed.
  await open(page, world, `#/run/${world.large.runId}/at/${EVENTS / 2}/timeline`);
  const minimap = page.getByTestId('minimap');
  const windowBox = page.getByTestId('minimap-window');
  const lane = (await minimap.boundingBox())!;
  const cursor = page.getByTestId('minimap-cursor');
  await expect(cursor).toBeVisible({ timeout: 120_000 });
  await expect(page.locator('.tl-mm-label')).toContainText('Whole run · as of cursor', { timeout: 120_000 });
  const at = (await cursor.boundingBox())!;
  const fraction = (at.x - lane.x) / lane.width;
  expect(fraction).toBeGreaterThan(0.4);
  expect(fraction).toBeLessThan(0.6);
  // The Gantt draws the run as of the event: its window fills the minimap up to the cursor.
  const asOfWindow = (await windowBox.boundingBox())!;
  expect(Math.abs(asOfWindow.x + asOfWindow.width - at.x)).toBeLessThan(lane.width * 0.03);
  await expectNoSeriousA11yViolations(page, 'big timeline, as of the middle event');
  await shoot(page, 'as-of-1440');
  await page.setViewportSize({ width: 1024, height: 800 });
  await shoot(page, 'as-of-1024');
});
