/**
 * Notes in browser mode: a note pinned to a step survives a reload (kept in the server's state
 * folder, never in the data dir), shows in the overview and as text (markup stays text), and
 * travels in an exported report; a note on an event marks its row in the events list.
 * Screenshots: e2e/screenshots/notes-*.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, serve, test, type Served } from './serve-fixture';
import { exportFixture } from '../test/support/export-fixtures';
import { hashTree } from '../test/support/hash-tree';
import { chooseRunMenu } from './run-menu';

const shots = join(__dirname, 'screenshots');
const TEXT = 'Retried twice: <b>rate limit</b> from the provider\nask Sam about the quota';
let served: Served;
const run = exportFixture('failed');
let before: Record<string, string>;

test.beforeAll(async () => {
  before = hashTree(run.dir);
  served = await serve(join(__dirname, '..', 'examples'));
});
test.afterAll(async () => {
  await served.stop();
  expect(hashTree(run.dir)).toEqual(before);
});

test('a note on a step survives a reload, shows in the overview and travels in the exported report', async ({ page }) => {
  await page.goto(`${served.url}#/run/${run.runId}/steps`);
  const firstStep = page.locator('.step-row').first();
  const stepPath = (await firstStep.locator('.step-row-path').textContent())!.trim();
  await firstStep.click();
  const notes = page.getByRole('region', { name: 'Notes on this step' });
  await notes.getByRole('button', { name: 'Add a note' }).click();
  await notes.getByLabel('New note on this step').fill(TEXT);
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(notes.locator('.note-text')).toHaveText(TEXT);

  await page.reload();
  const again = page.getByRole('region', { name: 'Notes on this step' });
  await expect(again.locator('.note-text')).toHaveText(TEXT);
  // Markup in a note is the user's text, never HTML.
  await expect(again.locator('.note-text b')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'step with a note');
  await page.screenshot({ path: join(shots, 'notes-step.png') });

  await page.getByRole('link', { name: 'Overview' }).click();
  const card = page.getByRole('region', { name: 'Notes' });
  await expect(card.getByRole('link', { name: stepPath })).toBeVisible();
  await card.getByRole('button', { name: 'Add a note' }).click();
  await card.getByLabel('New note on this run').fill('Looked at this with the team on Monday');
  await card.getByRole('button', { name: 'Save note' }).click();
  await expect(card.getByRole('list', { name: 'Notes on this run' })).toContainText('Looked at this with the team');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'notes-overview.png') });

  const [json] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as JSON')]);
  const doc = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(doc.notes).toEqual([
    expect.objectContaining({ target: { kind: 'run' }, text: 'Looked at this with the team on Monday' }),
    expect.objectContaining({ target: { kind: 'step', stepPath }, text: TEXT }),
  ]);
  const [html] = await Promise.all([page.waitForEvent('download'), chooseRunMenu(page, 'Export as HTML')]);
  const htmlText = readFileSync((await html.path())!, 'utf8');
  expect(htmlText).toContain('Retried twice: &lt;b&gt;rate limit&lt;/b&gt;');
});

test('a note on an event marks its row and can be edited and deleted', async ({ page }) => {
  await page.goto(`${served.url}#/run/${run.runId}/event/3`);
  const pane = page.getByRole('region', { name: 'Notes on this event' });
  await pane.getByRole('button', { name: 'Add a note' }).click();
  await pane.getByLabel('New note on this event').fill('the first model call');
  await pane.getByRole('button', { name: 'Save note' }).click();
  const row = page.locator('#event-row-3');
  await expect(row.locator('.ev-note-marker')).toBeVisible();
  await expect(page.locator('.ev-note-marker')).toHaveCount(1);
  await page.screenshot({ path: join(shots, 'notes-event.png') });
  await pane.getByRole('button', { name: 'Edit this note' }).click();
  await pane.getByLabel('Edit note').fill('the first model call (slow)');
  await pane.getByRole('button', { name: 'Save note' }).click();
  await expect(pane.locator('.note-text')).toHaveText('the first model call (slow)');
  await pane.getByRole('button', { name: 'Delete this note' }).click();
  await expect(pane.getByText('No notes on this event.')).toBeVisible();
  await expect(page.locator('.ev-note-marker')).toHaveCount(0);
});
