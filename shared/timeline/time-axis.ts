/**
 * The broken time axis: quiet stretches longer than a minute are collapsed to a short break,
 * the rest is drawn 1:1. Pure arithmetic, shared by the model builder (main) and the
 * renderer's ticks and zoom.
 */
import { isoMs } from '../time/iso-ms';
import type { AxisSpan, TimelineAxis, TimelineBreak } from './timeline-types';

/** A gap between consecutive events longer than this becomes a break on the axis. */
export const BREAK_MIN_MS = 60_000;

/** Axis width of one break: a twentieth of the active time, at least a quarter second. */
function breakWidth(activeMs: number): number {
  return Math.max(activeMs * 0.05, 250);
}

/** Parse an ISO timestamp to epoch ms, or null. */
export function parseTime(iso: string | undefined | null): number | null {
  if (!iso) return null;
  const ms = isoMs(iso);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Event times summarised for the axis: the sorted, disjoint clusters of times in which
 * consecutive times are at most `BREAK_MIN_MS` apart (the axis only needs the first and last
 * time and the gaps between clusters). Plain data, grown one time at a time, so a run
 * accumulator keeps it instead of every event's time and a checkpoint clones it.
 */
export type EventTimeClusters = { los: number[]; his: number[]; count: number };

/** No times yet. */
export function emptyTimeClusters(): EventTimeClusters {
  return { los: [], his: [], count: 0 };
}

/** Add one event time (epoch ms) to `clusters` (mutated). Appending in time order is O(1). */
export function addEventTime(clusters: EventTimeClusters, time: number): void {
  const { los, his } = clusters;
  clusters.count += 1;
  const n = los.length;
  // j: the first cluster starting after `time` (the common case, in order, is j = n).
  let j = n;
  if (n > 0 && los[n - 1] > time) {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (los[mid] > time) hi = mid;
      else lo = mid + 1;
    }
    j = lo;
  }
  const i = j - 1;
  if (i >= 0 && time - his[i] <= BREAK_MIN_MS) {
    if (time > his[i]) his[i] = time;
    if (j < n && los[j] - his[i] <= BREAK_MIN_MS) {
      his[i] = Math.max(his[i], his[j]);
      los.splice(j, 1);
      his.splice(j, 1);
    }
  } else if (j < n && los[j] - time <= BREAK_MIN_MS) {
    los[j] = time;
  } else {
    los.splice(j, 0, time);
    his.splice(j, 0, time);
  }
}

/**
 * Build the axis from every event time of the run (epoch ms, in log order) and the times at
 * which harness sessions were resumed (breaks ending there are `resume` breaks).
 */
export function buildAxis(eventTimes: readonly number[], resumeTimes: readonly number[]): TimelineAxis {
  const clusters = emptyTimeClusters();
  for (const time of eventTimes) addEventTime(clusters, time);
  return buildAxisOf(clusters, resumeTimes);
}

/** `buildAxis` from the event times' clusters. */
export function buildAxisOf(clusters: EventTimeClusters, resumeTimes: readonly number[]): TimelineAxis {
  const { los, his } = clusters;
  if (los.length === 0) return { originAt: null, realMs: 0, axisMs: 0, spans: [], breaks: [] };
  const origin = los[0];
  const realMs = his[his.length - 1] - origin;
  const gaps: Array<[number, number]> = [];
  for (let i = 1; i < los.length; i++) gaps.push([his[i - 1] - origin, los[i] - origin]);
  const activeMs = realMs - gaps.reduce((sum, [s, e]) => sum + (e - s), 0);
  const width = breakWidth(activeMs);
  const resumes = new Set(resumeTimes.map((t) => t - origin));
  const spans: AxisSpan[] = [];
  const breaks: TimelineBreak[] = [];
  let realStart = 0;
  let a = 0;
  for (const [s, e] of gaps) {
    spans.push({ realStart, realEnd: s, a0: a });
    a += s - realStart;
    breaks.push({
      startAt: new Date(origin + s).toISOString(),
      endAt: new Date(origin + e).toISOString(),
      durationMs: e - s,
      kind: resumes.has(e) ? 'resume' : 'idle',
      a0: a,
      a1: a + width,
    });
    a += width;
    realStart = e;
  }
  spans.push({ realStart, realEnd: realMs, a0: a });
  a += realMs - realStart;
  return { originAt: new Date(origin).toISOString(), realMs, axisMs: a, spans, breaks };
}

/** Axis ms of a real offset (ms since `originAt`); times inside a break spread across it. */
export function toAxis(axis: TimelineAxis, real: number): number {
  const { spans, breaks } = axis;
  if (spans.length === 0) return 0;
  if (real <= 0) return 0;
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spans[mid].realStart <= real) lo = mid;
    else hi = mid - 1;
  }
  const span = spans[lo];
  if (real <= span.realEnd) return span.a0 + (real - span.realStart);
  const gap = breaks[lo];
  if (!gap) return axis.axisMs;
  const next = spans[lo + 1];
  const fraction = (real - span.realEnd) / Math.max(1, next.realStart - span.realEnd);
  return gap.a0 + fraction * (gap.a1 - gap.a0);
}

/** Real offset (ms since `originAt`) at axis ms `a`, or null inside a break. */
export function fromAxis(axis: TimelineAxis, a: number): number | null {
  for (const span of axis.spans) {
    const end = span.a0 + (span.realEnd - span.realStart);
    if (a >= span.a0 && a <= end) return span.realStart + (a - span.a0);
  }
  return null;
}

/** Axis ms of an ISO timestamp (clamped to the run), or `fallback` when it does not parse. */
export function isoToAxis(axis: TimelineAxis, iso: string | undefined, fallback: number): number {
  const origin = parseTime(axis.originAt);
  const ms = parseTime(iso);
  if (origin === null || ms === null) return fallback;
  return toAxis(axis, Math.min(ms - origin, axis.realMs));
}

/** Real offset at axis ms `a`, clamped to the run; inside a break, spread across the quiet stretch (the inverse of {@link toAxis}). */
export function realAtAxis(axis: TimelineAxis, a: number): number {
  const { spans, breaks } = axis;
  if (spans.length === 0 || a <= 0) return 0;
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i];
    const end = span.a0 + (span.realEnd - span.realStart);
    if (a <= end) return span.realStart + Math.max(0, a - span.a0);
    const gap = breaks[i];
    if (gap && a < gap.a1) return span.realEnd + ((a - gap.a0) / Math.max(1e-9, gap.a1 - gap.a0)) * (spans[i + 1].realStart - span.realEnd);
  }
  return axis.realMs;
}

/** Axis ms `a` of axis `from` at the same real time on axis `to` (both of one run: the same origin). */
export function mapAxis(from: TimelineAxis, to: TimelineAxis, a: number): number {
  if (from === to) return a;
  return toAxis(to, Math.min(realAtAxis(from, a), to.realMs));
}
