/**
 * The export control's redaction in browser mode, on the redaction fixture (planted fake
 * secrets): the preview lists rules, counts and places before anything is saved; a bad rule
 * says why; the downloaded export holds markers and no planted secret. Screenshots light and dark.
 */
import { test as base, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PLANTED_SECRETS, PLANTED_USER_RULES, PLANTED_USER_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseRunMenu, openRedactionDialog, runMenuButton } from './run-menu';
import { servedOnce, type Served } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
type ManifestRun = { dataDir: string; runId: string; shows: string };
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };
const planted = manifest.runs.find((r) => r.shows.startsWith('redaction: planted fake secrets of every rule'))!;

const test = base.extend<{}, { served: Served }>({ served: servedOnce(join(examples, planted.dataDir)) });

test('preview what will be redacted, then download a redacted export', async ({ page, served }) => {
  await page.goto(served.url);
  await page.evaluate((h) => (window.location.hash = h), `#/run/${planted.runId}`);
  await expect(runMenuButton(page)).toBeVisible({ timeout: 15_000 });

  const panel = await openRedactionDialog(page);
  await panel.getByLabel('Your rules').fill('regex ahead x(?=y)');
  await panel.getByRole('button', { name: 'Preview what will be redacted' }).click();
  await expect(panel.getByRole('alert')).toContainText('line 1: rule "ahead": look-arounds');

  await panel.getByLabel('Your rules').fill(PLANTED_USER_RULES);
  await panel.getByRole('button', { name: 'Preview what will be redacted' }).click();
  const preview = panel.getByRole('status');
  await expect(preview).toContainText(/\d+ values redacted/);
  for (const rule of ['openai-api-key', 'pem-private-key', 'email', 'internal-host', 'customer-id']) await expect(preview.getByRole('cell', { name: rule, exact: true })).toBeVisible();
  const shown = await panel.textContent();
  for (const p of [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS]) expect(shown).not.toContain(p.secret.slice(0, 16));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `redaction preview (${scheme})`);
    await page.screenshot({ path: join(__dirname, 'screenshots', `export-redaction-preview-${scheme}.png`) });
  }

  await panel.getByRole('button', { name: 'Done' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as JSON (redacted)')]);
  const text = readFileSync((await download.path())!, 'utf8');
  for (const p of [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS]) expect(text, p.rule).not.toContain(p.secret.slice(0, 16));
  const doc = JSON.parse(text) as { redactions: { total: number; findings: Array<{ rule: string }> } };
  expect(doc.redactions.total).toBeGreaterThan(PLANTED_SECRETS.length);
  expect(doc.redactions.findings.map((f) => f.rule)).toContain('customer-id');
});
