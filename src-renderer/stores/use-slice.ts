/**
 * The one paged fetch of the renderer: a window onto one of the run's long lists kept in main
 * (`run.slice`: steps, timeline rows, turn rows, report rows, skipped steps, the raw events).
 * Pages of {@link SLICE_PAGE} items are fetched as the virtual list shows them and kept in a
 * small LRU, so a run with 22,000 steps or a million events never sends them all to the
 * renderer. Another `version` (a new build of the run's model, live events) keeps the pages on
 * screen and fetches the shown ones again; another `epoch` (a rewritten log) starts over.
 * A growing list (the live events tab) can show rows it was pushed before main is asked
 * (`extend`); their pages are fetched again on the next `refresh`.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { HarnessRefs, Slice, SliceItem, SliceSpec } from '../../shared/run/run-head-types';
import { api } from '../api';
import { LruCache } from './lru-cache';
import { requestOf } from './run-store';

/** Items per request, for every section. */
export const SLICE_PAGE = 200;
/** Pages kept per list. */
const PAGE_LIMIT = 40;
/** The version of a page holding pushed rows: fetched again on the next refresh. */
const STALE = -1;

type Section = SliceSpec['section'];
/** A section's request without its window. */
export type SliceQuery<S extends Section> = Omit<Extract<SliceSpec, { section: S }>, 'from' | 'count'>;

type Page<S extends Section> = { version: number; items: Array<SliceItem[S]>; refs?: HarnessRefs };

/** What a view reads from the window. */
export type SliceWindow<S extends Section> = {
  /** Items in the whole (filtered) list, null until the first page came. */
  total: number | null;
  /** Item `index`, or undefined while its page is on the way. */
  item(index: number): SliceItem[S] | undefined;
  /** Tell the window which items are on screen (VirtualList's onRangeChange). */
  onRange(start: number, end: number): void;
  /** Index of the query's `find` (-1: not in the list), undefined until main answered for this `find`. */
  found: number | undefined;
  /** Harness items named by the cached turn rows (turns only). */
  refs: HarnessRefs;
  error: Diagnostic | null;
  /** Show `items` at indices `from…` and grow the list to `total` before main has them (live rows). */
  extend(total: number, from: number, items: ReadonlyArray<SliceItem[S]>): void;
  /** Fetch the pages on screen that hold pushed rows, or failed. */
  refresh(): void;
};

const EMPTY_REFS: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };

type State = { key: string; total: number | null; found: number | undefined; foundFor: string | null; error: Diagnostic | null; tick: number };

/**
 * Window onto `query`'s list of the run `ref` (null ref: nothing) as of `version` (the head's
 * build for the model's lists); `epoch` names the list's generation (a rewritten log).
 */
