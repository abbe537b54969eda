/**
 * Issue 34's proof, "a pass of axe with no new violations": every main view of the demo (the
 * run list, each run tab, a run as of #N, a diff) scanned in light and in dark, every impact,
 * against the baseline recorded in e2e/axe-baseline.json (view and scheme → rule → elements).
 * A rule that is not in the baseline, or on more elements than recorded, fails the test; one
 * that went away is reported so the baseline can shrink. `AXE_BASELINE=write` records a new one
 * (look at what changed before committing it). Screenshots of each: e2e/screenshots/axe-*.png.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { axeViolations } from './axe';
import { demoRun } from './fixture-runs';
import { test } from './serve-fixture';

const shots = join(__dirname, 'screenshots');
const BASELINE = join(__dirname, 'axe-baseline.json');
type Baseline = Record<string, Record<string, number>>;

const done = demoRun('completed');
const crashed = demoRun('crashed');
const failed = demoRun('failed');
const runBody = (page: Page) => page.locator('.run-body');

/** The views scanned: a name, the address, and what shows once the view has loaded. */
const VIEWS: Array<{ name: string; hash: string; ready: (page: Page) => Locator }> = [
  { name: 'run-list', hash: '#/', ready: (page) => page.getByRole('treegrid', { name: 'Runs' }).locator('.lib-run').first() },
  ...(['overview', 'timeline', 'steps', 'turns', 'costs', 'events'] as const).map((tab) => ({ name: `run-${tab}`, hash: `#/run/${done.runId}/${tab}`, ready: runBody })),
  { name: 'run-crash', hash: `#/run/${crashed.runId}/crash`, ready: runBody },
  { name: 'run-as-of', hash: `#/run/${done.runId}/at/17/overview`, ready: (page) => page.getByTestId('time-travel-banner') },
  { name: 'diff', hash: `#/run/${failed.runId}/compare?against=${done.runId}`, ready: (page) => page.getByRole('table', { name: 'Steps aligned by step path' }) },
];

test('axe over the main views in light and dark finds nothing beyond the recorded baseline', async ({ page, demo }) => {
  test.setTimeout(180_000);
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8')) as Baseline;
  const found: Baseline = {};
  const added: string[] = [];
  const gone: string[] = [];
  await page.goto(demo.url);
  for (const view of VIEWS) {
    await page.evaluate((h) => (window.location.hash = h), view.hash);
    await expect(view.ready(page)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.run-body .progress, [role="status"].loading')).toHaveCount(0, { timeout: 15_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const key = `${view.name} ${scheme}`;
      const violations = await axeViolations(page);
      found[key] = Object.fromEntries(violations.map((v) => [v.id, v.nodeCount]));
      for (const v of violations) {
        const allowed = baseline[key]?.[v.id] ?? 0;
        if (v.nodeCount > allowed) added.push(`${key}: ${v.id} (${v.impact}) on ${v.nodeCount} elements, baseline ${allowed}: ${v.help} ${JSON.stringify(v.nodes)}`);
      }
      for (const [rule, count] of Object.entries(baseline[key] ?? {})) if ((found[key][rule] ?? 0) < count) gone.push(`${key}: ${rule}`);
      await page.screenshot({ path: join(shots, `axe-${view.name}-${scheme}.png`), animations: 'disabled' });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  if (process.env.AXE_BASELINE === 'write') writeFileSync(BASELINE, `${JSON.stringify(found, null, 2)}\n`);
  if (gone.length > 0) test.info().annotations.push({ type: 'axe baseline can shrink', description: gone.join('; ') });
  expect(added, 'violations beyond e2e/axe-baseline.json').toEqual([]);
});
