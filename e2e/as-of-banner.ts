/** The time-travel banner of a run shown as of an event, once that position has loaded. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The banner once it says "As of #`n`" and no longer "loading" (a cold fold of the demo's run can take seconds). */
export async function asOfBanner(page: Page, n: number): Promise<Locator> {
  const banner = page.getByTestId('time-travel-banner');
  await expect(banner).toContainText(`As of #${n}`);
  await expect(banner).not.toContainText('loading', { timeout: 15_000 });
  return banner;
}
