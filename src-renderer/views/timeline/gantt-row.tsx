/** One timeline row: indented label (twisty, status dot, link) and its lane of bars and marks. */
import { memo } from 'react';
import type { TimelineBreak, TimelineResume, TimelineRow } from '../../../shared/timeline/timeline-types';
import type { TimelineWindow } from '../../stores/timeline-store';
import { pct } from './axis-ticks';
import { laneBars } from './lane-items';
import { formatDuration } from './timeline-format';
import { VisitCount, VisitDensity } from './visit-density-bar';

/** What a row needs besides its data; callbacks are stable. */
export type GanttRowProps = {
  row: TimelineRow;
  index: number;
  window: TimelineWindow;
  widthPx: number;
  collapsed: boolean;
  breaks: readonly TimelineBreak[];
  resumes: readonly TimelineResume[];
  href: string | null;
  onToggle(rowId: string): void;
  onOpen(index: number): void;
  onHover(index: number, segment: number, x: number, y: number): void;
  onFocusRow(index: number, element: HTMLElement): void;
  onLeave(): void;
};

const KIND_NOTE: Record<TimelineRow['kind'], string> = { step: '', branch: 'branch', 'attempt-group': '', visits: 'visits', session: 'session' };

/** Clamp a percentage range to the lane so huge zooms do not make huge elements. */
function place(a0: number, a1: number, w: TimelineWindow): { left: string; width: string } {
  const l = Math.max(-1, pct(a0, w));
  const r = Math.min(101, pct(a1, w));
  return { left: `${l}%`, width: `max(2px, ${Math.max(0, r - l)}%)` };
}

function rowSummary(row: TimelineRow): string {
  const last = row.segments[row.segments.length - 1];
  const attempts = row.kind === 'step' && row.segments.length > 1 ? `, ${row.segments.length} attempts` : '';
  if (row.visits) return `${row.status}, ${row.visits.count.toLocaleString('en-US')} visits, ${row.visits.failed.toLocaleString('en-US')} failed${last ? `, ${formatDuration(row.a1 - row.a0)} on the axis` : ''}`;
  const span = last ? `, ${formatDuration(row.a1 - row.a0)} on the axis` : '';
  return `${row.status}${attempts}${span}${last?.open ? ', open at the end of the log' : ''}`;
}

export const GanttRow = memo(function GanttRow(props: GanttRowProps) {
  const { row, index, window: w, widthPx, collapsed, breaks, resumes, href } = props;
  const hasChildren = row.descendants > 0;
  // An aggregated loop draws where its visits fall instead of thousands of bars.
  const bars = row.visits ? [] : laneBars(row.segments, w, widthPx);
  const marks = row.marks.filter((m) => m.a1 >= w.start && m.a0 <= w.end).slice(0, 200);
  const note = KIND_NOTE[row.kind];
  return (
    <div className={`tl-row tl-kind-${row.kind}`} role="listitem" data-row-id={row.id}>
      <div className="tl-label" style={{ paddingLeft: 6 + row.depth * 14 }}>
        {hasChildren ? (
          <button
            type="button"
            className="tl-twisty"
            aria-expanded={!collapsed}
            aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${row.label}`}
            onClick={() => props.onToggle(row.id)}
          >
            <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
          </button>
        ) : (
          <span className="tl-twisty-space" />
        )}
        <span className={`tl-dot tl-status-${row.status}`} aria-hidden="true" />
        {href ? (
          <a
            className="tl-name mono"
            href={href}
            title={row.stepPath ?? row.id}
            onFocus={(e) => props.onFocusRow(index, e.currentTarget)}
            onBlur={props.onLeave}
          >
            {row.label}
          </a>
        ) : (
          <span className="tl-name mono" title={row.id}>
            {row.label}
          </span>
        )}
        {row.visits ? <VisitCount visits={row.visits} /> : note && <span className="tl-note">{note}</span>}
        {hasChildren && collapsed && !row.visits && <span className="tl-note">+{row.descendants}</span>}
        <span className="visually-hidden">: {rowSummary(row)}</span>
      </div>
      <div className="tl-lane" aria-hidden="true">
        {breaks.map((b) =>
          b.a1 < w.start || b.a0 > w.end ? null : <div key={b.a0} className={`tl-break tl-break-${b.kind}`} style={place(b.a0, b.a1, w)} />,
        )}
        {resumes.map((r) => (r.a < w.start || r.a > w.end ? null : <div key={r.sessionId} className="tl-resume-line" style={{ left: `${pct(r.a, w)}%` }} />))}
        {row.visits && <VisitDensity segments={row.segments} window={w} widthPx={widthPx} onClick={() => props.onOpen(index)} />}
        {bars.map((bar) => (
          <div
            key={bar.index}
            className={`tl-bar tl-status-${bar.status}${bar.open ? ' tl-open' : ''}${row.kind === 'step' || row.kind === 'session' ? '' : ' tl-summary'}`}
            style={place(bar.a0, bar.a1, w)}
            data-segment={bar.index}
            onMouseMove={(e) => props.onHover(index, bar.index, e.clientX, e.clientY)}
            onMouseLeave={props.onLeave}
            onClick={() => props.onOpen(index)}
          />
        ))}
        {marks.map((m, i) =>
          m.kind === 'event' ? (
            // Point events (loopctl compactions, fallbacks, switches, detections) carry their text.
            <div key={i} className="tl-mark tl-mark-event" style={place(m.a0, m.a1, w)} title={m.label} aria-label={m.label} role="img" />
          ) : (
            <div key={i} className={`tl-mark tl-mark-${m.kind} tl-status-${m.status}`} style={place(m.a0, m.a1, w)} />
          ),
        )}
      </div>
    </div>
  );
});
