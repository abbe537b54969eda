/**
 * Tick labels for the broken time axis, laid out from the measured width of their text so no
 * two labels ever overlap: the step is the smallest "nice" one whose ticks are further apart
 * than the widest label it writes, and a tick whose label would touch the one before it (across
 * a break) or the log-end label is dropped; a break's pill is shown only where it touches none. Pure: text widths come from `measure`.
 */
import type { TimelineAxis, TimelineBreak } from '../../../shared/timeline/timeline-types';
import type { TimelineWindow } from '../../stores/timeline-store';
import { formatDuration, formatOffset } from './timeline-format';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
/** Nice steps from a millisecond to a week: the unit follows from the step (ms, s, min, h, day). */
const STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, S, 2 * S, 5 * S, 10 * S, 15 * S, 30 * S, M, 2 * M, 5 * M, 10 * M, 15 * M, 30 * M, H, 2 * H, 3 * H, 6 * H, 12 * H, D, 2 * D, 7 * D,
];
/** Most ticks generated for one step (a screen holds far fewer labels). */
const MAX_TICKS = 200;
/** Least clear space between two labels. */
export const LABEL_GAP_PX = 10;
/** A tick's label starts this far right of its line (timeline.css `.tl-tick span`). */
const TICK_INSET_PX = 3;
/** Padding and border around a break's label pill (timeline.css `.tl-break-label`). */
const BREAK_PILL_PX = 12;

/** Width in px of `text` as the axis draws it. */
export type MeasureText = (text: string) => number;

/** One tick: axis ms (for placement), real offset from the run's start, its label and the label's box in lane px. */
export type AxisTick = { a: number; real: number; label: string; left: number; right: number };

/** A break's label and whether it has room (the break itself is always drawn). */
export type BreakLabel = { index: number; text: string; left: number; right: number; shown: boolean };

/** What the axis header draws. */
export type AxisLayout = { ticks: AxisTick[]; breakLabels: BreakLabel[]; stepMs: number };

/** The text of a break's label (`⋯ 42 min 00 s`, `↻ …` for a resume). */
export function breakLabelText(b: Pick<TimelineBreak, 'kind' | 'durationMs'>): string {
  return `${b.kind === 'resume' ? '↻' : '⋯'} ${formatDuration(b.durationMs)}`;
}

/**
 * Lay out the axis of `window` on a lane `widthPx` wide. `reserved`: px boxes always drawn
 * there (the log-end label); `measurePill` measures the (bold) break labels.
 */
export function axisLayout(
  axis: TimelineAxis,
  window: TimelineWindow,
  widthPx: number,
  measure: MeasureText,
  reserved: ReadonlyArray<{ left: number; right: number }> = [],
  measurePill: MeasureText = measure,
): AxisLayout {
  const width = Math.max(widthPx, 1);
  const toPx = (a: number) => (pct(a, window) / 100) * width;
  const msPerPx = (window.end - window.start) / width;
  // Time ticks come first (an axis without times reads nothing); a break's pill shows where it still has room.
  let ticks: AxisTick[] = [];
  let chosen = STEPS[STEPS.length - 1];
  for (const stepMs of STEPS) {
    const stepPx = stepMs / msPerPx;
    if (stepPx < 2 * LABEL_GAP_PX) continue;
    const candidates = ticksAt(axis, window, stepMs);
    const widest = candidates.reduce((w, t) => Math.max(w, measure(formatOffset(t.real, stepMs))), 0);
    if (stepPx < widest + TICK_INSET_PX + LABEL_GAP_PX && stepMs !== chosen) continue;
    ticks = keepClear(candidates, stepMs, toPx, measure, width, reserved);
    chosen = stepMs;
    break;
  }
  const breakLabels = placeBreakLabels(axis.breaks, window, toPx, measurePill, width, [...reserved, ...ticks]);
  return { ticks, breakLabels, stepMs: chosen };
}

/** Ticks on multiples of `stepMs` of real time inside each unbroken span in view. */
function ticksAt(axis: TimelineAxis, window: TimelineWindow, stepMs: number): Array<{ a: number; real: number }> {
  const ticks: Array<{ a: number; real: number }> = [];
  for (const span of axis.spans) {
    const spanEnd = span.a0 + (span.realEnd - span.realStart);
    if (spanEnd < window.start || span.a0 > window.end) continue;
    const fromReal = span.realStart + Math.max(0, window.start - span.a0);
    for (let real = Math.ceil(fromReal / stepMs) * stepMs; real <= span.realEnd && ticks.length < MAX_TICKS; real += stepMs) {
      const a = span.a0 + (real - span.realStart);
      if (a > window.end) break;
      ticks.push({ a, real });
    }
  }
  return ticks;
}

/** Break labels centred on their break, each shown when it fits the lane and clears the `taken` boxes (ticks, log end) and the break label before it. */
function placeBreakLabels(
  breaks: readonly TimelineBreak[],
  window: TimelineWindow,
  toPx: (a: number) => number,
  measure: MeasureText,
  width: number,
  taken: ReadonlyArray<{ left: number; right: number }>,
): BreakLabel[] {
  const labels: BreakLabel[] = [];
  let lastRight = -Infinity;
  breaks.forEach((b, index) => {
    if (b.a1 < window.start || b.a0 > window.end) return;
    const text = breakLabelText(b);
    const half = (measure(text) + BREAK_PILL_PX) / 2;
    const centre = (toPx(b.a0) + toPx(b.a1)) / 2;
    const box = { left: centre - half, right: centre + half };
    const shown = box.left >= Math.max(0, lastRight + LABEL_GAP_PX) && box.right <= width && !taken.some((r) => overlaps(box, r));
    if (shown) lastRight = box.right;
    labels.push({ index, text, ...box, shown });
  });
  return labels;
}

/** Ticks whose label fits the lane and clears the taken boxes and the tick kept before it (ticks come in axis order). */
function keepClear(
  candidates: ReadonlyArray<{ a: number; real: number }>,
  stepMs: number,
  toPx: (a: number) => number,
  measure: MeasureText,
  width: number,
  taken: ReadonlyArray<{ left: number; right: number }>,
): AxisTick[] {
  const kept: AxisTick[] = [];
  for (const t of candidates) {
    const label = formatOffset(t.real, stepMs);
    const left = toPx(t.a) + TICK_INSET_PX;
    const box = { left, right: left + measure(label) };
    if (box.left < 0 || box.right > width) continue;
    const previous = kept[kept.length - 1];
    if (previous && box.left < previous.right + LABEL_GAP_PX) continue;
    if (taken.some((r) => overlaps(box, r))) continue;
    kept.push({ ...t, label, ...box });
  }
  return kept;
}

/** True when two px boxes come closer than the label gap. */
function overlaps(x: { left: number; right: number }, y: { left: number; right: number }): boolean {
  return x.left < y.right + LABEL_GAP_PX && y.left < x.right + LABEL_GAP_PX;
}

/** Left edge of axis ms `a` in percent of the lane. */
export function pct(a: number, window: TimelineWindow): number {
  return ((a - window.start) / (window.end - window.start)) * 100;
}
