/** Tick positions for the broken time axis: nice real-time steps inside each unbroken span. */
import type { TimelineAxis } from '../../../shared/timeline/timeline-types';
import type { TimelineWindow } from '../../stores/timeline-store';

const STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000];

/** One tick: axis ms (for placement), real offset from the run's start (for the label). */
export type AxisTick = { a: number; real: number };

/** Ticks about `minPx` apart on a lane `widthPx` wide showing `window`; at most a few dozen. */
export function axisTicks(axis: TimelineAxis, window: TimelineWindow, widthPx: number, minPx = 90): { ticks: AxisTick[]; stepMs: number } {
  const msPerPx = (window.end - window.start) / Math.max(widthPx, 1);
  const stepMs = STEPS.find((s) => s >= msPerPx * minPx) ?? STEPS[STEPS.length - 1];
  const ticks: AxisTick[] = [];
  for (const span of axis.spans) {
    const spanEnd = span.a0 + (span.realEnd - span.realStart);
    if (spanEnd < window.start || span.a0 > window.end) continue;
    const fromReal = span.realStart + Math.max(0, window.start - span.a0);
    for (let real = Math.ceil(fromReal / stepMs) * stepMs; real <= span.realEnd && ticks.length < 200; real += stepMs) {
      const a = span.a0 + (real - span.realStart);
      if (a > window.end) break;
      ticks.push({ a, real });
    }
  }
  return { ticks, stepMs };
}

/** Left edge of axis ms `a` in percent of the lane. */
export function pct(a: number, window: TimelineWindow): number {
  return ((a - window.start) / (window.end - window.start)) * 100;
}
