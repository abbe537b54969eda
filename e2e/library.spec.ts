/** The library screen on examples/fixtures: filters, sort, search, nesting, keys, deep links, a11y, states. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { readRunLock } from '../src-main/sources/little-workflow/lock-owners';
import { expectNoSeriousA11yViolations } from './axe';
import { fixturesTest as test } from './fixture-runs';
import { expect } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const fixturesDir = join(__dirname, '..', 'examples', 'fixtures');
const SCHEMES = ['light', 'dark'] as const;

type ManifestRun = { dataDir: string; runId: string; status: string; crashed: boolean; group: string };
const manifest = JSON.parse(readFileSync(join(fixturesDir, 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };
// Manifest paths are relative to examples/; the app labels data dirs relative to the opened root.
const inFixtures = manifest.runs.filter((r) => r.dataDir.startsWith('fixtures/')).map((r) => ({ ...r, label: r.dataDir.slice('fixtures/'.length) }));
const brokenLabels = new Set(inFixtures.filter((r) => r.group === 'broken').map((r) => r.label));


type RowFacts = { runId: string; dir: string; status: string; cost: string; level: number; index: number; badge: string };

/** Every run row of the list, scrolling the virtual list through (it only renders what is in view). */
async function allRunRows(page: Page): Promise<RowFacts[]> {
  return page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('.lib-table[role="treegrid"]')!;
    const seen = new Map<string, RowFacts>();
    const grab = () => {
      for (const row of list.querySelectorAll<HTMLElement>('[role="row"][data-run-id]')) {
        const facts = {
          runId: row.dataset.runId!,
          dir: row.dataset.dirLabel!,
          status: row.dataset.status!,
          cost: row.dataset.cost!,
          level: Number(row.getAttribute('aria-level')),
          index: Number(row.getAttribute('aria-rowindex')),
          badge: row.querySelector('.badge')?.className ?? '',
        };
        seen.set(`${facts.dir} ${facts.runId}`, facts);
      }
    };
    for (let top = 0; ; top += list.clientHeight / 2) {
      list.scrollTop = top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      grab();
      if (top >= list.scrollHeight) break;
    }
    list.scrollTop = 0;
    return [...seen.values()].sort((a, b) => a.index - b.index);
  });
}

/** Scroll the virtual list until the row of `runId` is rendered. */
async function scrollToRun(page: Page, runId: string): Promise<void> {
  const found = await page.evaluate(async (id) => {
    const list = document.querySelector<HTMLElement>('.lib-table[role="treegrid"]')!;
    for (let top = 0; top <= list.scrollHeight; top += list.clientHeight / 2) {
      list.scrollTop = top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const row = list.querySelector<HTMLElement>(`[role="row"][data-run-id="${id}"]`);
      if (row) {
        row.scrollIntoView({ block: 'center' });
        return true;
      }
    }
    return false;
  }, runId);
  expect(found, `row ${runId} in the list`).toBe(true);
}

async function openList(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
}

test('filtering to crashed shows exactly the crashed runs of the manifest', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  // The fixtures' lock owners are pids of killed writers; should the OS have handed one to a
  // live process since, that run is honestly "running" right now, so it is not expected here.
  const pidReused = (r: { label: string; runId: string }) => {
    const lock = readRunLock(join(fixturesDir, r.label), r.runId);
    return lock.ok && lock.value.state === 'running';
  };
  const expected = inFixtures.filter((r) => r.crashed && r.group !== 'broken' && !pidReused(r)).map((r) => `${r.label} ${r.runId}`).sort();
  expect(expected.length).toBeGreaterThanOrEqual(10);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^crashed/ }).click();
  await expect(page).toHaveURL(/#\/\?status=crashed$/);
  const rows = await allRunRows(page);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.status).toBe('crashed');
    expect(row.badge).toContain('badge-crashed');
  }
  const nonBroken = rows.filter((r) => !brokenLabels.has(r.dir)).map((r) => `${r.dir} ${r.runId}`).sort();
  expect(nonBroken).toEqual(expected);
  // The chip's count is the number of rows listed.
  await expect(page.getByRole('button', { name: new RegExp(`^crashed ${rows.length}$`) })).toBeVisible();
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `library-crashed-${scheme}.png`) });
  }
});

