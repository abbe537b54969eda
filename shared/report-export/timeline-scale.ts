/**
 * The timeline's horizontal scale: linear in time, except that every break (a resume gap) is
 * drawn at a fixed width, so a 40-minute crash does not squash the seconds of real work.
 */
import type { TimelineModel } from './report-document-types';

/** A drawable stretch of time and where it sits on the x axis. */
export type ScaleSegment = { fromMs: number; toMs: number; x0: number; x1: number };

/** A break as drawn: its pixel span and label. */
export type ScaleBreak = { x0: number; x1: number; label: string };

/** The scale: time to x, the segments and breaks as drawn, and tick marks (`ms`: real time since the origin). */
export type TimelineScale = { x(ms: number): number; segments: ScaleSegment[]; breaks: ScaleBreak[]; ticks: { x: number; ms: number }[] };

const NICE_STEPS = [1, 2, 5];

/** Map `model` onto `[x0, x0 + width]`, each break taking `breakWidth` pixels. */
export function timelineScale(model: TimelineModel, x0: number, width: number, breakWidth = 28): TimelineScale {
  const spans: { fromMs: number; toMs: number }[] = [];
  let cursor = 0;
  for (const b of model.breaks) {
    spans.push({ fromMs: cursor, toMs: b.startMs });
    cursor = b.endMs;
  }
  spans.push({ fromMs: cursor, toMs: Math.max(cursor, model.endMs) });
  const busyMs = spans.reduce((sum, s) => sum + (s.toMs - s.fromMs), 0);
  const drawable = Math.max(10, width - breakWidth * model.breaks.length);
  // A run with no measurable duration still gets visible bars.
  const pxPerMs = busyMs > 0 ? drawable / busyMs : 0;
  const segments: ScaleSegment[] = [];
  const breaks: ScaleBreak[] = [];
  let x = x0;
  spans.forEach((span, index) => {
    const w = busyMs > 0 ? (span.toMs - span.fromMs) * pxPerMs : drawable / spans.length;
    segments.push({ ...span, x0: x, x1: x + w });
    x += w;
    const b = model.breaks[index];
    if (b !== undefined) {
      breaks.push({ x0: x, x1: x + breakWidth, label: b.label });
      x += breakWidth;
    }
  });
  const toX = (ms: number): number => {
    for (let i = 0; i < segments.length; i += 1) {
      const s = segments[i];
      if (ms <= s.toMs) {
        if (ms >= s.fromMs) return s.toMs === s.fromMs ? s.x0 : s.x0 + ((ms - s.fromMs) / (s.toMs - s.fromMs)) * (s.x1 - s.x0);
        // Inside the break before segment i: pin to the break's middle.
        const br = breaks[i - 1];
        return br === undefined ? s.x0 : (br.x0 + br.x1) / 2;
      }
    }
    return segments.at(-1)!.x1;
  };
  // Real time runs ahead of axis time by what each earlier break stands for beyond its width.
  const hidden = [0];
  for (const b of model.breaks) hidden.push(hidden[hidden.length - 1] + Math.max(0, b.gapMs - (b.endMs - b.startMs)));
  return { x: toX, segments, breaks, ticks: ticks(segments, pxPerMs).map((t) => ({ x: t.x, ms: t.ms + hidden[t.segment] })) };
}

/** Round-number ticks inside each segment, about 90 px apart, never crowding each other. */
function ticks(segments: readonly ScaleSegment[], pxPerMs: number): { x: number; ms: number; segment: number }[] {
  if (pxPerMs <= 0) return [{ x: segments[0].x0, ms: 0, segment: 0 }];
  const step = niceStep(90 / pxPerMs);
  const out: { x: number; ms: number; segment: number }[] = [];
  segments.forEach((s, segment) => {
    for (let ms = Math.ceil(s.fromMs / step) * step; ms <= s.toMs; ms += step) {
      const x = s.x0 + (ms - s.fromMs) * pxPerMs;
      if (out.length === 0 || x - out[out.length - 1].x >= 60) out.push({ x, ms, segment });
    }
  });
  return out;
}

function niceStep(rawMs: number): number {
  const exponent = Math.floor(Math.log10(Math.max(rawMs, 1)));
  for (const base of NICE_STEPS) {
    const step = base * 10 ** exponent;
    if (step >= rawMs) return step;
  }
  return 10 ** (exponent + 1);
}
