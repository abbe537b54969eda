import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseRunMenu, runMenuButton } from './run-menu';
import { expect, test } from './serve-fixture';

// The run view's export control in browser mode: a download of the chosen format.
test('the run view exports the open run as HTML and JSON downloads, also with Ctrl+E', async ({ page, demo }) => {
  await page.goto(demo.url);
  const link = page.locator('[data-run-id] a').first();
  const runId = (await link.textContent())!.trim();
  await link.click();
  await expect(runMenuButton(page)).toBeVisible();

  const [html] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as HTML')]);
  expect(html.suggestedFilename()).toBe(`${runId}.report.html`);
  const htmlText = readFileSync((await html.path())!, 'utf8');
  expect(htmlText).toContain(runId);
  expect(htmlText).not.toContain('<script');

  const [first] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as JSON')]);
  expect(first.suggestedFilename()).toBe(`${runId}.report.json`);
  // Ctrl+E exports again in the format last chosen.
  await page.locator('body').click({ position: { x: 5, y: 200 } });
  const [json] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+e')]);
  const doc = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(doc.run.runId).toBe(runId);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'run header with export');
  await page.screenshot({ path: join(__dirname, 'screenshots', 'export-button-light.png') });
});
