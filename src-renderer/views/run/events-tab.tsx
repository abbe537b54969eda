/**
 * The run view's events tab: the raw log as a `run.slice` 'events' list (pages fetched as the
 * visible range moves, filtered in main), jump to a sequence (field or `#/run/<id>/event/<seq>`),
 * the selected event in full beside it, and the live tail (use-events-live.ts).
 */
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import type { RunSummary } from '../../../shared/library';
import { cleanEventFilter } from '../../../shared/run/event-filter-spec';
import type { EventFilterSpec } from '../../../shared/run/run-detail-types';
import { VirtualList } from '../../components/virtual-list';
import { formatRoute, runBase } from '../../routing/route';
import { useLibraryStore } from '../../stores/library-store';
import { useLiveRun } from '../../stores/live-store';
import { useRouteStore } from '../../stores/route-store';
import { useRunEvent } from '../../stores/use-run-event';
import { useSlice } from '../../stores/use-slice';
import { EventDetail, useSessionOfDataDir } from '../events/event-detail';
import { EventFilters } from '../events/event-filters';
import { EVENT_ROW_HEIGHT, EventRowView, eventRowId } from '../events/event-row';
import { useEventsLive } from '../events/use-events-live';
import { useFollowTail } from '../live/use-follow-tail';
import { useLoadedNotes } from '../notes/notes-panel';
import type { TabProps } from './tab-props';
import '../events/events.css';

/** What the events tab needs: it can start from the run's list row before its detail has loaded. */
export type EventsTabProps = Pick<TabProps, 'route'> & { detail: TabProps['detail'] | null; summary: RunSummary };

/** One empty filter for every render: a fresh `{}` each time would reset the form's draft (its effect keys on it) whenever the tab re-renders, e.g. when the detail arrives while someone types. */
const NO_FILTER: EventFilterSpec = Object.freeze({});

/** The selected event and its row in one list (the list's filter and epoch). */
type Picked = { sequence: number; index: number; list: string };

