/**
 * The demo as `npm start` serves it (issue 35): scripts/demo-root.ts builds `<cache>/demo` (the
 * committed demo plus the long run) and `serve` opens it with the same cache folder. One walk
 * through every view: the run list, a crashed run's crash tab, the Job view, an outer loop's
 * cycles, a loopctl run, a harness session, and the long run's timeline, events, turns and costs.
 *
 * This spec owns the README's screenshots (docs/screenshots/); they are written only with
 * UPDATE_SCREENSHOTS=1, so `npm test` leaves the tree clean. Fixed viewport (the config's
 * 1280×800), light scheme, and the page's clock fixed, so "13 d ago" reads the same every day.
 */
import { expect, test as base, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_LONG_RUN_ID } from '../scripts/fixtures/scenarios/demo-long-run';
import { hashTree } from '../test/support/hash-tree';
import { expectNoSeriousA11yViolations } from './axe';
import { demoRun } from './fixture-runs';
import { serve, type Served } from './serve-fixture';

const repo = join(__dirname, '..');
const readme = join(repo, 'docs', 'screenshots');
const LONG = DEMO_LONG_RUN_ID;
// One cache folder across runs, as a user's: the first run generates the long run, later ones reuse it.
const CACHE = join(tmpdir(), 'little-inspector-demo-e2e');

