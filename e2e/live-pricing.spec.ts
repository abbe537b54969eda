/**
 * One owner of the price table, end to end: load a user price table from the pricing bar, then
 * let a live writer append a run with a model call. The run row (patched live), the turn's
 * price, the costs tab's per-call and per-model figures, a JSON export and the pricing bar all
 * show the user table's prices, which differ from the bundled table's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLiveWorld } from './live/live-world';
import { expect, test } from './serve-fixture';
import { chooseRunMenu } from './run-menu';

const shots = join(__dirname, 'screenshots');
const SEED = 'run_5e5e5e5e-0000-4000-8000-000000000001';
const RUN = 'run_6f6f6f6f-0000-4000-8000-000000000002';
const TABLE_NAME = 'E2E negotiated rates';

// The scripted run's one model call: openai.responses/gpt-4o-mini, 1,200 in (800 cached), 340 out.
// These rates: 400 × $10 + 800 × $5 + 340 × $20 per 1M = $0.0148; the bundled table: $0.000324.
const USER_COST = '$0.0148';
const BUNDLED_COST = '$0.000324';
const USER_TABLE = {
  format: 'little-inspector/price-table@1',
  id: 'e2e-rates',
  name: TABLE_NAME,
  entries: { 'openai/gpt-4o-mini': { pricing: { input: 10, cachedInput: 5, output: 20, currency: 'USD' } } },
};

test('a user price table prices a run written live: row, turns, costs tab, export and the pricing bar', async ({ page }) => {
  test.setTimeout(120_000);
  let tableFile = '';
  const world = await openLiveWorld('li-live-pricing-', SEED, (root) => {
    // Browser mode reads price tables only from the folder `--price-tables` names.
    const tables = join(root, 'tables');
    mkdirSync(tables);
    tableFile = join(tables, 'rates.json');
    writeFileSync(tableFile, JSON.stringify(USER_TABLE));
    return ['--price-tables', tables];
  });
  try {
    await page.goto(world.served.url);
    const seedRow = page.locator(`[role="row"][data-run-id="${SEED}"]`);
    await expect(seedRow.locator('.lib-col-cost')).toHaveText(BUNDLED_COST);

    // Load the table through the pricing bar: the loaded runs are re-priced.
    await page.getByLabel('Price table file').fill(tableFile);
    await page.getByRole('button', { name: 'Use table' }).click();
    const bar = page.locator('.pricing-bar');
    await expect(bar).toContainText(`Costs priced with ${TABLE_NAME}`);
    await expect(seedRow.locator('.lib-col-cost')).toHaveText(USER_COST);

    // A run written live: its row is patched by the live observer, which must use the same table.
    const live = world.write(RUN, ['--interval', '60']);
    const row = page.locator(`[role="row"][data-run-id="${RUN}"]`);
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.locator('.lib-col-cost')).toHaveText(USER_COST, { timeout: 15_000 });
    await live.exited;
    await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 10_000 });
    await expect(row.locator('.lib-col-cost')).toHaveText(USER_COST);
    await expect(bar).toContainText(TABLE_NAME);
    await page.screenshot({ path: join(shots, 'live-pricing-library-light.png') });

    // Turns: the turn's price comes from main with the active table.
    await page.evaluate((h) => void (location.hash = h), `#/run/${RUN}/turns`);
    await expect(page.locator('.tr-cost').first()).toHaveText(USER_COST);
    await expect(page.getByText(`prices from ${TABLE_NAME}`)).toBeVisible();
    await page.screenshot({ path: join(shots, 'live-pricing-turns-light.png') });

    // Costs tab: per-call table, per-model table and the rates the note lists are the user table's.
    await page.evaluate((h) => void (location.hash = h), `#/run/${RUN}/costs`);
    const models = page.locator('table.model-costs');
    await expect(models).toContainText(USER_COST);
    await expect(page.locator('.price-note')).toContainText(TABLE_NAME);
    await expect(page.locator('.price-note')).toContainText('$10 / $5 / $20');
    await expect(page.locator('.costs-tab')).not.toContainText(BUNDLED_COST);
    await page.screenshot({ path: join(shots, 'live-pricing-costs-light.png'), fullPage: true });

    // The export is priced with the same table.
    const [download] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as JSON')]);
    const doc = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      cost: { totals: { costUsd: number }; pricing: { tableName: string; source: string } };
      harness: { modelTurns: { costUsd: number | null }[] };
    };
    expect(doc.cost.pricing).toMatchObject({ tableName: TABLE_NAME, source: 'user' });
    expect(doc.cost.totals.costUsd).toBeCloseTo(0.0148, 10);
    expect(doc.harness.modelTurns.map((t) => t.costUsd)).toEqual([expect.closeTo(0.0148, 10)]);
  } finally {
    await world.close();
  }
});