export function useSlice<S extends Section>(ref: RunRef | null, version: number, query: SliceQuery<S>, epoch = 0): SliceWindow<S> {
  const { find, ...rest } = query as SliceQuery<S> & { find?: unknown };
  const listKey = ref === null ? '' : JSON.stringify([ref.dataDir, ref.runId, rest, epoch]);
  const findKey = JSON.stringify(find ?? null);
  const pages = useRef(new LruCache<number, Page<S>>(PAGE_LIMIT));
  const inFlight = useRef(new Set<string>());
  const range = useRef({ start: 0, end: 0 });
  // Items pushed past main's last answer (live rows), per list.
  const local = useRef({ key: listKey, total: 0 });
  const [state, setState] = useState<State>({ key: listKey, total: null, found: undefined, foundFor: null, error: null, tick: 0 });
  const live = useRef({ listKey, version, query, findKey });
  live.current = { listKey, version, query, findKey };

  const fetchPage = useCallback(
    async (page: number, withFind: boolean) => {
      const { listKey: key, version: asked, query: q, findKey: finding } = live.current;
      if (ref === null) return;
      const token = `${key}|${asked}|${page}|${withFind ? finding : ''}`;
      if (inFlight.current.has(token)) return;
      inFlight.current.add(token);
      const spec = { ...(q as object), from: page * SLICE_PAGE, count: SLICE_PAGE } as SliceSpec;
      if (!withFind) delete (spec as { find?: unknown }).find;
      // As of an event (time travel) the model's lists are the ones at that event; the raw events are all listed.
      const result = await api['run.slice']({ ...requestOf(ref), spec });
      inFlight.current.delete(token);
      // The list changed while this page was on the way: its items belong to another list.
      if (live.current.listKey !== key) return;
      if (!result.ok) {
        setState((s) => ({ ...s, error: result.error, tick: s.tick + 1 }));
        return;
      }
      const slice = result.value as Slice<S>;
      // Rows pushed while this page was on the way stay until the next refresh fetches them.
      const cached = pages.current.peek(page);
      const pushed = cached !== undefined && cached.version === STALE && cached.items.length > slice.items.length;
      const items = pushed ? [...slice.items, ...cached.items.slice(slice.items.length)] : slice.items;
      // A page is as fresh as the version it was asked for (the build of the head, or the live list's count).
      pages.current.set(page, { version: pushed ? STALE : asked, items, ...(slice.refs ? { refs: slice.refs } : {}) });
      setState((s) => ({
        key,
        total: slice.total,
        found: withFind ? slice.found : s.found,
        foundFor: withFind ? finding : s.foundFor,
        error: null,
        tick: s.tick + 1,
      }));
    },
    // `ref` is stable per run and position; the rest is read through `live`.
    [ref?.dataDir, ref?.runId, ref?.at],
  );

  const need = useCallback(
    (start: number, end: number) => {
      range.current = { start, end };
      const first = Math.floor(Math.max(0, start) / SLICE_PAGE);
      const last = Math.floor(Math.max(0, end) / SLICE_PAGE);
      for (let p = first; p <= last; p++) {
        const cached = pages.current.get(p);
        if (!cached || cached.version !== live.current.version) void fetchPage(p, false);
      }
    },
    [fetchPage],
  );

  // Another list (run, filter, fold, epoch): start over from its first page.
  useEffect(() => {
    pages.current.clear();
    local.current = { key: listKey, total: 0 };
    setState({ key: listKey, total: null, found: undefined, foundFor: null, error: null, tick: 0 });
    void fetchPage(Math.floor(range.current.start / SLICE_PAGE), find !== undefined);
  }, [listKey]);

  // Another version (live): fetch the pages on screen again, keeping the old ones meanwhile.
  useEffect(() => {
    need(range.current.start, range.current.end);
  }, [version, need]);

  // Another item to find: main answers where it is with the first page.
  useEffect(() => {
    if (find !== undefined) void fetchPage(0, true);
  }, [findKey]);

  const extend = useCallback(
    (total: number, from: number, items: ReadonlyArray<SliceItem[S]>) => {
      const key = live.current.listKey;
      if (local.current.key !== key) local.current = { key, total: 0 };
      local.current.total = Math.max(local.current.total, total, from + items.length);
      items.forEach((item, i) => {
        const index = from + i;
        const page = Math.floor(index / SLICE_PAGE);
        const cached = pages.current.peek(page) ?? { version: STALE, items: [] };
        const next = cached.items.slice();
        next[index % SLICE_PAGE] = item;
        pages.current.set(page, { ...cached, version: STALE, items: next });
      });
      // Pages the list grew into without rows (a transport skipped some) are fetched as they show.
      setState((s) => ({ ...s, tick: s.tick + 1 }));
    },
    [],
  );

  const refresh = useCallback(() => {
    setState((s) => (s.error === null ? s : { ...s, error: null }));
    need(range.current.start, range.current.end);
  }, [need]);

  const current = state.key === listKey;
  const tick = state.tick;
  const localTotal = local.current.key === listKey ? local.current.total : 0;
  const total = current && state.total !== null ? Math.max(state.total, localTotal) : null;
  const refs = useMemo(() => {
    void tick;
    const merged: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };
    let any = false;
    for (let p = 0; p * SLICE_PAGE < (total ?? 0); p++) {
      const page = pages.current.peek(p);
      if (!page?.refs) continue;
      any = true;
      Object.assign(merged.sessions, page.refs.sessions);
      Object.assign(merged.modelTurns, page.refs.modelTurns);
      Object.assign(merged.toolCalls, page.refs.toolCalls);
    }
    return any ? merged : EMPTY_REFS;
  }, [tick, total]);

  const item = useCallback(
    (index: number) => {
      void tick;
      return pages.current.peek(Math.floor(index / SLICE_PAGE))?.items[index % SLICE_PAGE];
    },
    [tick],
  );

  return {
    total,
    item,
    onRange: need,
    found: current && state.foundFor === findKey && find !== undefined ? state.found : undefined,
    refs,
    error: current ? state.error : null,
    extend,
    refresh,
  };
}
