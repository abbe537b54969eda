/**
 * The step Gantt: toolbar, sticky broken time axis, one virtualized row per step path,
 * zoom/pan, hover card, click to open the step.
 */
import { runKeyOf } from '../../../shared/run/run-key';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RunHead, TimelineHead } from '../../../shared/run/run-head-types';
import type { TimelineRow } from '../../../shared/timeline/timeline-types';
import { isFolded } from '../../../shared/timeline/visible-rows';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute, type Route, runBase } from '../../routing/route';
import { useRouteStore } from '../../stores/route-store';
import { foldSpec, useTimelineStore } from '../../stores/timeline-store';
import { useSlice } from '../../stores/use-slice';
import { AXIS_HEIGHT, AxisHeader } from './axis-header';
import { FINDING_MARKS_HEIGHT, FindingMarks } from './finding-marks';
import { GanttRow } from './gantt-row';
import { Minimap } from './minimap';
import { TimelineToolbar } from './timeline-toolbar';
import { TimelineTooltip } from './timeline-tooltip';
import { useZoomPan } from './use-zoom-pan';
import './timeline.css';

const ROW_HEIGHT = 24;
/** Rows remembered for hover and click lookups (a few screens' worth). */
const DRAWN_LIMIT = 2000;

type RunRoute = Extract<Route, { view: 'run' }>;

/** Where a row's label and bars lead: its step, or its harness session in the turns view. */
function rowRoute(row: TimelineRow, route: RunRoute): RunRoute | null {
  const base = { ...runBase(route) };
  if (row.stepPath) return { ...base, tab: 'steps', step: row.stepPath };
  if (row.kind === 'session') return { ...base, tab: 'turns', session: Number(row.id.slice('session:'.length)) };
  return null;
}

/** The Gantt of one run (the caller handles the empty model); rows come from main by window. */
export function Gantt({ detail, timeline: model, route, whole, asOfAt }: { detail: RunHead; timeline: TimelineHead; route: RunRoute; whole: TimelineHead | null; asOfAt: string | null }) {
  const runKey = runKeyOf(detail.ref);
  const navigate = useRouteStore((s) => s.navigate);
  const { open, toggle, setHover } = useTimelineStore(useShallow((s) => ({ open: s.open, toggle: s.toggle, setHover: s.setHover })));
  const { window: w, fold, ready } = useTimelineStore(useShallow((s) => ({ window: s.window, fold: s.fold, ready: s.runKey === runKey })));
  const containerRef = useRef<HTMLDivElement>(null);
  const laneRef = useRef<HTMLDivElement>(null);
  const [widthPx, setWidthPx] = useState(800);
  const { handlers, consumeDrag } = useZoomPan(containerRef, laneRef, ready);
  const rows = useSlice<'timeline'>(detail.ref, detail.build, { section: 'timeline', fold: foldSpec(fold) });
  // Rows drawn last, by row index: hover, focus and clicks name rows by index.
  const drawn = useRef(new Map<number, TimelineRow>());

  useLayoutEffect(() => open(runKey, model.axis.axisMs), [open, runKey, model.axis.axisMs]);
  useEffect(() => {
    const lane = laneRef.current;
    if (!lane) return;
    const observer = new ResizeObserver(() => setWidthPx(lane.getBoundingClientRect().width));
    observer.observe(lane);
    return () => observer.disconnect();
  }, [ready]);
  useEffect(() => () => setHover(null), [setHover]);

  const onOpen = useCallback(
    (index: number) => {
      const row = drawn.current.get(index);
      if (consumeDrag() || !row) return;
      // An aggregated loop opens to its visits; any other row opens its step or session.
      if (row.visits) return toggle(row.id);
      const target = rowRoute(row, route);
      if (target) navigate(target);
    },
    [route, navigate, consumeDrag, toggle],
  );
  const onHover = useCallback(
    (index: number, segment: number, x: number, y: number) => {
      const row = drawn.current.get(index);
      if (row) setHover({ row, segment, x, y });
    },
    [setHover],
  );
  const onFocusRow = useCallback(
    (index: number, element: HTMLElement) => {
      const row = drawn.current.get(index);
      const rect = element.getBoundingClientRect();
      if (row && row.segments.length > 0) setHover({ row, segment: row.segments.length - 1, x: rect.right + 40, y: rect.top });
    },
    [setHover],
  );
  const onLeave = useCallback(() => setHover(null), [setHover]);

  const renderRow = (i: number) => {
    const item = rows.item(i);
    if (!item) return <div className="tl-row tl-placeholder" aria-busy="true"><span className="row-loading">loading…</span></div>;
    const { index, row } = item;
    // Bounded: a long scroll through 20,000 rows must not keep them all.
    if (drawn.current.size > DRAWN_LIMIT) drawn.current.clear();
    drawn.current.set(index, row);
    const target = rowRoute(row, route);
    return (
      <GanttRow
        row={row}
        index={index}
        window={w}
        widthPx={widthPx}
        collapsed={isFolded(fold, row)}
        breaks={model.axis.breaks}
        resumes={model.resumes}
        href={target ? formatRoute(target) : null}
        onToggle={toggle}
        onOpen={onOpen}
        onHover={onHover}
        onFocusRow={onFocusRow}
        onLeave={onLeave}
      />
    );
  };

  if (!ready) return <p className="loading">Laying out the timeline…</p>;
  return (
    <div className="tl-root">
      <TimelineToolbar timeline={model} />
      <Minimap model={model} whole={whole} asOfAt={asOfAt} />
      {rows.error ? (
        <p className="error" role="alert">{rows.error.message}</p>
      ) : (
        <VirtualList
          count={rows.total ?? 0}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          rowKey={(i) => rows.item(i)?.row.id ?? `pending:${i}`}
          overscan={6}
          onRangeChange={rows.onRange}
          className="tl-list"
          label={`Timeline of ${model.rowCount} rows. Plus and minus zoom, 0 fits, left and right arrows pan.`}
          containerRef={containerRef}
          header={
            <div className="tl-head">
              <AxisHeader model={model} window={w} widthPx={widthPx} laneRef={laneRef} />
              <FindingMarks detail={detail} model={model} window={w} at={runBase(route)} />
            </div>
          }
          headerHeight={AXIS_HEIGHT + FINDING_MARKS_HEIGHT}
          containerProps={handlers}
        />
      )}
      <TimelineTooltip lastRecordedAt={detail.lastRecordedAt} />
    </div>
  );
}
