/**
 * Loop visits aggregated into one row, and the density strips drawn for it and for the
 * minimap. A decision loop visits one step thousands of times (`loop.visit[0]` …): one row
 * per visit is a wall nobody reads, so a visits group with more than {@link PLAIN_VISITS_MAX}
 * visits is shown folded, as one row that says how many visits there were, how many failed,
 * and where in time they fall. Pure; the model builder (main) and the renderer share it.
 */
import type { TimelineSegment, TimelineStatus } from './timeline-types';

/** A visits group with at most this many visits is shown as before: open, one row per visit. */
export const PLAIN_VISITS_MAX = 3;

/** Bins of the whole-run density the minimap draws. */
export const RUN_DENSITY_BINS = 240;

/** What an aggregated visits row says of its visits: how many, and how many failed (in the end or in a retried attempt). */
export type VisitSummary = { count: number; failed: number };

/** Started segments per equal slice of an axis range, and how many of them failed. */
export type DensityBins = { start: number; end: number; counts: number[]; failed: number[] };

/** The summary of a visits group with `visits` (each visit's status and attempts), or undefined when it stays plain. */
export function visitSummary(visits: ReadonlyArray<{ status: TimelineStatus; segments: ReadonlyArray<Pick<TimelineSegment, 'status'>> }>): VisitSummary | undefined {
  if (visits.length <= PLAIN_VISITS_MAX) return undefined;
  const failed = visits.filter((v) => v.status === 'failed' || v.segments.some((s) => s.status === 'failed')).length;
  return { count: visits.length, failed };
}

/**
 * Count `segments` by the bin of `[start, end)` their start falls in (`bins` equal bins;
 * starts outside are left out, the end itself goes to the last bin). O(segments + bins).
 */
export function densityBins(segments: ReadonlyArray<Pick<TimelineSegment, 'a0' | 'status'>>, start: number, end: number, bins: number): DensityBins {
  const n = Math.max(1, Math.floor(bins));
  const counts = new Array<number>(n).fill(0);
  const failed = new Array<number>(n).fill(0);
  const width = end - start;
  for (const s of segments) {
    if (!(width > 0) || s.a0 < start || s.a0 > end) continue;
    const bin = Math.min(n - 1, Math.floor(((s.a0 - start) / width) * n));
    counts[bin] += 1;
    if (s.status === 'failed') failed[bin] += 1;
  }
  return { start, end, counts, failed };
}
