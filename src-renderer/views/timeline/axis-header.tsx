/** The sticky time axis: relative-time ticks, collapsed breaks with their real duration, resumes. */
import type { RefObject } from 'react';
import type { TimelineModel } from '../../../shared/timeline/timeline-types';

/** What the axis draws: the broken axis and whether the log ended in a crash. */
type AxisModel = Pick<TimelineModel, 'axis' | 'crashed'>;
import type { TimelineWindow } from '../../stores/timeline-store';
import { axisTicks, pct } from './axis-ticks';
import { formatDuration, formatOffset } from './timeline-format';

/** Height of the axis header in px (the list keeps rows scrolled into view below it). */
export const AXIS_HEIGHT = 30;

/** The header row of the Gantt; `laneRef` is measured for zoom anchors and tick density. */
export function AxisHeader({ model, window: w, widthPx, laneRef }: { model: AxisModel; window: TimelineWindow; widthPx: number; laneRef: RefObject<HTMLDivElement | null> }) {
  const { ticks, stepMs } = axisTicks(model.axis, w, widthPx);
  return (
    <div className="tl-axis" style={{ height: AXIS_HEIGHT }}>
      <div className="tl-label tl-axis-label">
        <span className="muted">Step</span>
      </div>
      <div className="tl-lane tl-axis-lane" ref={laneRef}>
        {ticks.map((t) => (
          <div key={t.a} className="tl-tick" style={{ left: `${pct(t.a, w)}%` }}>
            <span>{formatOffset(t.real, stepMs)}</span>
          </div>
        ))}
        {model.axis.breaks.map((b) =>
          b.a1 < w.start || b.a0 > w.end ? null : (
            <div
              key={b.a0}
              className={`tl-break tl-break-${b.kind} tl-axis-break`}
              style={{ left: `${pct(b.a0, w)}%`, width: `${pct(b.a1, w) - pct(b.a0, w)}%` }}
              title={`${b.kind === 'resume' ? 'Resumed after' : 'Nothing written for'} ${formatDuration(b.durationMs)} (${b.startAt} → ${b.endAt})`}
            >
              <span className="tl-break-label">
                {b.kind === 'resume' ? '↻ ' : '⋯ '}
                {formatDuration(b.durationMs)}
              </span>
            </div>
          ),
        )}
        {model.crashed && model.axis.axisMs <= w.end && (
          <div className="tl-log-end" style={{ left: `${pct(model.axis.axisMs, w)}%` }} title="The log ends here: the run crashed with work in flight">
            <span>log ends</span>
          </div>
        )}
      </div>
    </div>
  );
}
