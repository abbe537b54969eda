/** Screenshots of issue 34's proof: light and dark, 1,440 and 1,024 wide, each scanned by axe (e2e/screenshots/<name>-<width>-<scheme>.png). */
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { expectNoSeriousA11yViolations } from './axe';

const shots = join(__dirname, 'screenshots');

/** Shoot the page at both widths in both schemes (`fullPage`: the whole page), then put the defaults back. */
export async function shootWidthsAndSchemes(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousA11yViolations(page, `${name} ${width} (${scheme})`);
      await page.screenshot({ path: join(shots, `${name}-${width}-${scheme}.png`), fullPage, animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}
