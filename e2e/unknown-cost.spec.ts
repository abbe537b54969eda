/**
 * Issue 34, "unknown stays unknown everywhere": a partly priced run reads "$0.000324 + 1
 * unpriced" in the run list, the run header, the overview's Cost card, the Markdown export and
 * the CLI's `runs` text, one string from one formatter (shared/format/money.ts); a run that
 * failed on a model call's timeout has its call in flight in the list, the CLI and the header as
 * in the overview and the export, never "$0.00". Runs are looked up in examples/fixtures/manifest.json.
 */
import { expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { shootWidthsAndSchemes } from './shoot';
import { fixtureRun, fixturesTest as test, type ManifestRun } from './fixture-runs';
import { chooseRunMenu } from './run-menu';
import type { Served } from './serve-fixture';

const root = join(__dirname, '..');

/** The cost column of `little-inspector runs` for the run (the CLI's text output). */
function cliCost(run: ManifestRun): string {
  const out = execFileSync(process.execPath, [join(root, 'out/main/cli.js'), 'runs', '--data-dir', join(root, 'examples', run.dataDir)], { encoding: 'utf8' });
  const line = out.split('\n').find((l) => l.startsWith(run.runId))!;
  // Columns: run, status, events, started, in, out, cost, parent (none here).
  return line.split(/ {2,}/).slice(6).join('  ').trim();
}

/** The run's row in the list (searched for: each fixture data dir is collapsed). */
async function listRow(page: Page, served: Served, run: ManifestRun) {
  await page.goto(served.url);
  await page.getByRole('searchbox', { name: /Search runs/ }).fill(run.runId);
  const row = page.locator(`.lib-run[data-run-id="${run.runId}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  return row;
}

/** The Markdown export of the open run, its backslash escapes taken out (it escapes + and parentheses). */
async function markdownExport(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as Markdown')]);
  return readFileSync((await download.path())!, 'utf8').replace(/\\(.)/g, '$1');
}


test('a partly priced run reads "$… + 1 unpriced" in the list, the header, the overview, the export and the CLI', async ({ page, fixtures }) => {
  const run = fixtureRun('partially priced');
  const row = await listRow(page, fixtures, run);
  const cost = (await row.locator('.lib-col-cost').textContent())!.trim();
  expect(cost).toMatch(/^\$0\.\d+ \+ 1 unpriced$/);
  expect(cliCost(run)).toBe(cost);
  await shootWidthsAndSchemes(page, 'unknown-cost-partly-priced-list', false);

  await row.locator('.lib-run-id').click();
  await expect(page.getByTestId('run-header-cost')).toHaveText(cost);
  const card = page.getByRole('region', { name: 'Cost' });
  await expect(card.locator('.ov-big')).toHaveText(cost);
  await expect(card).toContainText('1 unpriced call');
  expect(await markdownExport(page)).toContain(`| ${cost} |`);
  await shootWidthsAndSchemes(page, 'unknown-cost-partly-priced-run', false);
});

test('a run that failed on a model call\'s timeout: the list, the CLI and the header say cost unknown like the overview and the export', async ({ page, fixtures }) => {
  const run = fixtureRun('failed timeout');
  const unknown = 'cost unknown (1 call in flight)';
  // The row of a finished run counts its calls in flight too (it read "$0.00"), in the list and the CLI.
  const row = await listRow(page, fixtures, run);
  await expect(row.locator('.lib-col-cost')).toHaveText(unknown);
  expect(cliCost(run)).toBe(unknown);
  await page.evaluate((h) => (window.location.hash = h), `#/run/${run.runId}/overview`);
  await expect(page.getByRole('region', { name: 'Cost' }).locator('.ov-big')).toHaveText(unknown, { timeout: 15_000 });
  // The header counts the crash boundary's calls in flight, as the overview does (it read $0.00).
  await expect(page.getByTestId('run-header-cost')).toHaveText(unknown);
  await expect(page.getByTestId('run-header-cost')).toHaveAttribute('data-as-of', 'now');
  expect(await markdownExport(page)).toContain(`| ${unknown} |`);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Costs' }).click();
  await expect(page.getByTestId('costs-in-flight')).toContainText('Cost unknown: the log ends inside a model call');
  await expect(page.locator('.costs-tab')).not.toContainText('$0.00 measured');
  await expect(page.getByTestId('run-header-cost')).toHaveText(unknown);
  await shootWidthsAndSchemes(page, 'unknown-cost-timeout-costs', false);
});
