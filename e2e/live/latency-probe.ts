/**
 * Commit-to-screen latency of the run list: a MutationObserver in the page notes when a run
 * row's event count changes and stamps the start of the frame that paints it (wall clock via
 * `performance.timeOrigin`); the writer's `recordedAt` of each sequence is the commit time.
 */
import type { Page } from '@playwright/test';

/** One painted count: sequence n became visible at wall-clock ms t. */
export type PaintSample = { runId: string; n: number; t: number; firstPaint: boolean };

/** Install the probe for `runIds` (call before the writers start). */
export async function installLatencyProbe(page: Page, runIds: string[]): Promise<void> {
  await page.evaluate((ids) => {
    const seen = new Map<string, number>();
    const samples: PaintSample[] = [];
    (window as unknown as { __liveSamples: PaintSample[] }).__liveSamples = samples;
    // Rows leave the DOM (another screen, scrolled away): their next appearance is not a live update.
    const gone = new Set<string>(ids);
    const check = () => {
      for (const id of ids) {
        const cell = document.querySelector(`[data-run-id="${id}"] .lib-col-events`);
        if (cell === null) {
          gone.add(id);
          continue;
        }
        const n = Number((cell.textContent ?? '').replace(/[^\d]/g, ''));
        const before = seen.get(id);
        const appeared = gone.delete(id);
        if (!Number.isFinite(n) || (!appeared && before !== undefined && n <= before)) continue;
        seen.set(id, n);
        const from = appeared || before === undefined ? n : before + 1;
        requestAnimationFrame((frameStart) => {
          for (let k = from; k <= n; k += 1) samples.push({ runId: id, n: k, t: performance.timeOrigin + frameStart, firstPaint: appeared });
        });
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, runIds);
}

/** Samples collected so far. */
export async function paintSamples(page: Page): Promise<PaintSample[]> {
  return page.evaluate(() => (window as unknown as { __liveSamples: PaintSample[] }).__liveSamples.slice());
}

/** recordedAt (ms) of every event of a run, read through the app's own API from the page. */
export async function commitTimes(page: Page, dataDir: string, runId: string): Promise<Map<number, number>> {
  const rows = await page.evaluate(async ({ dataDir, runId }) => {
    // The page keeps browser mode's token in this tab's sessionStorage (never a cookie).
    const token = sessionStorage.getItem('li_token') ?? '';
    const spec = { section: 'events', from: 0, count: 1000 };
    const response = await fetch('/api/call/run.slice', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify({ dataDir, runId, spec }) });
    const result = (await response.json()) as { ok: boolean; value: { items: Array<{ sequence: number; recordedAt: string } | null> } };
    return result.ok ? result.value.items.filter((row) => row !== null) : [];
  }, { dataDir, runId });
  return new Map(rows.map((row) => [row.sequence, Date.parse(row.recordedAt)]));
}

/** p50 / p95 / max of numbers (nearest rank). */
export function percentiles(values: number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted.at(-1) ?? NaN) };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
