/** The hover/focus card of the timeline: path, attempt, status, times, duration, usage, calls. */
import { useTimelineStore } from '../../stores/timeline-store';
import { costText, tokenText } from '../steps/usage-format';
import { clockTime, formatDuration, msBetween } from './timeline-format';

const WIDTH = 320;

/** Follows `hover` in the timeline store; renders nothing when idle. */
export function TimelineTooltip({ lastRecordedAt }: { lastRecordedAt: string | null }) {
  const hover = useTimelineStore((s) => s.hover);
  const row = hover?.row;
  const segment = row?.segments[hover!.segment];
  if (!hover || !row || !segment) return null;
  const end = segment.finishedAt ?? lastRecordedAt ?? undefined;
  const duration = msBetween(segment.startedAt || undefined, end);
  const within = row.marks.filter((m) => m.a0 <= segment.a1 && m.a1 >= segment.a0);
  const count = (kind: string) => within.filter((m) => m.kind === kind).length;
  const tokens = row.usage ? tokenText(row.usage) : null;
  const left = Math.min(hover.x + 14, globalThis.innerWidth - WIDTH - 8);
  const top = Math.min(hover.y + 14, globalThis.innerHeight - 190);
  return (
    <div className="tl-tooltip" role="tooltip" style={{ left, top, width: WIDTH }}>
      <div className="tl-tooltip-path mono">{row.stepPath && row.kind === 'step' ? row.stepPath : row.id}</div>
      <div className="tl-tooltip-status">
        <span className={`tl-dot tl-status-${segment.status}`} aria-hidden="true" />
        {segment.attemptId ?? row.kind} · {segment.status}
        {segment.open && <span className="tl-tooltip-open"> · no terminal event</span>}
      </div>
      <dl>
        <dt>start</dt>
        <dd className="mono">{clockTime(segment.startedAt || undefined)}</dd>
        <dt>end</dt>
        <dd className="mono">{segment.finishedAt ? clockTime(segment.finishedAt) : `open → last event ${clockTime(lastRecordedAt ?? undefined)}`}</dd>
        <dt>duration</dt>
        <dd>
          {formatDuration(duration)}
          {segment.open ? '+' : ''}
        </dd>
        {row.usage && (
          <>
            <dt>cost</dt>
            <dd>{costText(row.usage)}</dd>
          </>
        )}
        {tokens && (
          <>
            <dt>tokens</dt>
            <dd>{tokens}</dd>
          </>
        )}
        {within.length > 0 && (
          <>
            <dt>harness</dt>
            <dd>
              {count('session')} session · {count('model')} model · {count('tool')} tool
            </dd>
          </>
        )}
      </dl>
      {row.stepPath && <div className="tl-tooltip-hint muted">Click to open the step</div>}
    </div>
  );
}