const test = base.extend<{}, { started: Served & { root: string; before: Record<string, string> } }>({
  started: [
    async ({}, use) => {
      const made = spawnSync(join(repo, 'node_modules', '.bin', 'tsx'), ['scripts/demo-root.ts', '--cache-dir', CACHE], { cwd: repo, encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      const root = made.stdout.trim();
      expect(root).toBe(join(CACHE, 'demo'));
      const before = hashTree(root);
      const served = await serve(root, ['--cache-dir', CACHE]);
      await use({ ...served, root, before });
      await served.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** A README screenshot, only when asked for (UPDATE_SCREENSHOTS=1). */
async function readmeShot(page: Page, name: string): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== '1') return;
  // The header's index progress comes and goes with the shared machine's pace: shoot without it.
  await expect(page.getByText(/^Indexing \d+ of \d+ runs/)).toHaveCount(0, { timeout: 60_000 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: join(readme, `${name}.png`) });
}

/** Go to `hash` in the app (the first visit loads the page with its token). */
async function go(page: Page, served: Served, hash: string): Promise<void> {
  if (!page.url().startsWith(served.origin)) {
    await page.clock.setFixedTime(new Date('2026-12-03T12:00:00Z'));
    await page.goto(served.url);
  }
  await page.evaluate((h) => (window.location.hash = h), hash);
}

test('every view on the demo npm start opens, with the README\'s screenshots', async ({ page, started }) => {
  test.setTimeout(180_000);
  // The run list: the committed demo, the long run beside it, the loopctl ledgers, the harness sessions.
  await go(page, started, '#/');
  const groups = page.locator('.lib-group-row, [role="row"]').filter({ hasText: 'workflow ·' });
  await expect(groups.filter({ hasText: 'long-run/.little-workflow' })).toContainText('1 run');
  await expect(groups.filter({ hasText: 'loopctl/ledgers' })).toBeVisible();
  const long = page.locator(`[role="row"][data-run-id="${LONG}"]`);
  await expect(long).toContainText('completed');
  await expect(long).toContainText('20,090');
  await expect(page.locator('[role="row"]').filter({ hasText: 'outer loop' }).first()).toContainText('crashed');
  await expect(page.getByRole('heading', { name: 'Harness sessions (2)' })).toBeVisible();
  // The scan's findings come in after the list: wait for every cell to have them.
  await expect(page.locator('[data-findings="unknown"]')).toHaveCount(0, { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'demo run list');
  await readmeShot(page, 'run-list');

  // A crashed run's crash tab: the dead lock owner, the model call in flight, what a resume does.
  const crashed = demoRun('crashed');
  await go(page, started, `#/run/${crashed.runId}/crash`);
  await expect(page.getByText('no terminal event; run lock owner process is dead')).toBeVisible();
  await expect(page.getByText('model call turn 1 in summarize in flight')).toBeVisible();
  await expect(page.getByText(/Model calls re-invoked/)).toBeVisible();
  await readmeShot(page, 'crashed-run');

  // The orchestrated job crashed mid-dispatch, as one picture.
  const job = demoRun('orchestrated job');
  await go(page, started, `#/run/${job.runId}/job`);
  await expect(page.getByRole('status').filter({ hasText: 'On resume:' })).toContainText('2 fast-forwarded, 1 adopted from its own log, 2 re-dispatched');
  await expect(page.locator('.job-action')).toHaveText(['fast-forward', 'fast-forward', 'adopt', 're-dispatch', 're-dispatch']);
  await readmeShot(page, 'job-view');

  // The outer loop's cycles, from its pending cycle.
  const pending = demoRun('outer loop');
  const cycle = demoRun(`outer loop ${pending.shows.split(' ')[3]} pending cycle`);
  await go(page, started, `#/run/${cycle.runId}/job`);
  await expect(page.getByText(/2 cycles recorded; on resume the pending cycle reuses/)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);

  // A loopctl run from the ledgers, and a harness session's trace.
  await go(page, started, '#/');
  await page.locator('[role="row"]').filter({ hasText: 'loopctl/ledgers' }).first().waitFor();
  const loopctlRun = page.locator('[role="row"][data-run-id^="run_lc_"] a').first();
  const loopctlId = (await loopctlRun.innerText()).trim();
  await loopctlRun.click();
  await expect(page.getByRole('heading', { name: loopctlId })).toBeVisible();
  await expect(page.getByText(/A loopctl run: loopctl runs have no `little report`/)).toBeVisible();
  await go(page, started, '#/');
  await page.getByRole('region', { name: 'little-harness sessions' }).getByRole('link', { name: 'sess_docs-chat' }).click();
  const session = page.getByRole('region', { name: 'Session sess_docs-chat' });
  await expect(session.getByRole('heading', { level: 2 })).toHaveText('sess_docs-chat');
  await expect(session).toContainText('WorkflowRunError');

  // The long run: its timeline with the 23-minute resume gap drawn as a break.
  await go(page, started, `#/run/${LONG}/timeline`);
  await expect(page.getByText(/2,007 steps · started .* · 3 h 00 min \(2 h 37 min active, 1 gap collapsed\)/)).toBeVisible({ timeout: 30_000 });
  // The 1,000 draft visits are one aggregated row (the big timeline); the resume gap is collapsed on the axis.
  await expect(page.locator('.tl-row', { hasText: 'draft' }).filter({ hasText: '1,000 visits' }).first()).toBeVisible();
  await expect(page.getByText('resume gap', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'long run timeline');
  await readmeShot(page, 'long-run-timeline');

  // Its 20,090 events, paged in as they scroll.
  await go(page, started, `#/run/${LONG}/events`);
  await expect(page.getByText('20,090 events')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Sequence' }).fill('20090');
  await page.getByRole('button', { name: 'Go' }).click();
  await expect(page.locator('#event-row-20090')).toContainText('RunCompleted');
  await expect(page.getByRole('heading', { name: '#20090 RunCompleted' })).toBeVisible();

  // Its turns: two per draft, the tool call each asked for, the resume badge.
  await go(page, started, `#/run/${LONG}/turns`);
  await expect(page.getByText(/1007 sessions · 2000 model turns · 1006 tool calls/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('resumed 1× · 23 min 00 s downtime')).toBeVisible();
  // The draft the writer died in: its session restarted, the tool call ended after the resume.
  await go(page, started, `#/run/${LONG}/session/427`);
  await expect(page.getByText('draft.visit[420]').first()).toBeVisible();
  await readmeShot(page, 'turns');

  // Its costs: per step, the `little report` table, two priced models.
  await go(page, started, `#/run/${LONG}/costs`);
  await expect(page.getByText('Top 25 of 1,000 steps with model calls (all are in the report table).')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'little report' })).toBeVisible();
  await readmeShot(page, 'costs');

  // Read-only: the walk wrote nothing into the opened root (the cache's own files sit beside it).
  expect(hashTree(started.root)).toEqual(started.before);
});
