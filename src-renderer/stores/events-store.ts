/**
 * Events domain store: the open run's event rows (paged in as the list scrolls, kept in an
 * LRU of pages outside React state), the filter's sequence index, and the selected event.
 */
import { create } from 'zustand';
import type { Diagnostic } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { LiveEventSummary } from '../../shared/live/live-types';
import type { EventFilterSpec, EventRow, RunRef } from '../../shared/run/run-detail-types';
import { api } from '../api';
import { EVENT_PAGE, LruCache, PAGE_CACHE_LIMIT, pageOf, pageStart, pagesForRange } from '../views/events/event-paging';

/** The selected event in full, or where its fetch stands. */
export type EventDetailState = {
  sequence: number;
  phase: 'loading' | 'ready' | 'error';
  event: EventEnvelope | null;
  rawPayload: string | null;
  error: Diagnostic | null;
};

export type EventsState = {
  ref: RunRef | null;
  /** Rows in the unfiltered log (`lastSequence`). */
  count: number;
  /** Bumped whenever a page arrives or fails, so rows re-read the cache. */
  pageVersion: number;
  pageErrors: Record<number, string>;
  filter: EventFilterSpec;
  /** Matching sequences while a filter is set, else null (the list is dense). */
  index: number[] | null;
  indexPhase: 'idle' | 'loading' | 'ready' | 'error';
  indexError: Diagnostic | null;
  selected: number | null;
  detail: EventDetailState | null;
  /** Point the store at a run (resets everything when the run changes). */
  open(ref: RunRef, lastSequence: number): void;
  /** Fetch the pages behind rows `start…end` of the current list. */
  ensureRange(start: number, end: number): void;
  /** Apply a filter (empty fields are ignored); fetches its sequence index. */
  setFilter(filter: EventFilterSpec): Promise<void>;
  /** Select an event and fetch it in full. */
  select(sequence: number | null): Promise<void>;
  /** Forget failed pages and fetch the visible ones again. */
  retry(): void;
  /**
   * Live rows of the open run: extend the count, show the rows at once (payload size and
   * caller follow when their page is refetched), and refetch what a transport skipped.
   */
  appendLive(events: readonly LiveEventSummary[], skipped: number): void;
  /** The log was rewritten on disk: drop every cached page and start over at `lastSequence` rows. */
  reload(lastSequence: number): void;
  /** Fetch the filter's index again without a loading state (live runs grow under a filter). */
  refreshIndex(): Promise<void>;
};

const pages = new LruCache<number, EventRow[]>(PAGE_CACHE_LIMIT);
const inFlight = new Set<number>();
/** Pages holding live rows (or partial): shown, but fetched again when in view. */
const stale = new Set<number>();
let staleTimer: ReturnType<typeof setTimeout> | null = null;
/** Gap between refetches of live (stale) pages in view. */
const STALE_REFETCH_MS = 1000;
const MAX_IN_FLIGHT = 4;
let lastRange: [number, number] = [0, -1];
let generation = 0;

/** The cached row of `sequence` (undefined while its page is loading). */
export function cachedRow(sequence: number): EventRow | undefined {
  const page = pages.peek(pageOf(sequence));
  if (page === undefined) return undefined;
  const guess = page[sequence - pageStart(pageOf(sequence))];
  return guess?.sequence === sequence ? guess : page.find((row) => row.sequence === sequence);
}

/** Pages currently cached (for tests and the perf probe). */
export function cachedPageCount(): number {
  return pages.size;
}

function cleanFilter(filter: EventFilterSpec): EventFilterSpec {
  const out: EventFilterSpec = {};
  if (filter.typePrefix?.trim()) out.typePrefix = filter.typePrefix.trim();
  if (filter.caller?.trim()) out.caller = filter.caller.trim();
  if (filter.stepPath?.trim()) out.stepPath = filter.stepPath.trim();
  return out;
}

