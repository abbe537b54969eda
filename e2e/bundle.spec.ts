/**
 * A shared bundle (docs/EXPORT.md, "Bundle") opened from file:// in Chromium with the network
 * off: every request but the file itself is blocked and counted (none may happen), the page's
 * CSP must report no violation, and the run shows the same status, cost, tokens, steps and crash
 * boundary (the Crash & resume view word for word) as browser mode shows for the same run. Light
 * and dark screenshots in e2e/screenshots.
 */
import { expect, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtureRun, fixturesTest, type ManifestRun } from './fixture-runs';
import type { Served } from './serve-fixture';
import { figures, openOffline } from './bundle-offline';

const root = join(__dirname, '..');
const examples = join(root, 'examples');
const shots = join(__dirname, 'screenshots');
const run = fixtureRun;
const test = fixturesTest;

/** `export --format bundle` of `r` through the built CLI to `name` (default `<runId>.html`); the path asked for and what the CLI said. */
function exportBundleAs(r: ManifestRun, extra: string[] = [], name = `${r.runId}.html`): { asked: string; stderr: string } {
  const asked = join(mkdtempSync(join(tmpdir(), 'li-e2e-bundle-')), name);
  const done = spawnSync(process.execPath, [join(root, 'out/main/cli.js'), 'export', r.runId, '--format', 'bundle', '-o', asked, '--data-dir', join(examples, r.dataDir), ...extra], { cwd: root, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`export --format bundle exited ${done.status}: ${done.stderr}`);
  return { asked, stderr: done.stderr };
}

/** `export --format bundle` of `r` through the built CLI; the file's path. */
function exportBundle(r: ManifestRun, extra: string[] = []): string {
  return exportBundleAs(r, extra).asked;
}

async function appFigures(page: Page, served: Served, r: ManifestRun) {
  await page.goto(served.url);
  await page.evaluate((h) => (window.location.hash = h), `#/run/${encodeURIComponent(r.runId)}?dir=${encodeURIComponent(r.dataDir.replace(/^fixtures\//, ''))}`);
  await expect(page.locator('.run-body')).toBeVisible({ timeout: 15_000 });
  return figures(page);
}

/** The Crash & resume view's text (crash boundary, in-flight work, resume plan), from the tab bar. */
async function crashView(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Crash & resume', exact: true }).click();
  await expect(page.locator('.run-body .progress')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.run-body h2, .run-body h3').first()).toBeVisible();
  return page.locator('.run-body').innerText();
}

test('a crashed run: the bundle shows what browser mode shows, offline, with no CSP violation, light and dark', async ({ browser, page, fixtures }) => {
  const r = run('crashed model-call-in-flight');
  const file = exportBundle(r);
  const want = await appFigures(page, fixtures, r);
  expect(want.badge).toMatch(/crashed/);
  const wantCrash = await crashView(page);
  expect(wantCrash).toContain('model call turn 1 in summarize in flight');
  for (const scheme of ['light', 'dark'] as const) {
    const { page: bundle, context, checks } = await openOffline(browser, file, scheme);
    await expect(bundle.getByRole('heading', { name: r.runId })).toBeVisible({ timeout: 15_000 });
    expect(await figures(bundle)).toEqual(want);
    // The crash boundary, what was in flight and the resume plan: the app's own words, word for word.
    expect(await crashView(bundle)).toEqual(wantCrash);
    await bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Overview', exact: true }).click();
    await expect(bundle.getByRole('region', { name: 'About this bundle' })).toContainText('Shared bundle');
    await expect(bundle.getByRole('region', { name: 'About this bundle' })).toContainText('Not redacted');
    await bundle.screenshot({ path: join(shots, `bundle-overview-${scheme}.png`) });

    // Every run view renders from the embedded data, without an error.
    for (const tab of ['Timeline', 'Steps', 'Turns & tools', 'Costs', 'Crash & resume']) {
      await bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: tab, exact: true }).click();
      await expect(bundle.locator('.run-body [role="alert"].error')).toHaveCount(0);
    }
    await expect(bundle.getByRole('region', { name: /In flight when the log stopped/ })).toContainText('model call turn 1 in summarize in flight');
    await bundle.screenshot({ path: join(shots, `bundle-crash-${scheme}.png`) });
    await expect(bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Compare' })).toHaveCount(0);

    // The events view with the JSON viewer: the last event, in full.
    await bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Events', exact: true }).click();
    await bundle.evaluate((id) => (window.location.hash = `#/run/${id}/event/18`), encodeURIComponent(r.runId));
    await expect(bundle.locator('.ev-detail-title')).toContainText('#18');
    await expect(bundle.locator('.ev-detail-body .json-view').first()).toContainText('harness.model.called');
    // No time travel in a snapshot: no link that leads to it.
    await expect(bundle.getByRole('link', { name: /^Travel here/ })).toHaveCount(0);
    await bundle.screenshot({ path: join(shots, `bundle-events-${scheme}.png`) });
    await checks();
    await context.close();
  }
});

test('a resumed run and a redacted bundle: same figures, the redaction list, no network', async ({ browser, page, fixtures }) => {
  const r = run('resumed after model-call-in-flight');
  const file = exportBundle(r, ['--redact']);
  const want = await appFigures(page, fixtures, r);
  const wantCrash = await crashView(page);
  const { page: bundle, context, checks } = await openOffline(browser, file, 'light');
  expect(await figures(bundle)).toEqual(want);
  expect(await crashView(bundle)).toEqual(wantCrash);
  await bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(bundle.getByRole('region', { name: 'About this bundle' })).toContainText('Redacted before sharing');
  await bundle.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Turns & tools' }).click();
  await expect(bundle.locator('.tr-resume').first()).toBeVisible();
  await checks();
  await context.close();
});

test('a bundle over its budget says what it left out, and the figures still match', async ({ browser, page, fixtures }) => {
  const r = run('large output: 300000-char text only in artifact');
  const file = exportBundle(r, ['--budget', '2KB']);
  const want = await appFigures(page, fixtures, r);
  for (const scheme of ['light', 'dark'] as const) {
    const { page: bundle, context, checks } = await openOffline(browser, file, scheme);
    expect(await figures(bundle)).toEqual(want);
    const note = bundle.getByRole('note', { name: 'Left out of this bundle' });
    await expect(note).toContainText(/event payloads omitted/);
    await expect(note).toContainText(/1 artifact contents omitted/);
    await expect(note).toContainText('Size budget: 2.0 KB');
    await bundle.screenshot({ path: join(shots, `bundle-budget-${scheme}.png`) });
    // RunCompleted carries the 300,000-character output: its envelope shows, and the note where its payload would be.
    const events = Number(/Events\s+(\d+)/.exec(await bundle.locator('section[aria-labelledby="ov-time-h"]').innerText())?.[1]);
    await bundle.evaluate(([id, last]) => (window.location.hash = `#/run/${id}/event/${last}`), [encodeURIComponent(r.runId), events] as const);
    await expect(bundle.locator('.ev-detail-title')).toContainText('RunCompleted');
    await expect(bundle.locator('.ev-detail-body')).toContainText('was left out of this bundle by its size budget');
    await bundle.screenshot({ path: join(shots, `bundle-omitted-event-${scheme}.png`) });
    await checks();
    await context.close();
  }
});

// Issue 30: `-o x.bundle` wrote a file Chromium shows as text from file:// (it types a file:// page
// by its extension alone, never sniffing). The CLI now adds .html and says so; the page opens.
test('a bundle asked for as x.bundle is written as x.bundle.html, with a notice, and opens from file://', async ({ browser, page, fixtures }) => {
  const r = run('completed: planner prelude');
  const { asked, stderr } = exportBundleAs(r, [], 'shared-run.bundle');
  const file = `${asked}.html`;
  expect(stderr).toContain(`${asked} does not end in .html, and a browser opens a file:// page as HTML only by its extension: wrote the bundle as ${file}`);
  expect([existsSync(asked), existsSync(file)]).toEqual([false, true]);
  const want = await appFigures(page, fixtures, r);
  const { page: bundle, context, checks } = await openOffline(browser, file, 'light');
  expect(await figures(bundle)).toEqual(want);
  await bundle.screenshot({ path: join(shots, 'bundle-renamed-light.png') });
  await checks();
  await context.close();
});
