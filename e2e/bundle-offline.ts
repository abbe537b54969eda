/**
 * A shared bundle opened from file:// as a recipient would: the context offline, every request
 * but the file itself aborted and counted (none may happen), CSP violations and page errors
 * collected; and the figures a bundle must show exactly as the app does.
 */
import { expect, type Browser, type Page } from '@playwright/test';

/** What both pages must agree on, read off the run view. */
export async function figures(page: Page) {
  await expect(page.locator('.run-body .progress')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('section[aria-labelledby="ov-tokens-h"]')).toBeVisible();
  const text = (selector: string) => page.locator(selector).first().innerText();
  return {
    badge: await text('.run-header .badge'),
    headerCost: await text('.run-header-cost'),
    status: await text('.ov-status'),
    cost: await text('section[aria-labelledby="ov-cost-h"]'),
    tokens: await text('section[aria-labelledby="ov-tokens-h"]'),
    steps: await text('section[aria-labelledby="ov-steps-h"]'),
  };
}

/** The bundle opened offline; requests other than the file are aborted and counted; CSP violations and page errors collected. */
export async function openOffline(browser: Browser, file: string, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });
  await context.setOffline(true);
  const url = `file://${file}`;
  const foreign: string[] = [];
  await context.route('**/*', (route) => {
    if (route.request().url().split('#')[0] === url) return route.continue();
    foreign.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(url);
  const checks = async () => {
    expect(foreign, 'requests beyond the file').toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), 'CSP violations').toEqual([]);
    expect(errors, 'page errors').toEqual([]);
  };
  return { page, context, checks };
}
