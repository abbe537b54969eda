import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './serve-fixture';

// The Job view on the demo's crashed job: the tree, the totals, the three resume words, links
// to each run and back, time travel of the orchestrator; screenshots light and dark (the README's
// own come from e2e/demo-every-view.spec.ts).
const shots = join(__dirname, 'screenshots');
const ROOT = 'run_18cf2685-5504-4d24-a9ae-95c5b8620307';

test('the demo\'s crashed job as one picture, and as of an earlier event of its orchestrator', async ({ page, demo }) => {
  await page.goto(`${demo.url}#/run/${ROOT}/job`);
  const tree = page.getByRole('table');
  await expect(tree.getByRole('row')).toHaveCount(1 + 7 + 1); // the header, 7 runs with logs, the sub-run dispatched with none
  await expect(page.getByRole('status').filter({ hasText: 'On resume:' })).toHaveText('On resume: 2 fast-forwarded, 1 adopted from its own log, 2 re-dispatched under the same ids; 1 of those resume from their own crash points.');
  const words = await tree.locator('.job-action').allInnerTexts();
  expect(words).toEqual(['fast-forward', 'fast-forward', 'adopt', 're-dispatch', 're-dispatch']);
  await expect(page.getByLabel('Job totals')).toContainText('Runs7');
  await expect(tree.getByRole('row').filter({ hasText: 'no log yet' })).toHaveCount(1);
  // The sub-run whose log ends inside a model call: its cost is unknown, as in the run list, not $0.00.
  await expect(tree.getByRole('row').filter({ hasText: 'run_4f644f25801db967' })).toContainText('cost unknown (1 call in flight)');
  await expect(page.getByLabel('Job totals')).toContainText('+ 1 unpriced + 1 call in flight');
  await expectNoSeriousA11yViolations(page, 'job view');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(shots, `job-view-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Every run links to its own view, and its Job tab leads back.
  const sub = tree.getByRole('row').filter({ hasText: 'adopt' }).getByRole('link').first();
  const subId = (await sub.innerText()).trim();
  await sub.click();
  await expect(page.getByRole('heading', { name: subId })).toBeVisible();
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Job' }).click();
  await expect(page.getByRole('row').filter({ hasText: subId })).toHaveAttribute('aria-current', 'true');
  await page.getByRole('link', { name: ROOT }).click();
  await expect(page.getByRole('heading', { name: ROOT })).toBeVisible();

  // Time travel through the run view's bar: as of #6 the orchestrator had dispatched one sub-run and recorded its result.
  await page.goto(`${demo.url}#/run/${ROOT}/at/6/job`);
  await expect(page.getByTestId('time-travel-banner')).toContainText('As of #6');
  await expect(page.locator('.job-story')).toContainText('As of #6: On resume: 1 fast-forwarded, 0 adopted');
  await expect(page.locator('.job-action')).toHaveCount(1);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 3);
  await page.screenshot({ path: join(shots, 'job-view-as-of.png'), fullPage: true });
});

test('the crashed orchestrator\'s crash & resume tab uses the resume words', async ({ page, demo }) => {
  await page.goto(`${demo.url}#/run/${ROOT}/crash`);
  await expect(page.getByText(/re-dispatch/).first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'job-crashed-orchestrator.png'), fullPage: true });
});
