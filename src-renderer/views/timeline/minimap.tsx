/**
 * The minimap above the Gantt: the whole run's density (step attempts and sessions started per
 * slice, failed ones in red), the part in view as a window to click or drag, and the as-of
 * cursor in time travel. In time travel the Gantt draws the run as of #N; the minimap draws
 * the whole run when main has it, greys what came after #N, and maps positions between the two
 * axes by real time (their breaks differ in width).
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { TimelineHead } from '../../../shared/run/run-head-types';
import { isoToAxis, mapAxis } from '../../../shared/timeline/time-axis';
import { useTimelineStore } from '../../stores/timeline-store';

/** Height of the minimap in px. */
export const MINIMAP_HEIGHT = 30;

type Props = {
  /** The timeline the Gantt draws. */
  model: TimelineHead;
  /** The whole run when the Gantt draws it as of an event (null: `model` is the whole run). */
  whole: TimelineHead | null;
  /** recordedAt of the as-of event in time travel, else null. */
  asOfAt: string | null;
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

export function Minimap({ model, whole, asOfAt }: Props) {
  const window = useTimelineStore((s) => s.window);
  const laneRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const map = whole ?? model;
  const total = Math.max(map.axis.axisMs, 1e-9);
  const toMap = (a: number) => mapAxis(model.axis, map.axis, Math.min(Math.max(a, 0), model.axis.axisMs));
  const from = clamp01(toMap(window.start) / total);
  const to = clamp01(toMap(window.end) / total);
  const cursor = asOfAt === null ? null : clamp01(isoToAxis(map.axis, asOfAt, map.axis.axisMs) / total);
  const { counts, failed } = map.density;
  const most = Math.max(1, ...counts);

  /** Centre the Gantt on fraction `f` of the minimap. */
  const moveTo = (f: number) => useTimelineStore.getState().centreAt(mapAxis(map.axis, model.axis, clamp01(f) * map.axis.axisMs));
  const fractionAt = (clientX: number) => {
    const rect = laneRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? (clientX - rect.left) / rect.width : 0.5;
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    dragging.current = true;
    e.currentTarget.setPointerCapture(e.pointerId);
    moveTo(fractionAt(e.clientX));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(fractionAt(e.clientX));
  };
  const onPointerUp = () => {
    dragging.current = false;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const centre = (from + to) / 2;
    const moves: Record<string, number> = { ArrowLeft: centre - 0.1, ArrowRight: centre + 0.1, PageUp: centre - 0.5, PageDown: centre + 0.5, Home: 0, End: 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    moveTo(moves[e.key]);
  };
  const percent = (x: number) => `${x * 100}%`;
  return (
    <div className="tl-minimap" style={{ height: MINIMAP_HEIGHT }}>
      <div className="tl-label tl-mm-label muted">{asOfAt === null ? 'Whole run' : whole ? 'Whole run · as of cursor' : 'Run so far'}</div>
      <div
        ref={laneRef}
        className="tl-mm-lane"
        role="slider"
        tabIndex={0}
        aria-label="Minimap of the whole run: the window is the part in view. Click, drag, or use the arrow keys to move it."
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(((from + to) / 2) * 100)}
        aria-valuetext={`showing ${Math.round(from * 100)}% to ${Math.round(to * 100)}% of the run`}
        data-testid="minimap"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <svg className="tl-mm-density" viewBox={`0 0 ${counts.length} 10`} preserveAspectRatio="none" aria-hidden="true">
          {counts.map((count, i) => (count === 0 ? null : <rect key={i} className="tl-mm-bin" x={i} width={1} y={10 - Math.max(1, (count / most) * 10)} height={Math.max(1, (count / most) * 10)} />))}
          {failed.map((count, i) => (count === 0 ? null : <rect key={`f${i}`} className="tl-mm-failed" x={i} width={1} y={7} height={3} />))}
        </svg>
        {cursor !== null && <div className="tl-mm-future" style={{ left: percent(cursor) }} aria-hidden="true" />}
        <div className="tl-mm-window" data-testid="minimap-window" style={{ left: percent(from), width: `max(4px, ${percent(to - from)})` }} aria-hidden="true" />
        {cursor !== null && (
          <div className="tl-mm-cursor" data-testid="minimap-cursor" style={{ left: percent(cursor) }} title="As of this event" aria-hidden="true" />
        )}
      </div>
    </div>
  );
}
