/**
 * The fleet search dialog (issue 31): Ctrl+K over every run under the opened folder, hits grouped
 * by run with the match marked, keyboard only (type, ↓, Enter opens the run as of the event, Esc
 * closes); and on a root of 3,000 runs, the index's progress shown while it is built, with what is
 * indexed so far already searchable. Screenshots light and dark.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRunLibrary } from '../scripts/bench/run-library';
import { expectNoSeriousA11yViolations } from './axe';
import { fixturesTest as test } from './fixture-runs';
import { expect, serve } from './serve-fixture';

const shots = join(__dirname, 'screenshots');

test('Ctrl+K, type, the hits grouped by run, ↓ and Enter open the run as of the event; Esc closes', async ({ page, fixtures }) => {
  await page.goto(fixtures.url);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Search every run' });
  // `/` stays the run list's filter.
  await page.keyboard.press('/');
  await expect(page.locator('input:focus')).not.toHaveAttribute('aria-label', 'Search every run');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText(/runs, [\d,]+ events indexed/, { timeout: 30_000 });
  await page.keyboard.type('timeout');
  const hits = dialog.getByRole('option');
  await expect(hits).toHaveCount(2);
  await expect(dialog.getByRole('group')).toHaveCount(1);
  await expect(hits.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(hits.nth(0).locator('mark')).toHaveText('timeout');
  await expect(hits.nth(1)).toContainText('#20 RunFailed');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `fleet-search-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('ArrowDown');
  await expect(hits.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/run\/run_7505482e-eab5-493d-ae10-8cfd74a56da3\/at\/20\/event\/20/);
  await expect(page.locator('#event-row-20')).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: join(shots, 'fleet-search-opened-event.png') });

  // Opened again, the query is kept; Esc closes and gives focus back.
  await page.keyboard.press('Control+k');
  await expect(dialog.getByRole('combobox')).toHaveValue('timeout');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a root of 3,000 runs: "indexing N of 3,000 runs" while the index is built, hits from what is indexed so far', async ({ page }) => {
  // The machine is shared: the build of 3,000 runs takes from 10 s to over a minute.
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), 'fleet-search-e2e-'));
  // Two data dirs, so the first is searchable while the second is still being indexed.
  writeRunLibrary(join(root, 'a', '.little-workflow'), 1500);
  writeRunLibrary(join(root, 'b', '.little-workflow'), 1500);
  const served = await serve(root);
  try {
    await page.goto(served.url);
    await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
    const progress = page.locator('.fleet-search-progress');
    // A page that does not search builds no index (it would compete with the run being opened).
    await page.waitForTimeout(1500);
    await expect(progress).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(progress).toHaveText(/Indexing [\d,]+ of 3,000 runs/, { timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: 'Search every run' });
    await page.keyboard.type('example');
    const status = dialog.getByRole('status');
    await expect(status).toHaveText(/Indexing [\d,]+ of 3,000 runs… results so far/);
    await expect(dialog.getByRole('option').first()).toBeVisible({ timeout: 120_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: join(shots, `fleet-search-indexing-${scheme}.png`) });
    }
    await expect(status).toHaveText('3,000 runs, 39,000 events indexed', { timeout: 180_000 });
    await expect(dialog.locator('.fleet-search-count')).toHaveText(/^100 of [\d,]+ matching events$/);
  } finally {
    await served.stop();
  }
});