export const useEventsStore = create<EventsState>()((set, get) => ({
  ref: null,
  count: 0,
  pageVersion: 0,
  pageErrors: {},
  filter: {},
  index: null,
  indexPhase: 'idle',
  indexError: null,
  selected: null,
  detail: null,

  open(ref, lastSequence) {
    const current = get().ref;
    if (current?.dataDir === ref.dataDir && current.runId === ref.runId) {
      // Same run, maybe grown (live): keep cached pages; the last page may be partial, so drop it.
      // (live rows may already be ahead of a detail fetched earlier: never shrink here)
      if (lastSequence > get().count) {
        stale.add(pageOf(Math.max(1, get().count)));
        set({ count: lastSequence, pageVersion: get().pageVersion + 1 });
        get().ensureRange(...lastRange);
      }
      return;
    }
    generation++;
    pages.clear();
    inFlight.clear();
    stale.clear();
    set({ ref, count: lastSequence, pageVersion: 0, pageErrors: {}, filter: {}, index: null, indexPhase: 'idle', indexError: null, selected: null, detail: null });
  },

  ensureRange(start, end) {
    lastRange = [start, end];
    const { ref, index, count, pageErrors } = get();
    if (ref === null) return;
    const mine = generation;
    const needed = pagesForRange(start, end, index, count).filter((p) => (!pages.has(p) || stale.has(p)) && !inFlight.has(p) && pageErrors[p] === undefined);
    for (const page of needed) {
      if (inFlight.size >= MAX_IN_FLIGHT) break;
      inFlight.add(page);
      void api['run.events']({ ...ref, fromSequence: pageStart(page), limit: EVENT_PAGE }).then((result) => {
        if (mine !== generation) return;
        inFlight.delete(page);
        if (result.ok) {
          stale.delete(page);
          // Live rows that arrived while this page was in flight stay until the next fetch.
          const cached = pages.peek(page);
          const fetched = result.value;
          if (cached !== undefined && cached.length > fetched.length) {
            stale.add(page);
            pages.set(page, [...fetched, ...cached.slice(fetched.length)]);
          } else pages.set(page, fetched);
          set((s) => ({ pageVersion: s.pageVersion + 1 }));
        } else {
          set((s) => ({ pageVersion: s.pageVersion + 1, pageErrors: { ...s.pageErrors, [page]: `${result.error.code}: ${result.error.message}` } }));
        }
        // Scrolling may have moved on while this page was in flight.
        get().ensureRange(...lastRange);
      });
    }
    // Keep the visible pages fresh in the LRU so a long scroll never evicts what is on screen.
    for (const page of pagesForRange(start, end, index, count)) pages.get(page);
  },

  async setFilter(filter) {
    const ref = get().ref;
    if (ref === null) return;
    const clean = cleanFilter(filter);
    if (Object.keys(clean).length === 0) {
      set({ filter: {}, index: null, indexPhase: 'idle', indexError: null });
      return;
    }
    const mine = ++generation;
    inFlight.clear();
    set({ filter: clean, indexPhase: 'loading', indexError: null });
    const result = await api['run.eventIndex']({ ...ref, filter: clean });
    if (mine !== generation) return;
    if (result.ok) set({ index: result.value, indexPhase: 'ready' });
    else set({ index: null, indexPhase: 'error', indexError: result.error });
  },

  async select(sequence) {
    const ref = get().ref;
    if (sequence === get().selected && get().detail?.phase !== 'error') return;
    if (ref === null || sequence === null) {
      set({ selected: null, detail: null });
      return;
    }
    set({ selected: sequence, detail: { sequence, phase: 'loading', event: null, rawPayload: null, error: null } });
    const result = await api['run.event']({ ...ref, sequence });
    if (get().selected !== sequence) return;
    if (result.ok) set({ detail: { sequence, phase: 'ready', event: result.value.event, rawPayload: result.value.rawPayload, error: null } });
    else set({ detail: { sequence, phase: 'error', event: null, rawPayload: null, error: result.error } });
  },

  retry() {
    set((s) => ({ pageErrors: {}, pageVersion: s.pageVersion + 1 }));
    get().ensureRange(...lastRange);
  },

  appendLive(events, skipped) {
    const { count } = get();
    let last = count;
    for (const event of events) {
      if (event.sequence <= last) continue;
      const page = pageOf(event.sequence);
      const offset = event.sequence - pageStart(page);
      const rows = pages.peek(page) ?? [];
      // Only contiguous rows go in (a hole would break the page's index arithmetic).
      if (rows.length === offset) pages.set(page, [...rows, liveRow(event)]);
      stale.add(page);
      last = event.sequence;
    }
    if (skipped > 0) for (let page = pageOf(Math.max(1, count)); page <= pageOf(Math.max(1, last)); page += 1) stale.add(page);
    if (last === count && skipped === 0) return;
    set((s) => ({ count: Math.max(s.count, last), pageVersion: s.pageVersion + 1 }));
    staleTimer ??= setTimeout(() => {
      staleTimer = null;
      get().ensureRange(...lastRange);
    }, STALE_REFETCH_MS);
  },

  reload(lastSequence) {
    generation++;
    pages.clear();
    inFlight.clear();
    stale.clear();
    set((s) => ({ count: lastSequence, pageVersion: s.pageVersion + 1, pageErrors: {}, selected: null, detail: null }));
    get().ensureRange(...lastRange);
    if (get().index !== null) void get().refreshIndex();
  },

  async refreshIndex() {
    const { ref, filter, index } = get();
    if (ref === null || index === null) return;
    const mine = generation;
    const result = await api['run.eventIndex']({ ...ref, filter });
    if (mine !== generation || get().filter !== filter) return;
    if (result.ok) set({ index: result.value });
  },
}));

/** A row from a live summary: payload size unknown (-1) until its page is fetched. */
function liveRow(event: LiveEventSummary): EventRow {
  return { ...event, payloadChars: -1 };
}