/** The events tab. */
export function EventsTab({ detail, route, summary }: EventsTabProps) {
  const navigate = useRouteStore((s) => s.navigate);
  // A shared bundle is a snapshot of the whole run: no time travel there.
  const inBundle = useLibraryStore((s) => s.appInfo?.mode === 'bundle');
  // Big runs take seconds to fold; the raw log does not need the fold, so it starts at once.
  const ref = useMemo(() => ({ dataDir: summary.dataDir, runId: summary.runId }), [summary.dataDir, summary.runId]);
  const live = useLiveRun(ref.dataDir, ref.runId);
  const session = useSessionOfDataDir(ref.dataDir);
  const growing = live?.summary.phase === 'active';
  const epoch = live?.resets ?? 0;
  const [filter, setFilter] = useState<EventFilterSpec | null>(null);
  const [version, setVersion] = useState(0);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [scrollIndex, setScrollIndex] = useState<number | null>(null);
  const [range, setRange] = useState<[number, number]>([0, -1]);
  const list = JSON.stringify([filter, epoch]);

  // The address names an event this list has not placed yet (a deep link, another filter): main finds it.
  const target = route.event ?? picked?.sequence;
  const placed = picked !== null && picked.sequence === target && picked.list === list;
  const events = useSlice<'events'>(ref, version, { section: 'events', ...(filter ? { filter } : {}), ...(target !== undefined && !placed ? { find: target } : {}) }, epoch);
  const rowCount = events.total ?? 0;
  const tail = useFollowTail({ growing, rowCount, rowHeight: EVENT_ROW_HEIGHT, initiallyOn: route.event === undefined, scrollTo: setScrollIndex });
  const { setFollow } = tail;
  useEventsLive(ref, events, filter !== null, () => setVersion((v) => v + 1));
  const selected = useRunEvent(ref, target);
  const notes = useLoadedNotes(ref);
  const notedEvents = useMemo(
    () => new Set(notes.phase === 'ready' ? notes.value.notes.flatMap((n) => (n.target.kind === 'event' ? [n.target.eventId] : [])) : []),
    [notes],
  );

  useEffect(() => {
    if (target === undefined || placed || events.found === undefined) return;
    setPicked({ sequence: target, index: events.found, list });
    if (events.found < 0 || route.event !== target) return;
    setScrollIndex(events.found);
    setFollow(false);
  }, [events.found, target, placed, list, route.event, setFollow]);

  const onRange = useCallback(
    (start: number, end: number) => {
      setRange([start, end]);
      events.onRange(start, end);
    },
    [events.onRange],
  );

  const choose = useCallback(
    (sequence: number, index: number, scroll = false) => {
      setPicked({ sequence, index, list });
      if (scroll) setScrollIndex(index);
      // Replace, not push: walking the list with the keyboard must not flood history.
      // Picking an event only selects it: the time cursor moves by the separate "travel here" action.
      const next = { ...runBase(route), tab: 'events' as const, event: sequence };
      history.replaceState(null, '', formatRoute(next));
      useRouteStore.setState({ route: next });
    },
    [list, route.runId, route.dir, route.at],
  );

  const selectedIndex = placed ? picked.index : -1;
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 20, PageUp: -20, Home: -Infinity, End: Infinity };
    const step = steps[event.key];
    if (step === undefined || rowCount === 0) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(rowCount - 1, selectedIndex < 0 && step > 0 && Number.isFinite(step) ? 0 : selectedIndex + step));
    const row = events.item(next);
    if (row) choose(row.sequence, next, true);
    else setScrollIndex(next);
  };

  const renderRow = (index: number) => {
    const row = events.item(index);
    // Unfiltered, item i is sequence i + 1 even before its page came.
    const sequence = row?.sequence ?? (filter === null ? index + 1 : undefined);
    return (
      <EventRowView
        sequence={sequence}
        row={row}
        error={events.error ? `${events.error.code}: ${events.error.message}` : undefined}
        selected={sequence !== undefined && sequence === target}
        future={route.at !== undefined && sequence !== undefined && sequence > route.at}
        endsHere={route.at !== undefined && sequence === route.at ? route.at : undefined}
        onSelect={(s) => choose(s, index)}
        noted={row ? notedEvents.has(row.eventId) : false}
      />
    );
  };

  const types = useMemo(() => Object.keys(detail?.eventTypeCounts ?? {}), [detail?.eventTypeCounts]);
  const logCount = summary.lastSequence ?? summary.eventCount;
  const filtering = filter !== null && events.total === null;
  const hiddenByFilter = filter !== null && placed && picked.index < 0;
  const applyFilter = (next: EventFilterSpec) => setFilter(cleanEventFilter(next));

  return (
    <div className="ev-tab">
      <EventFilters
        types={types}
        runRef={detail?.ref ?? null}
        headBuild={detail?.build ?? 0}
        filter={filter ?? NO_FILTER}
        busy={filtering}
        lastSequence={logCount}
        onFilter={applyFilter}
        onJump={(seq) => {
          setPicked(null);
          navigate({ ...runBase(route), tab: 'events', event: seq });
        }}
      />
      <div className="ev-status" role="status">
        {filtering
          ? 'Filtering…'
          : filter !== null
            ? `${rowCount.toLocaleString('en-US')} of ${Math.max(logCount, rowCount).toLocaleString('en-US')} events match`
            : `${(events.total ?? logCount).toLocaleString('en-US')} events`}
        {hiddenByFilter && (
          <>
            {' '}
            · event {target} is hidden by the filter{' '}
            <button type="button" onClick={() => setFilter(null)}>
              Clear filter
            </button>
          </>
        )}
        {growing && (
          <button type="button" className="live-follow" data-follow={tail.follow ? 'on' : 'off'} onClick={tail.toggle} title={tail.follow ? 'Stop scrolling to new events' : 'Scroll to each new event as it is written'}>
            {tail.follow ? '⏸ Pause' : '▶ Follow'}
          </button>
        )}
        {growing && <span className="muted"> {tail.follow ? 'following new events' : 'paused'}</span>}
      </div>
      {events.error && (
        <div role="alert" className="error">
          Events could not be read: <strong>{events.error.code}</strong> {events.error.message}{' '}
          <button type="button" onClick={events.refresh}>
            Retry
          </button>
        </div>
      )}
      <div className="ev-split">
        <div className="ev-list" onKeyDown={onKeyDown}>
          <div className="ev-head" aria-hidden="true">
            <span>#</span>
            <span>time (UTC)</span>
            <span>type</span>
            <span>step</span>
            <span>caller</span>
            <span className="ev-size">payload</span>
          </div>
          {events.total === 0 ? (
            <p className="empty ev-empty">{filter !== null ? 'No event matches this filter.' : 'This run has no events.'}</p>
          ) : (
            <VirtualList
              key={filter === null ? 'all' : 'filtered'}
              count={rowCount}
              rowHeight={EVENT_ROW_HEIGHT}
              renderRow={renderRow}
              scrollToIndex={scrollIndex}
              label="Events"
              role="listbox"
              className="ev-virtual"
              onRangeChange={onRange}
              containerProps={{ onScroll: tail.onScroll }}
              activeDescendant={target !== undefined && selectedIndex >= range[0] && selectedIndex <= range[1] ? eventRowId(target) : undefined}
            />
          )}
        </div>
        <aside className="ev-detail" aria-label="Selected event">
          {target !== undefined && route.at !== target && !inBundle && (
            <p className="ev-travel">
              <a href={formatRoute({ ...runBase(route), at: target, tab: 'events', event: target })}>Travel here: show the run as of #{target}</a>
            </p>
          )}
          <EventDetail sequence={target} event={selected} runRef={ref} session={session} />
        </aside>
      </div>
    </div>
  );
}
