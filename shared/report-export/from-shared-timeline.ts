/**
 * The report's timeline from the run view's own model (shared/timeline, `RunDetail.timeline`):
 * same rows, bars and breaks, so the exported picture matches what the app draws.
 */
import type { TimelineModel as ViewTimeline } from '../timeline/timeline-types';
import type { TimelineModel } from './report-document-types';
import { formatDuration } from './report-time';

/** Convert the run view's timeline (axis ms, broken axis) to the report's timeline model. */
export function fromSharedTimeline(view: ViewTimeline): TimelineModel {
  return {
    origin: view.axis.originAt,
    endMs: view.axis.axisMs,
    rows: view.rows
      .filter((row) => row.kind !== 'session' || row.segments.length > 0)
      .map((row) => ({
        stepPath: row.stepPath ?? row.id,
        label: row.label,
        depth: row.depth,
        status: row.status,
        bars: row.segments.map((s) => ({ attemptId: s.attemptId ?? '', status: s.status, startMs: s.a0, endMs: Math.max(s.a0, s.a1), open: s.open })),
      })),
    breaks: view.axis.breaks.map((b) => ({
      startMs: b.a0,
      endMs: b.a1,
      gapMs: b.durationMs,
      label: `${b.kind === 'resume' ? 'resumed after' : 'idle'} ${formatDuration(b.durationMs)}`,
    })),
  };
}
