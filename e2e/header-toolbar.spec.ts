/**
 * Issue 34, "the header as a toolbar": export, share, redaction and tracing behind one menu
 * that works by keyboard; what they did as toasts; dialogs whose backdrop covers the window; a
 * theme kept across a reload; runs marked with x and compared with c; widths that hold at
 * 1,024 px (the run list, the diff, a 7-digit token count); one word for a session's state.
 */
import { expect, type Page } from '@playwright/test';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expectNoSeriousA11yViolations } from './axe';
import { runMenuButton } from './run-menu';
import { serve, test, type Served } from './serve-fixture';

const root = join(__dirname, '..');
const shots = join(__dirname, 'screenshots');
const PRICED = 'run_18a3b55d-1c32-46c0-a41d-b8f7145a4506';
const LONG_ID = `run_header-toolbar-${'long-id-'.repeat(7)}end`;

/**
 * The pricing fixture copied under /tmp/header-toolbar (never a data dir of the repo) with its
 * priced run renamed to an 80-character id and 7-digit token counts.
 */
function wideFixture(): string {
  const base = join('/tmp/header-toolbar');
  mkdirSync(base, { recursive: true });
  const dir = join(mkdtempSync(join(base, 'wide-')), '.little-workflow');
  cpSync(join(root, 'examples/fixtures/pricing/.little-workflow'), dir, { recursive: true });
  const db = new Database(join(dir, 'events', 'events.db'));
  try {
    db.prepare("UPDATE events SET payload = json_set(payload, '$.response.usage.inputTokens', 1234567, '$.response.usage.outputTokens', 7654321) WHERE run_id = ? AND type = 'harness.model.responded'").run(PRICED);
    db.prepare('UPDATE events SET run_id = ? WHERE run_id = ?').run(LONG_ID, PRICED);
    db.prepare("UPDATE events SET payload = replace(payload, ?, ?)").run(PRICED, LONG_ID);
  } finally {
    db.close();
  }
  return dir;
}

async function openFirstRun(page: Page, served: Served): Promise<string> {
  await page.goto(served.url);
  const link = page.locator('[data-run-id] a').first();
  const runId = (await link.textContent())!.trim();
  await link.click();
  await expect(runMenuButton(page)).toBeVisible();
  return runId;
}

/** No horizontal scroll on the page: nothing pushed it wider than the window. */
async function expectPageFits(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('the run menu works by keyboard: Enter opens it, arrows move, Escape closes it and focus goes back', async ({ page, demo }) => {
  await openFirstRun(page, demo);
  const button = runMenuButton(page);
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /^Export as Markdown/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Send to tracing backend…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Escape in the menu closed it: it did not also leave the run (the app's Escape).
  await expect(page).toHaveURL(/#\/run\//);

  // Space opens it too; the redaction switch is a checkbox item that keeps the menu open.
  await page.keyboard.press(' ');
  await expect(menu).toBeVisible();
  await page.keyboard.press('r');
  const redact = menu.getByRole('menuitemcheckbox', { name: 'Redact secrets' });
  await expect(redact).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(redact).toHaveAttribute('aria-checked', 'true');
  await expect(menu.getByRole('menuitem', { name: /^Export as HTML \(redacted\)/ })).toBeVisible();
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `the run menu open, ${width} ${scheme}`);
      await page.screenshot({ path: join(shots, `header-toolbar-menu-${width}-${scheme}.png`) });
    }
  }
  await expect(redact).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toBeFocused();
});

