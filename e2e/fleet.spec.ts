/** The Fleet view over the demo (charts linked to the run list) and the SQL console (a query, a refusal, the time budget, chart this); light and dark screenshots. */
import { join } from 'node:path';
import { expect, test } from './serve-fixture';

const shots = join(__dirname, 'screenshots');

test('the Fleet view sums the demo, its status bars lead to the filtered run list', async ({ page, demo }) => {
  await page.goto(demo.url);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await page.getByRole('link', { name: 'Fleet', exact: true }).click();
  const summary = page.getByTestId('fleet-summary');
  await expect(summary).toBeVisible();
  await expect(summary.locator('.fleet-figure').first()).toContainText('runs');
  const status = page.getByTestId('fleet-status-chart');
  await expect(status.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('fleet-cost-model')).toContainText('Cost by model');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `fleet-summary-${scheme}.png`), fullPage: true });
  }
  // A status bar's link (the data table holds the same links as the bars).
  await status.getByText('Data table').click();
  await status.getByRole('link', { name: 'failed' }).click();
  await expect(page).toHaveURL(/#\/\?status=failed$/);
  await expect(page.locator('[role="row"][data-run-id]').first()).toBeVisible();
  await expect(page.locator('[role="row"][data-run-id] .badge-failed').first()).toBeVisible();
});

test('the SQL console runs a query, charts it, refuses a write and stops a query at its budget', async ({ page, demo }) => {
  await page.goto(`${demo.url}#/fleet/sql`);
  await expect(page.getByRole('complementary', { name: 'Tables' }).getByText('model_calls', { exact: true })).toBeVisible({ timeout: 60_000 });
  const editor = page.getByLabel('SQL query');
  await editor.fill('SELECT status, count(*) AS runs FROM runs GROUP BY status ORDER BY status');
  await editor.press('Control+Enter');
  const result = page.getByRole('table', { name: 'Query result' });
  await expect(result.getByRole('columnheader')).toHaveText(['status', 'runs'], { timeout: 60_000 });
  await expect(result.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Chart this' }).click();
  await expect(page.getByTestId('sql-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `fleet-sql-${scheme}.png`), fullPage: true });
  }
  await editor.fill('DELETE FROM runs');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.sql-error')).toHaveAttribute('data-code', 'sql-refused');
  await page.getByLabel('Time budget (s)').fill('1');
  await editor.fill('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.sql-error')).toHaveAttribute('data-code', 'sql-timeout', { timeout: 60_000 });
  await expect(page.locator('.sql-error')).toContainText('1 s time budget');
});
