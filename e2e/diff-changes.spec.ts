/**
 * Issue 34: the diff counts every change. Two demo runs picked in the list and compared: the
 * summary names what changed (not only status and output), each changed step lists its kinds,
 * and the first divergence keeps its definition. Runs are found in examples/fixtures/manifest.json.
 */
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { test } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
type ManifestRun = { runId: string; shows: string; group: string };
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };
const demoRun = (prefix: string) => manifest.runs.find((r) => r.group === 'demo' && r.shows.startsWith(prefix))!;

for (const width of [1440, 1024]) {
  test(`the diff summary says what changed, each step lists its kinds (${width} px)`, async ({ page, demo }) => {
    await page.setViewportSize({ width, height: 900 });
    const good = demoRun('demo completed');
    const bad = demoRun('demo failed');
    await page.goto(demo.url);
    await page.getByRole('checkbox', { name: `Pick ${good.runId} to compare` }).check();
    await page.getByRole('checkbox', { name: `Pick ${bad.runId} to compare` }).check();
    await page.getByRole('region', { name: 'Compare runs' }).getByRole('button', { name: 'Compare' }).click();
    await expect(page.getByTestId('first-divergence')).toContainText('First divergence:', { timeout: 15_000 });
    const summary = page.getByTestId('diff-summary');
    await expect(summary).toHaveText(/^\d+ steps?: status changed, output differs/);
    const fetchRow = page.locator('tr.cmp-step[data-step="fetch"]');
    await expect(fetchRow.locator('.cmp-changes')).toHaveAttribute('data-changes', /^status output/);
    // The count of changed steps in the bar agrees with the summary.
    const changed = Number((await summary.textContent())!.split(' ')[0]);
    await expect(page.locator('.cmp-steps-bar')).toContainText(`${changed} changed`);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `diff changes (${scheme}, ${width})`);
      await page.screenshot({ path: join(shots, `diff-changes-${width}-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
  });
}
