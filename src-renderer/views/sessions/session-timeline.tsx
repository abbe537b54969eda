/**
 * The session's trace on a time axis (shared/harness-trace/session-timeline.ts): one lane each
 * for model calls, tool calls, runtime events, file changes and the rest. A mark names its item;
 * clicking it (or Enter) hands its index to `onPick` (the view scrolls to the item).
 */
import { sessionTimeline, TIMELINE_LANES, type TimelineMark } from '../../../shared/harness-trace/session-timeline';
import type { SessionItem } from '../../../shared/harness-trace/session-model';
import { extent } from '../../../shared/math/extent';
import { formatDuration } from '../../../shared/format/duration';

const WIDTH = 1000;
const LABEL = 110;
const LANE_H = 18;
const AXIS_H = 16;

/** The element id of item `index` in the session's list. */
export function sessionItemId(index: number): string {
  return `session-item-${index}`;
}

const span = formatDuration;

/** The time strip above the trace; nothing when no item has a readable time. */
export function SessionTimelineStrip({ items, onPick }: { items: readonly SessionItem[]; onPick: (index: number) => void }) {
  const t = sessionTimeline(items);
  if (t === null) return null;
  const total = Math.max(t.endMs - t.startMs, 1);
  const x = (ms: number) => LABEL + ((ms - t.startMs) / total) * (WIDTH - LABEL - 8);
  // Each lane is as tall as its overlapping calls need (one sub-row per overlap).
  const lanes = TIMELINE_LANES.filter((lane) => t.marks.some((m) => m.lane === lane)).map((lane) => ({ lane, rows: 1 + (extent(t.marks.filter((m) => m.lane === lane).map((m) => m.row))?.max ?? 0) }));
  const tops = lanes.map((_, i) => AXIS_H + lanes.slice(0, i).reduce((h, l) => h + l.rows * LANE_H, 0));
  const height = AXIS_H + lanes.reduce((h, l) => h + l.rows * LANE_H, 0);
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="session-timeline">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="group" aria-label={`Timeline: ${t.marks.length} items over ${span(t.endMs - t.startMs)}`}>
        {ticks.map((f) => (
          <text key={f} x={x(t.startMs + f * total)} y={11} className="st-axis" textAnchor={f === 0 ? 'start' : f === 1 ? 'end' : 'middle'}>
            {f === 0 ? t.marks.length > 0 && new Date(t.startMs).toISOString().slice(11, 19) : `+${span(f * total)}`}
          </text>
        ))}
        {lanes.map(({ lane }, i) => (
          <g key={lane} transform={`translate(0 ${tops[i]})`}>
            <text x={0} y={LANE_H - 5} className="st-lane">{lane}</text>
            <line x1={LABEL} x2={WIDTH - 8} y1={LANE_H / 2} y2={LANE_H / 2} className="st-rule" />
            {t.marks.filter((m) => m.lane === lane).map((m) => <Mark key={m.index} mark={m} x={x} onPick={onPick} />)}
          </g>
        ))}
      </svg>
      {t.omitted > 0 && <figcaption className="muted small">{t.omitted.toLocaleString('en-US')} other events are not drawn (calls and failures are); all are listed below.</figcaption>}
    </figure>
  );
}

function Mark({ mark, x, onPick }: { mark: TimelineMark; x: (ms: number) => number; onPick: (index: number) => void }) {
  const from = x(mark.fromMs);
  const width = Math.max(x(mark.toMs) - from, 0);
  const open = () => onPick(mark.index);
  return (
    <g className={`st-mark st-${mark.tone}`} role="button" tabIndex={0} aria-label={mark.label} onClick={open} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open()}>
      <title>{mark.label}</title>
      {width >= 3 ? <rect x={from} y={3 + mark.row * LANE_H} width={width} height={LANE_H - 6} rx={2} /> : <circle cx={from} cy={LANE_H / 2 + mark.row * LANE_H} r={4} />}
    </g>
  );
}
