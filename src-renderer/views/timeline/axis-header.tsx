/** The sticky time axis: relative-time ticks, collapsed breaks with their real duration, resumes. */
import { useMemo, useState, type RefObject } from 'react';
import type { TimelineModel } from '../../../shared/timeline/timeline-types';
import type { TimelineWindow } from '../../stores/timeline-store';
import { axisLayout, pct } from './axis-ticks';
import { textMeasurer } from './measure-text';
import { formatDuration } from './timeline-format';

/** What the axis draws: the broken axis and whether the log ended in a crash. */
type AxisModel = Pick<TimelineModel, 'axis' | 'crashed'>;

/** Height of the axis header in px (the list keeps rows scrolled into view below it). */
export const AXIS_HEIGHT = 30;
const LOG_END_TEXT = 'log ends';

/** The header row of the Gantt; `laneRef` is measured for zoom anchors and tick density. */
export function AxisHeader({ model, window: w, widthPx, laneRef }: { model: AxisModel; window: TimelineWindow; widthPx: number; laneRef: RefObject<HTMLDivElement | null> }) {
  // Measurers are made once the lane is on screen (its font family); each caches its labels.
  const [lane, setLane] = useState<HTMLDivElement | null>(null);
  const measure = useMemo(() => ({ tick: textMeasurer(lane), pill: textMeasurer(lane, 600) }), [lane]);
  const logEnd = model.crashed && model.axis.axisMs <= w.end;
  const { ticks, breakLabels } = useMemo(() => {
    const endPx = (pct(model.axis.axisMs, w) / 100) * widthPx;
    // The log-end label sits right-aligned 4px left of its line (timeline.css `.tl-log-end span`).
    const reserved = logEnd ? [{ left: endPx - 4 - measure.pill(LOG_END_TEXT) - 6, right: endPx }] : [];
    return axisLayout(model.axis, w, widthPx, measure.tick, reserved, measure.pill);
  }, [model.axis, w, widthPx, measure, logEnd]);
  const labelOf = new Map(breakLabels.map((b) => [b.index, b]));
  return (
    <div className="tl-axis" style={{ height: AXIS_HEIGHT }}>
      <div className="tl-label tl-axis-label">
        <span className="muted">Step</span>
      </div>
      <div
        className="tl-lane tl-axis-lane"
        ref={(element) => {
          laneRef.current = element;
          setLane(element);
        }}
      >
        {ticks.map((t) => (
          <div key={t.a} className="tl-tick" style={{ left: `${pct(t.a, w)}%` }}>
            <span>{t.label}</span>
          </div>
        ))}
        {model.axis.breaks.map((b, index) => {
          const label = labelOf.get(index);
          return label === undefined ? null : (
            <div
              key={b.a0}
              className={`tl-break tl-break-${b.kind} tl-axis-break`}
              style={{ left: `${pct(b.a0, w)}%`, width: `${pct(b.a1, w) - pct(b.a0, w)}%` }}
              title={`${b.kind === 'resume' ? 'Resumed after' : 'Nothing written for'} ${formatDuration(b.durationMs)} (${b.startAt} → ${b.endAt})`}
            >
              {label.shown && <span className="tl-break-label">{label.text}</span>}
            </div>
          );
        })}
        {logEnd && (
          <div className="tl-log-end" style={{ left: `${pct(model.axis.axisMs, w)}%` }} title="The log ends here: the run crashed with work in flight">
            <span>{LOG_END_TEXT}</span>
          </div>
        )}
      </div>
    </div>
  );
}
