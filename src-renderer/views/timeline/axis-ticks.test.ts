import { describe, expect, it } from 'vitest';
import { buildAxis } from '../../../shared/timeline/time-axis';
import type { TimelineAxis } from '../../../shared/timeline/timeline-types';
import { axisLayout, LABEL_GAP_PX, type MeasureText } from './axis-ticks';
import { formatOffset } from './timeline-format';

const T0 = Date.parse('2026-01-01T00:00:00.000Z');

/** A deterministic pseudo-random sequence (no flaky seeds). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

/** An axis of `events` event times with `gaps` quiet stretches (breaks) of up to an hour, spread over `activeMs`. */
function axisOf(rand: () => number, events: number, activeMs: number, gaps: number): TimelineAxis {
  const times: number[] = [];
  let t = T0;
  for (let i = 0; i < events; i++) {
    t += (activeMs / events) * rand() * 2;
    if (gaps > 0 && rand() < gaps / events) t += 61_000 + rand() * 3_600_000;
    times.push(t);
  }
  return buildAxis(times, []);
}

/** An axis without breaks: an event every 30 s for `totalMs`. */
function steady(totalMs: number): TimelineAxis {
  return buildAxis(Array.from({ length: Math.floor(totalMs / 30_000) + 1 }, (_, i) => T0 + i * 30_000), []);
}

/** Widths of two fonts: a narrow one and a wide one (labels at 11px are 5.5–7.5 px a character). */
const narrow: MeasureText = (text) => text.length * 5.5;
const wide: MeasureText = (text) => text.length * 7.5 + 4;

type Box = { left: number; right: number };
function assertNoOverlap(boxes: Box[], what: string): void {
  const sorted = [...boxes].sort((x, y) => x.left - y.left);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].left < sorted[i - 1].right + LABEL_GAP_PX) throw new Error(`${what}: labels ${i - 1} and ${i} overlap (${JSON.stringify(sorted.slice(i - 1, i + 1))})`);
  }
}

describe('axis tick chooser', () => {
  it('never lets two labels touch, over many runs, zooms, pans and widths', () => {
    const rand = random(7);
    let layouts = 0;
    for (const [events, activeMs, gaps] of [
      [30, 3_000, 0],
      [200, 60_000, 3],
      [5_000, 12 * 60_000, 20],
      [200_000, 5 * 3_600_000, 400],
      [2_000, 3 * 86_400_000, 0],
    ] as const) {
      const axis = axisOf(rand, events, activeMs, gaps);
      for (const widthPx of [240, 724, 1140]) {
        for (const zoom of [1, 1.5, 4, 30, 500, 20_000, 1e6]) {
          const span = axis.axisMs / zoom;
          const start = rand() * Math.max(0, axis.axisMs - span);
          for (const measure of [narrow, wide]) {
            const reserved = [{ left: widthPx - 70, right: widthPx }];
            const layout = axisLayout(axis, { start, end: start + span }, widthPx, measure, reserved);
            const shownBreaks = layout.breakLabels.filter((b) => b.shown);
            assertNoOverlap([...layout.ticks, ...shownBreaks, ...reserved], `${events} events, ${zoom}×, ${widthPx}px`);
            for (const t of [...layout.ticks, ...shownBreaks]) {
              expect(t.left).toBeGreaterThanOrEqual(0);
              expect(t.right).toBeLessThanOrEqual(widthPx);
            }
            for (const t of layout.ticks) expect(t.right - t.left).toBeCloseTo(measure(t.label), 6);
            // Labels tell their ticks apart.
            expect(new Set(layout.ticks.map((t) => t.label)).size).toBe(layout.ticks.length);
            layouts++;
          }
        }
      }
    }
    expect(layouts).toBe(5 * 3 * 7 * 2);
  });

  it('spaces ticks by the measured label width: wider text, fewer ticks; a wider lane, more', () => {
    const axis = steady(10 * 60_000);
    const w = { start: 0, end: axis.axisMs };
    const few = axisLayout(axis, w, 1000, wide);
    const many = axisLayout(axis, w, 1000, narrow);
    expect(many.ticks.length).toBeGreaterThan(3);
    expect(few.stepMs).toBeGreaterThanOrEqual(many.stepMs);
    expect(axisLayout(axis, w, 3000, narrow).ticks.length).toBeGreaterThan(many.ticks.length);
    // Every step leaves room for the widest label it writes.
    for (const layout of [few, many]) {
      const stepPx = (layout.stepMs / axis.axisMs) * 1000;
      const widest = Math.max(...layout.ticks.map((t) => t.right - t.left));
      expect(stepPx).toBeGreaterThanOrEqual(widest + LABEL_GAP_PX);
    }
  });

  it('chooses the unit by the span shown: ms, s, min, h, days', () => {
    const long = steady(9 * 86_400_000);
    const labelsAt = (spanMs: number, from = 0) => axisLayout(long, { start: from, end: from + spanMs }, 1000, narrow).ticks.map((t) => t.label);
    expect(labelsAt(40).some((l) => / ms$/.test(l) || /\.\d{3} s$/.test(l))).toBe(true);
    expect(labelsAt(20_000).every((l) => / s$/.test(l) || l === '0')).toBe(true);
    expect(labelsAt(3_600_000).some((l) => / min /.test(l))).toBe(true);
    expect(labelsAt(86_400_000).some((l) => / h /.test(l))).toBe(true);
    expect(labelsAt(9 * 86_400_000).some((l) => / d /.test(l))).toBe(true);
    // Zoomed deep far into a run, labels carry the finer digits instead of repeating.
    const deep = labelsAt(3_000, 2 * 3_600_000 + 5_000);
    expect(deep.length).toBeGreaterThan(1);
    expect(new Set(deep).size).toBe(deep.length);
  });

  it('hides a break label that has no room rather than drawing it over another', () => {
    const times = [T0, T0 + 1000, T0 + 1000 + 120_000, T0 + 1000 + 120_100, T0 + 1000 + 240_100, T0 + 1000 + 240_200];
    const axis = buildAxis(times, []);
    expect(axis.breaks).toHaveLength(2);
    const cramped = axisLayout(axis, { start: 0, end: axis.axisMs }, 120, wide);
    expect(cramped.breakLabels.filter((b) => b.shown).length).toBeLessThan(2);
    const roomy = axisLayout(axis, { start: 0, end: axis.axisMs }, 4000, narrow);
    expect(roomy.breakLabels.every((b) => b.shown)).toBe(true);
  });
});

describe('tick labels', () => {
  it('are the duration formatter text when it is precise enough, finer digits otherwise', () => {
    expect(formatOffset(0, 1)).toBe('0');
    expect(formatOffset(850, 50)).toBe('850 ms');
    expect(formatOffset(1250, 10)).toBe('1.25 s');
    expect(formatOffset(1251, 1)).toBe('1.251 s');
    expect(formatOffset(721_000, 1000)).toBe('12 min 01 s');
    expect(formatOffset(61_300, 100)).toBe('1 min 01.3 s');
    expect(formatOffset(7_395_000, 60_000)).toBe('2 h 03 min');
    expect(formatOffset(7_395_000, 1000)).toBe('2 h 03 min 15 s');
    expect(formatOffset(90_000_000, 3_600_000)).toBe('1 d 01 h');
  });
});
