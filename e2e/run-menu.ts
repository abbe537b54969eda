/** The run header's one menu ("Export & share"): open it and choose an item, as a user clicks. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The menu button of the open run's header. */
export function runMenuButton(page: Page): Locator {
  return page.locator('.run-header').getByRole('button', { name: /^Export & share|^Exporting…|^Bundling…/ });
}

/** Open the menu and click the item named `name` (a string matches the item's start). */
export async function chooseRunMenu(page: Page, name: string | RegExp): Promise<void> {
  const button = runMenuButton(page);
  await expect(button).toBeEnabled({ timeout: 15_000 });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.getByRole('menu').getByRole('menuitem', { name: typeof name === 'string' ? new RegExp(`^${escape(name)}`) : name }).click();
}

/** Turn the menu's "Redact secrets" on or off (it keeps the menu open: Escape closes it). */
export async function setRunMenuRedaction(page: Page, on: boolean): Promise<void> {
  const button = runMenuButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Redact secrets' });
  if ((await item.getAttribute('aria-checked')) !== String(on)) await item.click();
  await expect(item).toHaveAttribute('aria-checked', String(on));
  await page.keyboard.press('Escape');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Open the redaction dialog from the menu, with "Redact secrets" on; returns the dialog. */
export async function openRedactionDialog(page: Page): Promise<Locator> {
  await chooseRunMenu(page, 'Redaction rules & preview…');
  const dialog = page.getByRole('dialog', { name: 'Redaction' });
  await dialog.getByLabel('Redact secrets in exports and shares').check();
  return dialog;
}
