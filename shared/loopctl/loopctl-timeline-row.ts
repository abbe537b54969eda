/** The "loop events" row of a loopctl run's timeline: compactions, fallbacks, model switches and detections as point marks. */
import { isoToAxis } from '../timeline/time-axis';
import type { TimelineModel, TimelineRow } from '../timeline/timeline-types';
import type { LoopctlTimelineEvent } from './loopctl-types';
import { extent } from '../math/extent';

/** `timeline` with a last row holding one point mark per loop event (unchanged when there are none). */
export function withLoopEventsRow(timeline: TimelineModel, events: readonly LoopctlTimelineEvent[]): TimelineModel {
  if (events.length === 0) return timeline;
  const marks = events.map((e) => {
    const at = isoToAxis(timeline.axis, e.ts, 0);
    return { kind: 'event' as const, label: `#${e.seq} ${e.summary}`, status: 'completed' as const, startedAt: e.ts, a0: at, a1: at, open: false };
  });
  const row: TimelineRow = {
    id: 'loopctl:events',
    kind: 'session',
    label: 'loop events',
    depth: 0,
    parent: -1,
    descendants: 0,
    status: 'completed',
    segments: [],
    marks,
    a0: extent(marks.map((m) => m.a0))?.min ?? 0,
    a1: extent(marks.map((m) => m.a1))?.max ?? 0,
  };
  return { ...timeline, rows: [...timeline.rows, row] };
}
