/**
 * In-page probes (run through `page.evaluate`): scroll the events list frame by frame and
 * record requestAnimationFrame deltas and the DOM row count, without any test-only hooks.
 */
import type { Page } from '@playwright/test';

/** What one scroll pass measured. */
export type ScrollProbe = { frames: number; p50Ms: number; p95Ms: number; maxMs: number; maxDomRows: number; endScrollTop: number };

/** Scroll the list `selector` (the events list by default) by `pxPerFrame` for `frames` frames; returns frame-time percentiles and the most rows seen. */
export async function probeScroll(page: Page, frames = 240, pxPerFrame = 1800, selector = '.ev-virtual'): Promise<ScrollProbe> {
  return page.evaluate(
    ({ frames, pxPerFrame, selector }) =>
      new Promise<ScrollProbe>((resolve) => {
        const list = document.querySelector<HTMLElement>(selector)!;
        const deltas: number[] = [];
        let maxDomRows = 0;
        let last = performance.now();
        let n = 0;
        const tick = (now: number) => {
          deltas.push(now - last);
          last = now;
          maxDomRows = Math.max(maxDomRows, document.querySelectorAll('.virtual-row').length);
          list.scrollTop += pxPerFrame;
          if (++n < frames) requestAnimationFrame(tick);
          else {
            const sorted = deltas.slice(1).sort((a, b) => a - b);
            const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
            resolve({ frames: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: sorted[sorted.length - 1] ?? 0, maxDomRows, endScrollTop: list.scrollTop });
          }
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(tick);
        });
      }),
    { frames, pxPerFrame, selector },
  );
}

/** Jump the list to `fraction` of its height and wait two frames; returns the DOM row count. */
export async function jumpTo(page: Page, fraction: number): Promise<number> {
  return page.evaluate(
    (fraction) =>
      new Promise<number>((resolve) => {
        const list = document.querySelector<HTMLElement>('.ev-virtual')!;
        list.scrollTop = fraction * (list.scrollHeight - list.clientHeight);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.querySelectorAll('.virtual-row').length)));
      }),
    fraction,
  );
}
