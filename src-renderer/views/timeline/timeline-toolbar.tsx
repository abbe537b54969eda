/** Zoom buttons, collapse/expand all, run length facts and the legend above the Gantt. */
import { useShallow } from 'zustand/react/shallow';
import type { TimelineHead } from '../../../shared/run/run-head-types';
import { useTimelineStore } from '../../stores/timeline-store';
import { formatTime } from '../../format';
import { TimelineLegend } from './timeline-legend';
import { formatDuration } from './timeline-format';

/** The toolbar; zoom shown as the share of the run in view. */
export function TimelineToolbar({ timeline }: { timeline: TimelineHead }) {
  const { axis, stepCount } = timeline;
  const { zoom, fit, foldAll, share } = useTimelineStore(
    useShallow((s) => ({ zoom: s.zoom, fit: s.fit, foldAll: s.foldAll, share: axis.axisMs > 0 ? (s.window.end - s.window.start) / axis.axisMs : 1 })),
  );
  const gapMs = axis.breaks.reduce((sum, b) => sum + b.durationMs, 0);
  const zoomText = share >= 0.99 ? 'whole run' : `${Math.max(0.1, Math.round((1 / share) * 10) / 10)}×`;
  return (
    <div className="tl-toolbar">
      <div className="tl-toolbar-group" role="group" aria-label="Zoom">
        <button type="button" onClick={() => zoom(1.5)} aria-label="Zoom in" title="Zoom in (+, Ctrl+wheel)">
          +
        </button>
        <button type="button" onClick={() => zoom(1 / 1.5)} aria-label="Zoom out" title="Zoom out (−, Ctrl+wheel)">
          −
        </button>
        <button type="button" onClick={fit} title="Show the whole run (0)">
          Fit
        </button>
        <span className="tl-zoom-level" aria-live="polite">
          {zoomText}
        </span>
      </div>
      <div className="tl-toolbar-group">
        <button type="button" onClick={() => foldAll(true)}>
          Collapse all
        </button>
        <button type="button" onClick={() => foldAll(false)}>
          Expand all
        </button>
      </div>
      <span className="tl-facts muted">
        {stepCount.toLocaleString('en-US')} steps · started {formatTime(axis.originAt)} · {formatDuration(axis.realMs)}
        {gapMs > 0 && ` (${formatDuration(axis.realMs - gapMs)} active, ${axis.breaks.length} ${axis.breaks.length === 1 ? 'gap' : 'gaps'} collapsed)`}
      </span>
      <TimelineLegend loopEvents={timeline.hasLoopEvents} />
    </div>
  );
}
