/** Accessibility scan with axe-core injected into the page (no network, no extra package). */
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const AXE = join(__dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');

/** One rule axe found broken, with up to three of the elements it found it on. */
export type AxeViolation = { id: string; impact: string | null; help: string; nodeCount: number; nodes: unknown[] };

/** Every violation axe finds on the current page, whatever its impact. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol: the page's CSP (script-src 'self') rightly forbids
  // injected <script> tags, and the scan must not need a weaker policy.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(AXE, "utf8"));
  return page.evaluate(async () => {
    type Raw = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown }> };
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: Raw[] }> } }).axe.run();
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodeCount: v.nodes.length, nodes: v.nodes.slice(0, 3).map((n) => n.target) }));
  });
}

/** Run axe on the current page and fail on any serious or critical violation (listing them). */
export async function expectNoSeriousA11yViolations(page: Page, context = 'page'): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${context}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}
