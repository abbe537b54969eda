/**
 * Issue 14 in the app: pick two runs in the list and compare them (aligned steps, first
 * divergence, JSON diff on demand), open a run as of event #N by URL and with the keys, the
 * banner and "back to now", and the crash tab's "if it had died here". Runs are looked up in
 * examples/fixtures/manifest.json by what they show, never by a hard-coded id.
 */
import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { asOfBanner } from './as-of-banner';
import { demoRun } from './fixture-runs';
import { test, type Served } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
async function open(page: Page, served: Served, hash = ''): Promise<void> {
  const response = await page.goto(served.url);
  if (response?.status() === 404) {
    await page.waitForTimeout(2000);
    await page.goto(served.url);
  }
  if (hash) await page.evaluate((h) => (window.location.hash = h), hash);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `${name} (${scheme})`);
    await page.screenshot({ path: join(shots, `${name}-${scheme}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('select two runs in the list → Compare: steps aligned, first divergence highlighted and linked, JSON diff on demand', async ({ page, demo }) => {
  const good = demoRun('completed');
  const bad = demoRun('failed');
  await open(page, demo);
  await page.getByRole('checkbox', { name: `Pick ${good.runId} to compare` }).check();
  await expect(page.getByRole('region', { name: 'Compare runs' })).toContainText('Pick one more run');
  await page.getByRole('checkbox', { name: `Pick ${bad.runId} to compare` }).check();
  await page.getByRole('region', { name: 'Compare runs' }).getByRole('button', { name: 'Compare' }).click();

  // The later-started run is B, compared against the earlier one (A); the address carries both.
  await expect(page).toHaveURL(/#\/run\/run_[^/?]+\/compare\?.*against=run_/);
  const divergence = page.getByTestId('first-divergence');
  await expect(divergence).toContainText('First divergence:', { timeout: 15_000 });
  await expect(divergence.locator('a.mono')).toHaveText('fetch');
  const fetchRow = page.locator('tr.cmp-step[data-step="fetch"]');
  await expect(fetchRow).toHaveClass(/cmp-first/);
  await expect(fetchRow).toHaveAttribute('data-change', 'changed');
  // The step the failed run never reached is marked added or removed, depending on which run is B.
  await expect(page.locator('tr.cmp-step[data-step="summarize"]')).toHaveAttribute('data-change', /added|removed/);
  await expect(page.getByRole('table', { name: 'Totals' })).toContainText('Δ B − A');
  // The checks of this run (replay vs live, resume audit) are in the same view.
  await expect(page.locator('[data-consistency="equal"]')).toBeVisible({ timeout: 10_000 });
  await shoot(page, 'compare-two-runs');

  // A step whose output differs opens the JSON diff of the two outputs.
  const differing = page.locator('tr.cmp-step').filter({ has: page.getByRole('button', { name: 'JSON diff' }) }).first();
  if ((await differing.count()) > 0) {
    await differing.getByRole('button', { name: 'JSON diff' }).click();
    await expect(page.locator('.cmp-output-row')).toBeVisible();
    await expect(page.locator('.cmp-output-row')).not.toContainText('Reading both outputs', { timeout: 10_000 });
  }

  // The link of the first divergence opens that step of run B.
  await divergence.getByRole('link', { name: 'open in B' }).click();
  await expect(page).toHaveURL(/\/step\/fetch/);
});

test('a run as of #N: by URL and with [ ] { }, banner with the event, back to now, crash tab "if it had died here"', async ({ page, demo }) => {
  const crashed = demoRun('crashed');
  await open(page, demo, `#/run/${crashed.runId}/at/5/crash`);
  const banner = await asOfBanner(page, 5);
  const died = page.getByTestId('died-here');
  await expect(died).toContainText('If it had died here');
  await expect(died.locator('.event-link')).toHaveText('#5');
  await expect(died).toContainText(/skip|would do nothing/);
  await shoot(page, 'time-travel-crash');

  // `]` one event later, `[` back; the address follows.
  await page.locator('body').press(']');
  await expect(page).toHaveURL(/\/at\/6\/crash$/);
  await expect(banner).toContainText('As of #6');
  await page.locator('body').press('[');
  await page.locator('body').press('[');
  await expect(page).toHaveURL(/\/at\/4\/crash$/);
  // `}` to the next step boundary (a Step* event past #4).
  await page.locator('body').press('}');
  await expect(page).not.toHaveURL(/\/at\/4\/crash$/);
  const boundary = Number(/\/at\/(\d+)\//.exec(page.url())![1]);
  expect(boundary).toBeGreaterThan(4);
  await expect(died.locator('.event-link')).toHaveText(`#${boundary}`, { timeout: 15_000 });

  // Every view is shown at N: the overview's state and the timeline with its scrubber.
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Timeline' }).click();
  await expect(page).toHaveURL(new RegExp(`/at/${boundary}/timeline$`));
  await expect(page.getByRole('slider', { name: 'Event to show the run as of' })).toHaveValue(String(boundary));
  await shoot(page, 'time-travel-timeline');

  // Back to now: no `at` in the address, no banner, the crash tab is the run's real verdict.
  await banner.getByRole('button', { name: 'Back to now' }).click();
  await expect(page).toHaveURL(new RegExp(`#/run/${crashed.runId}/timeline$`));
  await expect(banner).toHaveCount(0);
});

test('travel here opens the run as of an event, later events are dimmed, a row click only selects', async ({ page, demo }) => {
  const done = demoRun('completed');
  await open(page, demo, `#/run/${done.runId}/event/3`);
  await page.getByRole('link', { name: /^Travel here/ }).click();
  await expect(page).toHaveURL(new RegExp(`/at/3/event/3$`));
  await expect(page.getByTestId('time-travel-banner')).toContainText('As of #3');
  await expect(page.locator('#event-row-4')).toHaveClass(/ev-future/);
  await expect(page.locator('#event-row-2')).not.toHaveClass(/ev-future/);
  // Clicking another event selects it; the time cursor stays (issue 34: "travel here" moves it).
  await page.locator('#event-row-2').click();
  await expect(page).toHaveURL(new RegExp(`/at/3/event/2$`));
  await expect(page.getByTestId('time-travel-banner')).toContainText('As of #3');
});
