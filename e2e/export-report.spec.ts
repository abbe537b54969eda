/**
 * The exported HTML report in Chromium: opened from a file, it makes no request besides the
 * file itself, logs no error, runs no script, and looks right in light and dark (screenshots
 * in e2e/screenshots/export-<fixture>-<scheme>.png).
 */
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXPORT_FIXTURES, exportFixture, type ExportFixtureName } from '../test/support/export-fixtures';

const root = join(__dirname, '..');
const shots = join(__dirname, 'screenshots');

for (const name of Object.keys(EXPORT_FIXTURES) as ExportFixtureName[]) {
  test(`exported HTML of the ${name} run: offline, script-free, light and dark`, async ({ page }) => {
    const run = exportFixture(name);
    const out = mkdtempSync(join(tmpdir(), 'li-e2e-export-'));
    try {
      const file = join(out, `${name}.html`);
      const cli = spawnSync(process.execPath, [join(root, 'out/main/cli.js'), 'export', run.runId, '--format', 'html', '--data-dir', run.dir, '-o', file], { encoding: 'utf8' });
      expect(cli.status, cli.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).not.toMatch(/<script/i);

      const url = pathToFileURL(file).href;
      const requests: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Run report');
      await expect(page.locator('svg.timeline')).toBeVisible();
      expect(await page.locator('script').count()).toBe(0);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(shots, `export-${name}-${scheme}.png`), fullPage: true });
      }
      expect(requests).toEqual([url]);
      expect(errors).toEqual([]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}
