/**
 * Issue 34 (part 1): the screen never contradicts itself. As of #N the header, every card, the
 * notes and the events list are of #N; an address past the log is clamped with a note; a row
 * click selects without moving the cursor; an unknown cost is never a number (list, header,
 * costs tab); money and durations read one way. Runs are looked up in the fixtures' manifest.
 */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { chooseRunMenu } from './run-menu';
import { shootWidthsAndSchemes } from './shoot';
import { asOfBanner } from './as-of-banner';
import { demoRun } from './fixture-runs';
import { test, type Served } from './serve-fixture';

async function open(page: Page, served: Served, hash: string): Promise<void> {
  await page.goto(served.url);
  await page.evaluate((h) => (window.location.hash = h), hash);
}

test('as of #N the header, the cards and the notes are all of #N', async ({ page, demo }) => {
  const done = demoRun('completed');
  await open(page, demo, `#/run/${done.runId}/at/17/overview`);
  const banner = await asOfBanner(page, 17);
  const header = page.locator('.run-header');
  // The header says crashed, like the banner and the overview; never the run's latest "completed".
  await expect(header.locator('.badge')).toHaveText(/crashed/);
  await expect(page.locator('.ov-status .badge')).toHaveText('crashed');
  // Cost and tokens as of #17: no call answered yet, so $0.00 and 0 tokens (the run now costs $0.000324).
  await expect(page.getByTestId('run-header-cost')).toHaveAttribute('data-as-of', '17');
  await expect(page.getByTestId('run-header-cost')).toHaveText('$0.00');
  await expect(page.getByTestId('run-header-tokens')).toHaveText('0 in / 0 out');
  await expect(page.getByRole('region', { name: 'Cost' }).locator('.ov-big')).toHaveText('$0.00');
  // Notes are the run's whatever N is shown: no "invalid request for notes.list".
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes).toBeVisible();
  await expect(notes).not.toContainText('could not be read');
  await expect(notes.getByRole('button', { name: 'Add a note' })).toBeVisible();
  // The behaviour card is the scan of the log up to #17, not an error ("invalid request for run.scan").
  const behaviour = page.getByRole('region', { name: /^Behaviour/ });
  await expect(behaviour).toContainText(/No findings|info|warning|error/, { timeout: 15_000 });
  await expect(behaviour).not.toContainText('could not run');
  await shootWidthsAndSchemes(page, 'as-of-overview');

  // Back to now: the header is the run's latest again.
  await banner.getByRole('button', { name: 'Back to now' }).click();
  await expect(header.locator('.badge')).toHaveText(/completed/);
  await expect(page.getByTestId('run-header-cost')).toHaveText('$0.000324');
  await expect(page.getByTestId('run-header-cost')).toHaveAttribute('data-as-of', 'now');
});

test('an address past the log is clamped with a note; the crash boundary is marked; a row click selects, travel here moves', async ({ page, demo }) => {
  const done = demoRun('completed');
  await open(page, demo, `#/run/${done.runId}/at/99999/events`);
  const banner = page.getByTestId('time-travel-banner');
  await expect(page).toHaveURL(/\/at\/31\/events$/);
  await expect(banner).toContainText('As of #31');
  await expect(banner).not.toContainText('#99999');
  await expect(page.getByTestId('as-of-clamped')).toContainText('asked for event #99,999, but this log ends at #31');

  // As of #5: "the log ends here" on row 5, nowhere else.
  await page.evaluate((h) => (window.location.hash = h), `#/run/${done.runId}/at/5/events`);
  await expect(banner).toContainText('As of #5');
  await expect(page.getByTestId('as-of-clamped')).toHaveCount(0);
  const marker = page.getByTestId('log-ends-here');
  await expect(marker).toHaveCount(1);
  await expect(page.locator('#event-row-5')).toContainText('the log ends here (as of #5)');

  // A row click selects the event and leaves the cursor at #5.
  await page.locator('#event-row-9').click();
  await expect(page).toHaveURL(/\/at\/5\/event\/9$/);
  await expect(banner).toContainText('As of #5');
  await expect(page.locator('#event-row-9')).toHaveAttribute('aria-selected', 'true');
  await shootWidthsAndSchemes(page, 'as-of-events');
  // The separate action moves it.
  await page.getByRole('link', { name: 'Travel here: show the run as of #9' }).click();
  await expect(page).toHaveURL(/\/at\/9\/event\/9$/);
  await expect(banner).toContainText('As of #9');
  await expect(page.locator('#event-row-9')).toContainText('the log ends here (as of #9)');
});

test('unknown stays unknown: a run killed mid model call says cost unknown in the list, the header and the costs tab', async ({ page, demo }) => {
  const killed = demoRun('crashed');
  await open(page, demo, '#/');
  const row = page.getByRole('row', { name: new RegExp(killed.runId) });
  await expect(row.locator('.lib-col-cost')).toHaveText('cost unknown (1 call in flight)');
  // One duration format: the resumed run's 12-minute span reads "12 min 01 s".
  const resumed = demoRun('resumed');
  await expect(page.getByRole('row', { name: new RegExp(resumed.runId) }).locator('.lib-col-duration')).toHaveText('12 min 01 s');
  // Zero is written one way in the list.
  const failed = demoRun('failed');
  await expect(page.getByRole('row', { name: new RegExp(failed.runId) }).locator('.lib-col-cost')).toHaveText('$0.00');
  await shootWidthsAndSchemes(page, 'unknown-cost-list');

  await page.evaluate((h) => (window.location.hash = h), `#/run/${killed.runId}/costs`);
  await expect(page.getByTestId('run-header-cost')).toHaveText('cost unknown (1 call in flight)');
  const inFlight = page.getByTestId('costs-in-flight');
  await expect(inFlight).toContainText('Cost unknown: the log ends inside a model call');
  await expect(page.locator('.costs-tab')).not.toContainText('$0 measured');
  await shootWidthsAndSchemes(page, 'unknown-cost-costs');
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Cost' }).locator('.ov-big')).toHaveText('cost unknown (1 call in flight)');
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Turns & tools' }).click();
  await expect(page.locator('.tr-cost', { hasText: 'cost unknown' }).first()).toBeVisible();
});

test('one duration format: the resumed run\'s span reads "12 min 01 s" in the list, the overview and the Markdown export', async ({ page, demo }) => {
  const resumed = demoRun('resumed');
  await open(page, demo, '#/');
  const row = page.getByRole('row', { name: new RegExp(resumed.runId) });
  await expect(row.locator('.lib-col-duration')).toHaveText('12 min 01 s');
  await page.evaluate((h) => (window.location.hash = h), `#/run/${resumed.runId}/overview`);
  const time = page.getByRole('region', { name: 'Time' });
  await expect(time.locator('dt', { hasText: /^(Duration|Ran for)$/ }).locator('+ dd')).toHaveText(/^12 min 01 s/);
  const [download] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as Markdown')]);
  expect(readFileSync((await download.path())!, 'utf8')).toContain('| Duration | 12 min 01 s |');
});