test('the list groups data dirs, nests sub-runs and fits in ≤ 100 row elements', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  expect(await page.locator('[role="row"]').count()).toBeLessThanOrEqual(100);
  const top = page.locator('[role="row"][data-run-id="run_5d5bdccc-7727-43e1-af40-a3b6760eafe9"]');
  await scrollToRun(page, 'run_5d5bdccc-7727-43e1-af40-a3b6760eafe9');
  const toggle = top.getByRole('button', { name: '3 sub-runs' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const subRuns = inFixtures.filter((r) => r.group === 'orchestrated' && r.runId !== 'run_5d5bdccc-7727-43e1-af40-a3b6760eafe9').map((r) => r.runId);
  for (const id of subRuns) await expect(page.locator(`[data-run-id="${id}"]`)).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(top).toHaveAttribute('aria-expanded', 'true');
  for (const id of subRuns) await expect(page.locator(`[data-run-id="${id}"]`)).toHaveAttribute('aria-level', '3');
  // Outer-loop cycles group under their loop.
  await scrollToRun(page, 'run_02075169499b4b2aa1bf39026b4a67de');
  await expect(page.locator('[data-run-id="run_02075169499b4b2aa1bf39026b4a67de"]')).toHaveAttribute('aria-level', '3');
  await expect(page.locator('[data-loop-id="ol_a5aeb64a43544cd6a9aeb784c99f7e13"]')).toContainText('2 cycles');
  // Collapse a whole data dir.
  const dirToggle = page.getByRole('button', { name: 'orchestrated/.little-workflow' });
  await scrollToRun(page, 'run_5d5bdccc-7727-43e1-af40-a3b6760eafe9');
  await dirToggle.click();
  await expect(top).toHaveCount(0);
  await dirToggle.click();
  // Still ≤ 100 rows in the DOM with the parent open.
  expect(await page.locator('[role="row"]').count()).toBeLessThanOrEqual(100);
  await scrollToRun(page, 'run_5d5bdccc-7727-43e1-af40-a3b6760eafe9');
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `library-expanded-${scheme}.png`) });
  }
});

test('sorting by cost orders each data dir by cost, unpriced last, with aria-sort', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  const header = page.getByRole('columnheader', { name: 'Cost' });
  await expect(header).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: 'Started' })).toHaveAttribute('aria-sort', 'descending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=cost&dir=desc/);
  const check = async (dir: 'asc' | 'desc') => {
    const rows = (await allRunRows(page)).filter((r) => r.level === 2);
    const byDir = new Map<string, RowFacts[]>();
    for (const row of rows) byDir.set(row.dir, [...(byDir.get(row.dir) ?? []), row]);
    for (const [, group] of byDir) {
      const costs = group.map((r) => (r.cost === '' ? null : Number(r.cost)));
      const priced = costs.filter((c): c is number => c !== null);
      expect(costs.slice(priced.length).every((c) => c === null), 'unpriced runs sort last').toBe(true);
      expect(priced).toEqual([...priced].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
    }
    expect(rows.some((r) => r.cost === '')).toBe(true);
  };
  await check('desc');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await check('asc');
});

test('searching by a run-id fragment narrows the list and lands in the URL', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  await page.getByRole('searchbox', { name: /Search runs/ }).fill('e6f5d58d');
  await expect(page).toHaveURL(/q=e6f5d58d/);
  const rows = await allRunRows(page);
  expect(rows.map((r) => r.runId)).toEqual(['run_e6f5d58d561d7226']);
  // A sub-run found by search says whose it is.
  await expect(page.locator('[data-run-id="run_e6f5d58d561d7226"]')).toContainText('run_5d5bdccc');
  await page.getByRole('searchbox', { name: /Search runs/ }).fill('Docs digest');
  expect((await allRunRows(page)).map((r) => r.runId)).toEqual(['run_5d5bdccc-7727-43e1-af40-a3b6760eafe9']);
});

