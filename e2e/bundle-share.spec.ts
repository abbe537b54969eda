/**
 * Share… from the app (browser mode) on the redaction fixture (planted fake secrets): notes are
 * pinned to the run and a step, the preview for Share… lists what the bundle will take out before
 * saving, Share… downloads the bundle, and the bundle opened from file:// with the network off
 * shows the same figures, the redaction list (rules, counts; never a value) and the notes where
 * they were pinned, read-only; no planted secret in the page or its decoded data. Screenshots
 * light and dark in e2e/screenshots/bundle-share-*.png.
 */
import { test as base, expect } from '@playwright/test';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLANTED_SECRETS, PLANTED_USER_RULES, PLANTED_USER_SECRETS } from '../scripts/fixtures/scenarios/planted-secrets';
import { expectNoSeriousA11yViolations } from './axe';
import { chooseRunMenu, openRedactionDialog } from './run-menu';
import { figures, openOffline } from './bundle-offline';
import { servedOnce, type Served } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
type ManifestRun = { dataDir: string; runId: string; shows: string };
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };
const planted = manifest.runs.find((r) => r.shows.startsWith('redaction: planted fake secrets of every rule'))!;
const secret = (rule: string) => PLANTED_SECRETS.find((p) => p.rule === rule)!.secret;
const SECRETS = [...PLANTED_SECRETS, ...PLANTED_USER_SECRETS];
const RUN_NOTE = `Crash report from ${secret('email')}; the key in the env was ${secret('openai-api-key')}`;
const STEP_NOTE = 'fetch leaked the auth header: rotate it';

const test = base.extend<{}, { served: Served }>({ served: servedOnce(join(examples, planted.dataDir)) });

/** The planted secrets (their first 16 characters) that `text` holds. */
const leaked = (text: string) => SECRETS.filter((p) => text.includes(p.secret.slice(0, 16))).map((p) => p.rule);

test('Share… saves a redacted bundle with the notes; it opens offline and shows them, the list and the same figures', async ({ page, served, browser }) => {
  await page.goto(served.url);
  await page.evaluate((h) => (window.location.hash = h), `#/run/${planted.runId}`);
  const card = page.getByRole('region', { name: 'Notes' });
  await card.getByRole('button', { name: 'Add a note' }).click();
  await card.getByLabel('New note on this run').fill(RUN_NOTE);
  await card.getByRole('button', { name: 'Save note' }).click();
  await expect(card.getByRole('list', { name: 'Notes on this run' })).toContainText('Crash report from');
  await page.evaluate((h) => (window.location.hash = h), `#/run/${planted.runId}/step/fetch`);
  const stepNotes = page.getByRole('region', { name: 'Notes on this step' });
  await stepNotes.getByRole('button', { name: 'Add a note' }).click();
  await stepNotes.getByLabel('New note on this step').fill(STEP_NOTE);
  await stepNotes.getByRole('button', { name: 'Save note' }).click();
  await expect(stepNotes.locator('.note-text')).toHaveText(STEP_NOTE);
  await page.getByRole('link', { name: 'Overview' }).click();
  const want = await figures(page);

  // The preview for Share… (the bundle's own list: every payload) before anything is saved.
  const panel = await openRedactionDialog(page);
  await panel.getByLabel('Your rules').fill(PLANTED_USER_RULES);
  await panel.getByRole('button', { name: 'Preview what will be redacted' }).click();
  const forReport = Number(/([\d,]+) values redacted/.exec(await panel.getByRole('status').innerText())![1]!.replace(/,/g, ''));
  await panel.getByLabel('For').selectOption('bundle');
  await panel.getByRole('button', { name: 'Preview what will be redacted' }).click();
  const preview = panel.getByRole('status');
  await expect(preview).toContainText(/values redacted/);
  const forBundle = Number(/([\d,]+) values redacted/.exec(await preview.innerText())![1]!.replace(/,/g, ''));
  expect(forBundle).toBeGreaterThan(forReport);
  for (const rule of ['openai-api-key', 'pem-private-key', 'email', 'internal-host', 'customer-id']) await expect(preview.getByRole('cell', { name: rule, exact: true })).toBeVisible();
  expect(leaked((await panel.textContent())!)).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `share preview (${scheme})`);
    await page.screenshot({ path: join(shots, `bundle-share-preview-${scheme}.png`) });
  }
  await panel.getByRole('button', { name: 'Done' }).click();

  const [download] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Share as an offline HTML file… (redacted)')]);
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toContainText(`${forBundle.toLocaleString('en-US')} values redacted`);
  expect(download.suggestedFilename()).toMatch(/\.html$/);
  const file = join(mkdtempSync(join(tmpdir(), 'li-e2e-share-')), download.suggestedFilename());
  copyFileSync((await download.path())!, file);
  expect(leaked(readFileSync(file, 'utf8'))).toEqual([]);

  for (const scheme of ['light', 'dark'] as const) {
    const { page: bundle, context, checks } = await openOffline(browser, file, scheme);
    expect(await figures(bundle)).toEqual(want);

    const banner = bundle.getByRole('region', { name: 'About this bundle' });
    await banner.getByText('Redacted before sharing').click();
    await expect(banner).toContainText(`${forBundle.toLocaleString('en-US')} values redacted`);
    for (const rule of ['openai-api-key', 'email', 'customer-id']) await expect(banner.getByRole('cell', { name: rule, exact: true })).toBeVisible();
    await expect(banner).toContainText('2 notes pinned in the app travel with this bundle: run, step fetch');
    // The run's note in the overview, redacted and read-only.
    const notes = bundle.getByRole('region', { name: 'Notes' });
    await expect(notes.getByRole('list', { name: 'Notes on this run' })).toContainText('Crash report from [redacted: email]; the key in the env was [redacted: openai-api-key]');
    await expect(notes.getByRole('button', { name: 'Add a note' })).toHaveCount(0);
    await expect(notes.getByRole('link', { name: 'fetch' })).toBeVisible();
    await notes.scrollIntoViewIfNeeded();
    await bundle.screenshot({ path: join(shots, `bundle-share-notes-${scheme}.png`) });
    await bundle.evaluate(() => window.scrollTo(0, 0));
    await bundle.screenshot({ path: join(shots, `bundle-share-redactions-${scheme}.png`) });
    expect(leaked(await bundle.content())).toEqual([]);

    // The step's note where it was pinned.
    await bundle.evaluate((h) => (window.location.hash = h), `#/run/${planted.runId}/step/fetch`);
    await expect(bundle.getByRole('region', { name: 'Notes on this step' }).locator('.note-text')).toHaveText(STEP_NOTE);
    await expect(bundle.getByRole('region', { name: 'Notes on this step' }).getByRole('button', { name: 'Edit this note' })).toHaveCount(0);
    expect(leaked(await bundle.content())).toEqual([]);
    await checks();
    await context.close();
  }
});
