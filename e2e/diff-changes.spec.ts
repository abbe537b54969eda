/**
 * Issue 34: the diff counts every change. Two demo runs picked in the list and compared: the
 * summary names what changed (not only status and output), each changed step lists its kinds,
 * and the first divergence keeps its definition. Runs are found in examples/fixtures/manifest.json.
 */
import { expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { serve, test } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
type ManifestRun = { runId: string; shows: string; group: string };
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };
const demoRun = (prefix: string) => manifest.runs.find((r) => r.group === 'demo' && r.shows.startsWith(prefix))!;
const pricingRun = (prefix: string) => manifest.runs.find((r) => r.group === 'pricing' && r.shows.startsWith(prefix))!;

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
    // Every tool name and error word sits on one line (1,024 px once split "web.fetch" as "web.fe|tch").
    const names = fetchRow.locator('td.cmp-names :is(.cmp-a, .cmp-b)');
    await expect(names).toHaveCount(4);
    const splitNames = await names.evaluateAll((spans) =>
      spans.flatMap((span) => {
        const text = span.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) return [`no text in ${span.className}`];
        const content = text.textContent ?? '';
        return [...content.matchAll(/[^\s,×]+/g)].flatMap((match) => {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return lines.size > 1 ? [match[0]] : [];
        });
      }),
    );
    expect(splitNames).toEqual([]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `diff changes (${scheme}, ${width})`);
      await page.screenshot({ path: join(shots, `diff-changes-${width}-${scheme}.png`), fullPage: true, animations: 'disabled' });
    }
  });
}

test('a priced run against an unpriced one on another model: no divergence, but the model, the tokens and the cost changed', async ({ page }) => {
  // The case: same statuses and outputs, other model, every token count different; it read "0 changed".
  const priced = pricingRun('priced:');
  const unpriced = pricingRun('unpriced:');
  const served = await serve(join(examples, 'fixtures', 'pricing'));
  try {
    await page.goto(served.url);
    await page.evaluate((h) => (window.location.hash = h), `#/run/${unpriced.runId}/compare?against=${priced.runId}`);
    // The first divergence keeps its definition (status or output): there is none.
    await expect(page.getByTestId('first-divergence')).toContainText('No divergence', { timeout: 15_000 });
    await expect(page.getByTestId('diff-summary')).toHaveText(/^1 step: model changed, tokens −\d+%, cost unpriced in B$/);
    await expect(page.locator('.cmp-steps-bar')).toContainText('1 changed');
    const summarize = page.locator('tr.cmp-step[data-step="summarize"]');
    await expect(summarize.locator('.cmp-changes')).toHaveAttribute('data-changes', 'model tokens cost');
    await expect(summarize).toContainText('claude-sonnet-4-6');
    await expect(summarize).toContainText('planner-stub');
    // Unknown stays unknown in the cells and the totals: never $0.00 for B.
    const totals = page.getByRole('table', { name: 'Totals' });
    await expect(totals.locator('tr').nth(2)).toContainText('unpriced');
    await expect(totals.locator('tr').nth(2)).not.toContainText('$0.00');
    await expect(page.locator('tr.cmp-step[data-step="fetch"]')).toHaveAttribute('data-change', 'same');
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await expectNoSeriousA11yViolations(page, `diff priced/unpriced (${scheme}, ${width})`);
        await page.screenshot({ path: join(shots, `diff-priced-unpriced-${width}-${scheme}.png`), fullPage: true, animations: 'disabled' });
      }
    }
  } finally {
    await served.stop();
  }
});
