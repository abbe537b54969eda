/**
 * The run view's events tab: the raw log, virtualized over `lastSequence` rows (pages of 500
 * fetched as the visible range moves), filters through the main-side sequence index, jump to
 * a sequence (field or `#/run/<id>/event/<seq>`), and the selected event in full beside it.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute } from '../../routing/route';
import { cachedRow, useEventsStore } from '../../stores/events-store';
import { useLiveRun } from '../../stores/live-store';
import { useRouteStore } from '../../stores/route-store';
import { useFollowTail } from '../live/use-follow-tail';
import { EventDetail } from '../events/event-detail';
import { EventFilters } from '../events/event-filters';
import { EVENT_ROW_HEIGHT, EventRowView, eventRowId } from '../events/event-row';
import { indexOfSequence, pageOf, sequenceAt } from '../events/event-paging';
import type { RunSummary } from '../../../shared/library';
import type { TabProps } from './tab-props';
import '../events/events.css';

/** What the events tab needs: it can start from the run's list row before its detail has loaded. */
export type EventsTabProps = Pick<TabProps, 'route'> & { detail: TabProps['detail'] | null; summary: RunSummary };

/** The events tab. */
export function EventsTab({ detail, route, summary }: EventsTabProps) {
  const store = useEventsStore(
    useShallow((s) => ({
      count: s.count, index: s.index, indexPhase: s.indexPhase, indexError: s.indexError, filter: s.filter,
      selected: s.selected, detail: s.detail, pageErrors: s.pageErrors, ref: s.ref,
    })),
  );
  useEventsStore((s) => s.pageVersion); // re-render rows when a page lands
  const { open, ensureRange, setFilter, select, retry } = useEventsStore.getState();
  const navigate = useRouteStore((s) => s.navigate);
  const [scrollIndex, setScrollIndex] = useState<number | null>(null);
  const [range, setRange] = useState<[number, number]>([0, -1]);

  // Big runs take seconds to fold; the raw log does not need the fold, so it starts at once.
  const ref = useMemo(() => detail?.ref ?? { dataDir: summary.dataDir, runId: summary.runId }, [detail?.ref, summary.dataDir, summary.runId]);
  const lastSequence = detail?.lastSequence ?? summary.lastSequence ?? summary.eventCount;
  useEffect(() => open(ref, lastSequence), [ref, lastSequence, open]);
  const ready = store.ref?.runId === ref.runId && store.ref.dataDir === ref.dataDir;
  const rowCount = store.index === null ? store.count : store.index.length;
  const growing = useLiveRun(ref.dataDir, ref.runId)?.summary.phase === 'active';
  const tail = useFollowTail({ growing, rowCount: ready ? rowCount : 0, rowHeight: EVENT_ROW_HEIGHT, initiallyOn: route.event === undefined, scrollTo: setScrollIndex });
  const { setFollow } = tail;
  const jumped = useRef<typeof route | null>(null);

  // Deep link / jump: select the event and scroll to it (every time the address names one;
  // once per address, so a growing live log does not pull the list back to it).
  useEffect(() => {
    if (!ready || route.event === undefined || jumped.current === route) return;
    void select(route.event);
    const at = indexOfSequence(route.event, store.index, store.count);
    if (at < 0) return;
    jumped.current = route;
    setScrollIndex(at);
    setFollow(false);
  }, [ready, route, select, store.index, store.count, setFollow]);

  const onRange = useCallback((start: number, end: number) => {
    setRange([start, end]);
    ensureRange(start, end);
  }, [ensureRange]);
  // A new filter index changes which pages the same range needs (the range itself is read, not watched).
  const [rangeStart, rangeEnd] = range;
  useEffect(() => ensureRange(rangeStart, rangeEnd), [store.index]);

  const choose = useCallback((sequence: number, index?: number) => {
    void select(sequence);
    if (index !== undefined) setScrollIndex(index);
    // Replace, not push: walking the list with the keyboard must not flood history.
    const next = { view: 'run' as const, runId: route.runId, dir: route.dir, tab: 'events' as const, event: sequence };
    history.replaceState(null, '', formatRoute(next));
    useRouteStore.setState({ route: next });
  }, [select, route.runId, route.dir]);

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20, Home: -Infinity, End: Infinity };
    const step = steps[event.key];
    if (step === undefined || rowCount === 0) return;
    event.preventDefault();
    const current = store.selected === null ? -1 : indexOfSequence(store.selected, store.index, store.count);
    const next = Math.max(0, Math.min(rowCount - 1, current < 0 && step > 0 && Number.isFinite(step) ? 0 : current + step));
    const seq = sequenceAt(next, store.index);
    if (seq !== undefined) choose(seq, next);
  };

  const renderRow = (index: number) => {
    const sequence = sequenceAt(index, store.index);
    if (sequence === undefined) return null;
    return (
      <EventRowView
        sequence={sequence}
        row={cachedRow(sequence)}
        error={store.pageErrors[pageOf(sequence)]}
        selected={store.selected === sequence}
        onSelect={(s) => choose(s)}
      />
    );
  };

  const types = useMemo(() => Object.keys(detail?.eventTypeCounts ?? {}), [detail?.eventTypeCounts]);
  const selectedIndex = store.selected === null ? -1 : indexOfSequence(store.selected, store.index, store.count);
  const hiddenByFilter = store.selected !== null && store.index !== null && selectedIndex < 0;
  const pageErrorCount = Object.keys(store.pageErrors).length;

  return (
    <div className="ev-tab">
      <EventFilters
        types={types}
        runRef={detail?.ref ?? null}
        headBuild={detail?.build ?? 0}
        filter={store.filter}
        busy={store.indexPhase === 'loading'}
        lastSequence={store.count}
        onFilter={(f) => void setFilter(f)}
        onJump={(seq) => navigate({ view: 'run', runId: route.runId, dir: route.dir, tab: 'events', event: seq })}
      />
      <div className="ev-status" role="status">
        {store.indexPhase === 'loading' ? 'Filtering…' : store.index !== null
          ? `${rowCount.toLocaleString('en-US')} of ${store.count.toLocaleString('en-US')} events match`
          : `${store.count.toLocaleString('en-US')} events`}
        {hiddenByFilter && <> · event {store.selected} is hidden by the filter <button type="button" onClick={() => void setFilter({})}>Clear filter</button></>}
        {growing && (
          <button type="button" className="live-follow" data-follow={tail.follow ? 'on' : 'off'} onClick={tail.toggle} title={tail.follow ? 'Stop scrolling to new events' : 'Scroll to each new event as it is written'}>
            {tail.follow ? '⏸ Pause' : '▶ Follow'}
          </button>
        )}
        {growing && <span className="muted"> {tail.follow ? 'following new events' : 'paused'}</span>}
      </div>
      {store.indexPhase === 'error' && (
        <div role="alert" className="error">Filter failed: <strong>{store.indexError?.code}</strong> {store.indexError?.message}</div>
      )}
      {pageErrorCount > 0 && (
        <div role="alert" className="error">
          {pageErrorCount} page{pageErrorCount === 1 ? '' : 's'} of events could not be read. <button type="button" onClick={retry}>Retry</button>
        </div>
      )}
      <div className="ev-split">
        <div className="ev-list" onKeyDown={onKeyDown}>
          <div className="ev-head" aria-hidden="true">
            <span>#</span><span>time (UTC)</span><span>type</span><span>step</span><span>caller</span><span className="ev-size">payload</span>
          </div>
          {ready && rowCount === 0 && store.indexPhase !== 'loading' ? (
            <p className="empty ev-empty">{store.index !== null ? 'No event matches this filter.' : 'This run has no events.'}</p>
          ) : (
            <VirtualList
              key={store.index === null ? 'all' : 'filtered'}
              count={ready ? rowCount : 0}
              rowHeight={EVENT_ROW_HEIGHT}
              renderRow={renderRow}
              scrollToIndex={scrollIndex}
              label="Events"
              role="listbox"
              className="ev-virtual"
              onRangeChange={onRange}
              containerProps={{ onScroll: tail.onScroll }}
              activeDescendant={selectedIndex >= range[0] && selectedIndex <= range[1] && store.selected !== null ? eventRowId(store.selected) : undefined}
            />
          )}
        </div>
        <aside className="ev-detail" aria-label="Selected event">
          <EventDetail detail={store.detail} />
        </aside>
      </div>
    </div>
  );
}
