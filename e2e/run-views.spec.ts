/**
 * The run views on the generated fixtures: overview, turns & tools, crash & resume. Runs are
 * looked up in examples/fixtures/manifest.json by what they show, never by a hard-coded id.
 */
import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { fixtureRun, fixturesTest, type ManifestRun } from './fixture-runs';
import type { Served } from './serve-fixture';

const examples = join(__dirname, '..', 'examples');
const shots = join(__dirname, 'screenshots');
const run = fixtureRun;
const test = fixturesTest;

/** Open the app once (the page keeps the token in this tab), then go to `hash`. */
async function open(page: Page, served: Served, hash: string): Promise<void> {
  const response = await page.goto(served.url);
  // A concurrent `electron-vite build` empties out/renderer for a moment (404); load once more.
  if (response?.status() === 404) {
    await page.waitForTimeout(2000);
    await page.goto(served.url);
  }
  await page.evaluate((h) => (window.location.hash = h), hash);
  await expect(page.locator('.run-body')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.run-body .progress')).toHaveCount(0);
}

/** Screenshot `view`-`state` light and dark, with the accessibility scan in each scheme. */
async function shoot(page: Page, view: string, state: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectNoSeriousA11yViolations(page, `${view} ${state} (${scheme})`);
    await page.screenshot({ path: join(shots, `${view}-${state}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function detailOf(page: Page, served: Served, r: ManifestRun) {
  const response = await page.request.post(`${served.origin}/api/call/run.detail?token=${served.token}`, {
    data: { dataDir: join(examples, r.dataDir), runId: r.runId },
  });
  const body = await response.json();
  expect(body.ok).toBe(true);
  return body.value;
}

test('a crashed run with a model call in flight: overview → crash tab → the re-invoked call and its event', async ({ page, fixtures }) => {
  const r = run('crashed model-call-in-flight');
  await open(page, fixtures, `#/run/${r.runId}`);
  const status = page.locator('.ov-status');
  await expect(status.locator('.badge')).toHaveText('crashed');
  await expect(status).toContainText('no terminal event; run lock owner process is dead');
  await expect(status).toContainText('model call turn 1 in summarize in flight');
  await shoot(page, 'overview', 'crashed');

  await status.getByRole('link', { name: 'Crash & resume details' }).click();
  await expect(page).toHaveURL(new RegExp(`#/run/${r.runId}/crash$`));
  const { boundary } = await detailOf(page, fixtures, r);
  const call = boundary.resumePlan.modelCallsReinvoked[0];
  const group = page.getByRole('region', { name: /Model calls re-invoked/ });
  await expect(group).toContainText(call.callId);
  await expect(page.getByRole('region', { name: /In flight when the log stopped/ })).toContainText('model call turn 1 in summarize in flight');
  await expect(page.getByRole('region', { name: 'Process', exact: true })).toContainText('is dead');
  await shoot(page, 'crash', 'model-in-flight');

  await group.getByRole('link', { name: `#${call.sequence}` }).click();
  await expect(page).toHaveURL(new RegExp(`#/run/${r.runId}/event/${call.sequence}$`));
});

test('the tool-call-in-flight run: the in-flight tool call is marked and its args are visible', async ({ page, fixtures }) => {
  const r = run('crashed tool-call-in-flight');
  await open(page, fixtures, `#/run/${r.runId}/turns`);
  const row = page.locator('.tr-tool', { has: page.locator('.tr-inflight') }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('web.fetch');
  await expect(row).toContainText('https://example.com/little-workflow');
  // The in-flight call is selected first: its full args come from run.event.
  const pane = page.getByRole('region', { name: 'Selected item' });
  await expect(pane).toContainText('In flight when the log stopped');
  await expect(pane.getByRole('region', { name: 'Tool arguments', exact: true })).toContainText('https://example.com/little-workflow');
  await shoot(page, 'turns', 'tool-in-flight');
});

test('a resumed run shows "resumed here" with the gap; its crash tab has nothing to resume', async ({ page, fixtures }) => {
  const r = run('resumed after tool-call-in-flight crash');
  await open(page, fixtures, `#/run/${r.runId}/turns`);
  const marker = page.locator('.tr-resume').first();
  await expect(marker).toContainText('Resumed here');
  await expect(marker).toContainText('17 min');
  await expect(page.locator('.tr-tool .tr-after').first()).toHaveText('after resume');
  await shoot(page, 'turns', 'resumed');

  await page.getByRole('link', { name: 'Crash & resume' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing to resume' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Earlier resumes/ })).toContainText('17 min');
  await shoot(page, 'crash', 'resumed');
});

test('a session deep link scrolls to and highlights the session', async ({ page, fixtures }) => {
  const r = run('resumed after model-call-in-flight crash');
  const { harness } = await detailOf(page, fixtures, r);
  const resumedSession = harness.resumes[0].sessionId as number;
  await open(page, fixtures, `#/run/${r.runId}/session/${resumedSession}`);
  await expect(page.locator('.tr-highlight')).toContainText(`Session ${resumedSession}`);
  await expect(page.getByRole('region', { name: 'Selected item' })).toContainText('Resumed here after');
});

test("an orchestrated run's turns link each sub-run; the link opens it", async ({ page, fixtures }) => {
  const r = run('orchestrated top run');
  const sub = run('orchestrator sub-run 1');
  await open(page, fixtures, `#/run/${r.runId}/turns`);
  await expect(page.locator('.tr-turn').first()).toContainText('openai.chat/gpt-4o');
  await shoot(page, 'turns', 'orchestrated');
  await page.locator('.tr-subrun').getByRole('link', { name: sub.runId }).click();
  await expect(page).toHaveURL(new RegExp(`#/run/${sub.runId}$`));
  await expect(page.getByRole('heading', { name: sub.runId })).toBeVisible();

  await open(page, fixtures, `#/run/${r.runId}`);
  await expect(page.locator('.ov-status')).toContainText('Inferred');
  await shoot(page, 'overview', 'orchestrated');
});

test('an unpriced run says its cost is unknown and counts its unpriced calls', async ({ page, fixtures }) => {
  const r = run('unpriced: demo/planner-stub');
  await open(page, fixtures, `#/run/${r.runId}`);
  const cost = page.getByRole('region', { name: 'Cost' });
  await expect(cost.locator('.ov-big')).toHaveText('cost unknown (1 unpriced)');
  await expect(cost).toContainText('1 unpriced call');
  await expect(cost).toContainText('little-workflow model registry (bundled)');
  await shoot(page, 'overview', 'unpriced');
});

test('a log with a sequence gap shows the refusal message and links the finding to its event', async ({ page, fixtures }) => {
  const r = run('broken sequence-gap');
  await open(page, fixtures, `#/run/${r.runId}`);
  await expect(page.locator('.ov-refusal')).toContainText('little-workflow would refuse this log:');
  await expect(page.locator('.ov-refusal')).toContainText('expected 3, received 4');
  const findings = page.getByRole('region', { name: /Integrity findings/ });
  await expect(findings).toContainText('sequence-gap');
  await expect(findings.getByRole('link', { name: '#4' })).toHaveAttribute('href', new RegExp(`#/run/${r.runId}/event/4$`));
  await shoot(page, 'overview', 'broken');
});

test('a completed run: overview, turns and crash tab', async ({ page, fixtures }) => {
  const r = run('completed: planner prelude');
  await open(page, fixtures, `#/run/${r.runId}`);
  await expect(page.locator('.ov-status .badge')).toHaveText('completed');
  await shoot(page, 'overview', 'completed');
  await open(page, fixtures, `#/run/${r.runId}/turns`);
  await expect(page.locator('.tr-turn').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Selected item' })).toContainText('Request');
  await shoot(page, 'turns', 'completed');
  await open(page, fixtures, `#/run/${r.runId}/crash`);
  await expect(page.getByRole('heading', { name: 'Nothing to resume' })).toBeVisible();
  await shoot(page, 'crash', 'completed');
});