test('an export download says so in a toast at the bottom corner, not in the header; the page never grows wider', async ({ page, demo }) => {
  const runId = await openFirstRun(page, demo);
  await runMenuButton(page).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /^Export as JSON/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${runId}.report.json`);
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: `Downloaded ${runId}.report.json` });
  await expect(toast).toBeVisible();
  await expect(page.locator('.run-header')).not.toContainText('Downloaded');
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
  await expectPageFits(page);
  // Ctrl+E exports again in the format last chosen.
  const [again] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+e')]);
  expect(again.suggestedFilename()).toBe(`${runId}.report.json`);
  // A success goes away by itself.
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 15_000 });
});

test('the redaction dialog and the send dialog have a backdrop that covers the whole window, scrolled or not', async ({ page, demo }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  await openFirstRun(page, demo);
  await page.getByRole('link', { name: 'Events' }).click();
  await page.mouse.wheel(0, 2000);
  for (const [item, dialogName] of [['Redaction rules & preview…', 'Redaction'], ['Send to tracing backend…', 'Send to tracing backend']] as const) {
    await runMenuButton(page).click();
    await page.getByRole('menuitem', { name: item }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    // A click on the backdrop hits the dialog element: every corner of the window is covered.
    const covered = await page.evaluate(() => {
      const open = document.querySelector('dialog[open]');
      const w = window.innerWidth;
      const h = window.innerHeight;
      return [[1, 1], [w - 2, 1], [1, h - 2], [w - 2, h - 2]].every(([x, y]) => document.elementFromPoint(x, y) === open);
    });
    expect(covered).toBe(true);
    const backdrop = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('dialog[open]')!, '::backdrop');
      return { position: style.position, top: style.top, left: style.left, right: style.right, bottom: style.bottom };
    });
    expect(backdrop).toEqual({ position: 'fixed', top: '0px', left: '0px', right: '0px', bottom: '0px' });
    await expectPageFits(page);
    await page.screenshot({ path: join(shots, `header-toolbar-dialog-${dialogName.split(' ')[0]!.toLowerCase()}-1024.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(runMenuButton(page)).toBeFocused();
  }
});

/** Cells whose content is cut at the current width: wider than the cell, or taller than its two lines. */
async function clippedCells(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (sel) =>
      [...document.querySelectorAll<HTMLElement>(sel)]
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
        .map((c) => `${c.className}: "${c.textContent}" ${c.scrollWidth}/${c.clientWidth} × ${c.scrollHeight}/${c.clientHeight}`),
    selector,
  );
}