test('keys: / focuses search, j j Enter opens the second run, Esc goes back, ? opens the help', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: /Search runs/ });
  await expect(search).toBeFocused();
  await page.keyboard.type('jk');
  await expect(search).toHaveValue('jk'); // letters type into the field, they do not move the list
  await search.fill('');
  await page.keyboard.press('Escape');
  await expect(search).not.toBeFocused();
  const second = (await allRunRows(page))[1];
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(page.locator(`[role="row"][data-run-id="${second.runId}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('treegrid', { name: 'Runs' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: second.runId })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/run/${second.runId}`));
  await page.keyboard.press('Escape');
  await expect(page.locator(`[role="row"][data-run-id="${second.runId}"]`)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Open a data directory');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `help dialog (${scheme})`);
    await page.screenshot({ path: join(shots, `library-help-${scheme}.png`) });
  }
  await page.keyboard.press('j'); // ignored while the dialog is open
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Ctrl+O in browser mode goes to the open bar's path field.
  await page.keyboard.press('Control+o');
  await expect(page.getByLabel('Data directory path')).toBeFocused();
});

test('a filtered list is a deep link that survives a reload', async ({ page, fixtures }) => {
  await openList(page, `${fixtures.url}#/?status=failed,crashed&q=run_&sort=events&dir=desc`);
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status.getByRole('button', { name: /^failed/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Events more than').fill('20');
  await expect(page).toHaveURL(/eventsOver=20/);
  const before = await allRunRows(page);
  expect(before.every((r) => r.status === 'failed' || r.status === 'crashed')).toBe(true);
  await page.reload();
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await expect(status.getByRole('button', { name: /^crashed/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('searchbox', { name: /Search runs/ })).toHaveValue('run_');
  await expect(page.getByLabel('Events more than')).toHaveValue('20');
  // The runs grid's header (the harness sessions table below it has an Events column too).
  await expect(page.getByRole('treegrid', { name: 'Runs' }).getByRole('columnheader', { name: 'Events' })).toHaveAttribute('aria-sort', 'descending');
  expect((await allRunRows(page)).map((r) => r.runId)).toEqual(before.map((r) => r.runId));
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `library-filtered-${scheme}.png`) });
  }
});

test('no match offers to clear the filters', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  await page.getByRole('searchbox', { name: /Search runs/ }).fill('no-such-run-anywhere');
  await expect(page.getByRole('heading', { name: 'No runs match these filters' })).toBeVisible();
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `no match (${scheme})`);
    await page.screenshot({ path: join(shots, `library-nomatch-${scheme}.png`) });
  }
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});

test('the list has no serious accessibility violations in light and dark', async ({ page, fixtures }) => {
  await openList(page, fixtures.url);
  await page.keyboard.press('j');
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `library (${scheme})`);
    await page.screenshot({ path: join(shots, `library-list-${scheme}.png`) });
  }
});

test('loading, empty and error states keep the frame and say what is going on', async ({ page, fixtures }) => {
  const snap = async (state: string) => {
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `${state} (${scheme})`);
      await page.screenshot({ path: join(shots, `library-${state}-${scheme}.png`) });
    }
  };
  // Loading: hold the first answer back; the filter bar and column header are already in place.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/call/library.current', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(fixtures.url);
  await expect(page.getByRole('status', { name: 'Loading runs' })).toBeVisible();
  const frameTop = await page.locator('.lib-filters').boundingBox();
  await snap('loading');
  release();
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  expect(await page.locator('.lib-filters').boundingBox(), 'no layout jump when runs arrive').toEqual(frameTop);
  await page.unroute('**/api/call/library.current');

  // Empty: a data dir whose log holds no run yet.
  await page.route('**/api/call/library.current', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { ok: boolean; value: { runs: unknown[]; dataDirs: unknown[] } };
    body.value.runs = [];
    body.value.dataDirs = body.value.dataDirs.slice(0, 1);
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No runs yet' })).toBeVisible();
  await snap('empty');
  await page.unroute('**/api/call/library.current');

  // Error: nothing could be opened.
  await page.route('**/api/call/library.current', (route) =>
    route.fulfill({ json: { ok: false, error: { code: 'path-not-found', severity: 'error', message: 'No such directory: /gone/.little-workflow', path: '/gone/.little-workflow' } } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('path-not-found');
  await expect(page.getByRole('heading', { name: 'Nothing could be opened' })).toBeVisible();
  await snap('error');
});
