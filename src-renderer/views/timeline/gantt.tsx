/**
 * The step Gantt: toolbar, sticky broken time axis, one virtualized row per step path,
 * zoom/pan, hover card, click to open the step.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import type { TimelineRow } from '../../../shared/timeline/timeline-types';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute, type Route } from '../../routing/route';
import { useRouteStore } from '../../stores/route-store';
import { useTimelineStore } from '../../stores/timeline-store';
import { AXIS_HEIGHT, AxisHeader } from './axis-header';
import { GanttRow } from './gantt-row';
import { TimelineToolbar } from './timeline-toolbar';
import { TimelineTooltip } from './timeline-tooltip';
import { useZoomPan } from './use-zoom-pan';
import { visibleRows } from './visible-rows';
import './timeline.css';

const ROW_HEIGHT = 24;

type RunRoute = Extract<Route, { view: 'run' }>;

/** Where a row's label and bars lead: its step, or its harness session in the turns view. */
function rowRoute(row: TimelineRow, route: RunRoute): RunRoute | null {
  const base = { view: 'run' as const, runId: route.runId, dir: route.dir };
  if (row.stepPath) return { ...base, tab: 'steps', step: row.stepPath };
  if (row.kind === 'session') return { ...base, tab: 'turns', session: Number(row.id.slice('session:'.length)) };
  return null;
}

/** The Gantt of one run (the caller handles the empty model). */
export function Gantt({ detail, route }: { detail: RunDetail; route: RunRoute }) {
  const model = detail.timeline;
  const runKey = `${detail.ref.dataDir}\n${detail.ref.runId}`;
  const navigate = useRouteStore((s) => s.navigate);
  const { open, toggle, setHover } = useTimelineStore(useShallow((s) => ({ open: s.open, toggle: s.toggle, setHover: s.setHover })));
  const { window: w, collapsed, ready } = useTimelineStore(useShallow((s) => ({ window: s.window, collapsed: s.collapsed, ready: s.runKey === runKey })));
  const containerRef = useRef<HTMLDivElement>(null);
  const laneRef = useRef<HTMLDivElement>(null);
  const [widthPx, setWidthPx] = useState(800);
  const { handlers, consumeDrag } = useZoomPan(containerRef, laneRef, ready);

  useLayoutEffect(() => open(runKey, model.axis.axisMs), [open, runKey, model.axis.axisMs]);
  useEffect(() => {
    const lane = laneRef.current;
    if (!lane) return;
    const observer = new ResizeObserver(() => setWidthPx(lane.getBoundingClientRect().width));
    observer.observe(lane);
    return () => observer.disconnect();
  }, [ready]);
  useEffect(() => () => setHover(null), [setHover]);

  const shown = useMemo(() => visibleRows(model.rows, collapsed), [model.rows, collapsed]);
  const hrefs = useMemo(() => model.rows.map((r) => rowRoute(r, route)), [model.rows, route]);

  const onOpen = useCallback(
    (index: number) => {
      const target = hrefs[index];
      if (!consumeDrag() && target) navigate(target);
    },
    [hrefs, navigate, consumeDrag],
  );
  const onHover = useCallback((row: number, segment: number, x: number, y: number) => setHover({ row, segment, x, y }), [setHover]);
  const onFocusRow = useCallback(
    (row: number, element: HTMLElement) => {
      const rect = element.getBoundingClientRect();
      const segments = model.rows[row].segments.length;
      if (segments > 0) setHover({ row, segment: segments - 1, x: rect.right + 40, y: rect.top });
    },
    [model.rows, setHover],
  );
  const onLeave = useCallback(() => setHover(null), [setHover]);

  const renderRow = (i: number) => {
    const index = shown[i];
    const row = model.rows[index];
    const target = hrefs[index];
    return (
      <GanttRow
        row={row}
        index={index}
        window={w}
        widthPx={widthPx}
        collapsed={collapsed[row.id] === true}
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
      <TimelineToolbar detail={detail} />
      <VirtualList
        count={shown.length}
        rowHeight={ROW_HEIGHT}
        renderRow={renderRow}
        rowKey={(i) => model.rows[shown[i]].id}
        overscan={6}
        className="tl-list"
        label={`Timeline of ${model.rows.length} rows. Plus and minus zoom, 0 fits, left and right arrows pan.`}
        containerRef={containerRef}
        header={<AxisHeader model={model} window={w} widthPx={widthPx} laneRef={laneRef} />}
        headerHeight={AXIS_HEIGHT}
        containerProps={handlers}
      />
      <TimelineTooltip model={model} lastRecordedAt={detail.lastRecordedAt} />
    </div>
  );
}