test('x marks runs in the list, c compares the two marked; the marks are seen, the checkboxes stay in one column', async ({ page, demo }) => {
  await page.goto(demo.url);
  const list = page.getByRole('treegrid', { name: 'Runs' });
  await expect(list.locator('.lib-run').first()).toBeVisible();
  // The pick checkboxes sit in one column whatever the id's length or depth.
  // Polled over the boxes laid out: a row still being placed by the virtual list has no box yet (left 0, width 0).
  await expect
    .poll(() =>
      list.locator('.lib-pick').evaluateAll((boxes) => [
        ...new Set(boxes.filter((b) => b.getBoundingClientRect().width > 0).map((b) => Math.round(b.getBoundingClientRect().left))),
      ]),
    )
    .toHaveLength(1);
  await list.focus();
  await page.keyboard.press('j');
  const first = list.locator('.lib-run.selected');
  const firstId = (await first.getAttribute('data-run-id'))!;
  await page.keyboard.press('x');
  await expect(list.locator(`.lib-run[data-run-id="${firstId}"]`)).toHaveClass(/picked/);
  await expect(page.getByRole('checkbox', { name: `Pick ${firstId} to compare` })).toBeChecked();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  const secondId = (await list.locator('.lib-run.selected').getAttribute('data-run-id'))!;
  await page.keyboard.press('x');
  await expect(page.getByRole('region', { name: 'Compare runs' })).toContainText(secondId);
  // x again unmarks; x once more marks it back.
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Pick ${secondId} to compare` })).not.toBeChecked();
  await page.keyboard.press('x');
  await page.screenshot({ path: join(shots, 'header-toolbar-marked-1440.png') });
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/#\/run\/.*\/compare.*against=/);
  const url = decodeURIComponent(page.url());
  expect(url).toContain(firstId);
  expect(url).toContain(secondId);
  await expect(page.getByRole('table', { name: 'Steps aligned by step path' })).toBeVisible();
});

test('the theme control: dark is applied at once, kept in the state folder, and painted first after a reload', async ({ page, demo }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(demo.url);
  const theme = page.getByLabel('Theme');
  await expect(theme).toHaveValue('system');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(255, 255, 255)');
  await theme.selectOption('dark');
  await expect.poll(background).toBe('rgb(13, 17, 23)');
  await page.screenshot({ path: join(shots, 'header-toolbar-list-1440-dark.png') });
  // The page's first script paints the cached choice: already dark before the app has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstTheme: string }).firstTheme = `${document.documentElement.dataset.theme} ${getComputedStyle(document.documentElement).colorScheme}`;
    });
  });
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  expect(await page.evaluate(() => (window as unknown as { firstTheme: string }).firstTheme)).toBe('dark dark');
  expect(await background()).toBe('rgb(13, 17, 23)');
  // Kept in the state folder, not only in the page: a fresh page with no cache asks it from there.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect.poll(background).toBe('rgb(13, 17, 23)');
  // Light wins over a dark OS too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(background).toBe('rgb(255, 255, 255)');
  await page.getByLabel('Theme').selectOption('system');
  await expect.poll(background).toBe('rgb(13, 17, 23)');
});

test('a session reads one state word in the run list, the sessions panel and its own view', async ({ page, demo }) => {
  await page.goto(demo.url);
  const row = page.locator('.lib-run[data-run-id="sess_docs-chat"]');
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('.badge')).toHaveText('✓idle');
  await expect(row.locator('.badge')).toHaveAttribute('title', 'idle: counted as completed');
  const panel = page.getByRole('row').filter({ hasText: 'sess_docs-chat' }).getByTestId('session-state');
  await expect(panel).toHaveText('idle');
  await page.getByRole('link', { name: 'sess_docs-chat' }).first().click();
  await expect(page.getByRole('region', { name: 'Session sess_docs-chat' }).getByTestId('session-state')).toHaveText('idle');
  await expect(page.getByText('completed', { exact: true })).toHaveCount(0);
});

test('at 1,024 px nothing of the run list or the diff is cut and the page is no wider than the window; a 7-digit token count reads in full', async ({ page }) => {
  const served = await serve(wideFixture());
  try {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(served.url);
    const list = page.getByRole('treegrid', { name: 'Runs' });
    const row = list.locator(`.lib-run[data-run-id="${LONG_ID}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('.lib-col-tokens')).toHaveText('1,234,567 / 7,654,321');
    expect(await clippedCells(page, '.lib-run .lib-cell:not(.lib-col-run), .lib-loop .lib-cell:not(.lib-col-run), .lib-head .lib-cell')).toEqual([]);
    // The run id is the one thing that gives way: an ellipsis, and the whole id in its title.
    await expect(row.locator('.lib-run-id')).toHaveAttribute('title', LONG_ID);
    expect(await list.evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
    await expectPageFits(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `header-toolbar-list-1024-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The run: one header line whatever the id's length, the figures in full.
    await row.locator('.lib-run-id').click();
    const header = page.locator('.run-header');
    await expect(header.getByRole('heading', { name: LONG_ID })).toBeVisible();
    await expect(page.getByTestId('run-header-tokens')).toHaveText('1,234,567 in / 7,654,321 out');
    const heights = await header.evaluate((h) => ({ header: h.getBoundingClientRect().height, id: h.querySelector('h2')!.getBoundingClientRect().height }));
    expect(heights.header).toBeLessThan(40);
    expect(heights.id).toBeLessThan(24);
    await expectPageFits(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `run header 1024 ${scheme}`);
      await page.screenshot({ path: join(shots, `header-toolbar-run-1024-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // The diff of the two: x, x, c from the list, then no cell cut at 1,024 px.
    await page.goto(served.url);
    await list.focus();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('c');
    const steps = page.getByRole('table', { name: 'Steps aligned by step path' });
    await expect(steps).toBeVisible();
    expect(await clippedCells(page, '.cmp-totals td, .cmp-totals th, .cmp-steps td, .cmp-steps th')).toEqual([]);
    expect(await page.locator('.cmp-steps-scroll').evaluate((s) => s.scrollWidth <= s.clientWidth)).toBe(true);
    await expectPageFits(page);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `diff 1024 ${scheme}`);
      await page.screenshot({ path: join(shots, `header-toolbar-diff-1024-${scheme}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: join(shots, 'header-toolbar-diff-1440-dark.png'), fullPage: true });
  } finally {
    await served.stop();
  }
});
