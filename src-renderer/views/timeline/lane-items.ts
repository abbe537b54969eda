/**
 * What one lane draws inside the visible window: segments that overlap it, with runs of
 * sub-pixel neighbours of the same status merged so a row of 5,000 visits stays cheap.
 */
import type { TimelineSegment } from '../../../shared/timeline/timeline-types';
import type { TimelineWindow } from '../../stores/timeline-store';

/** A drawable bar: the first segment it stands for, and how many it merges. */
export type LaneBar = { index: number; a0: number; a1: number; status: TimelineSegment['status']; open: boolean; merged: number };

/** Bars of `segments` visible in `window` on a lane `widthPx` wide. */
export function laneBars(segments: readonly TimelineSegment[], window: TimelineWindow, widthPx: number): LaneBar[] {
  const msPerPx = (window.end - window.start) / Math.max(widthPx, 1);
  const bars: LaneBar[] = [];
  segments.forEach((s, index) => {
    if (s.a1 < window.start || s.a0 > window.end) return;
    const last = bars[bars.length - 1];
    if (last && last.status === s.status && !s.open && s.a0 - last.a1 < msPerPx * 2 && s.a1 - s.a0 < msPerPx * 2) {
      last.a1 = Math.max(last.a1, s.a1);
      last.merged += 1;
      return;
    }
    bars.push({ index, a0: s.a0, a1: s.a1, status: s.status, open: s.open, merged: 1 });
  });
  return bars;
}
