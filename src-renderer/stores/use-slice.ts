/**
 * A window onto one of the run's long lists kept in main (`run.slice`): pages of
 * {@link SLICE_PAGE} items are fetched as the virtual list shows them and kept in a small LRU,
 * so a run with 22,000 steps never sends them all to the renderer. Another build of the run's
 * model (live events, a rewritten log) keeps the pages on screen and fetches the shown ones again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { HarnessRefs, Slice, SliceItem, SliceSpec } from '../../shared/run/run-head-types';
import { api } from '../api';
import { LruCache } from '../views/events/event-paging';

/** Items per request. */
export const SLICE_PAGE = 200;
/** Pages kept per list. */
const PAGE_LIMIT = 40;

type Section = SliceSpec['section'];
/** A section's request without its window. */
export type SliceQuery<S extends Section> = Omit<Extract<SliceSpec, { section: S }>, 'from' | 'count'>;

type Page<S extends Section> = { build: number; items: Array<SliceItem[S]>; refs?: HarnessRefs };

/** What a view reads from the window. */
export type SliceWindow<S extends Section> = {
  /** Items in the whole (filtered) list, null until the first page came. */
  total: number | null;
  /** Item `index`, or undefined while its page is on the way. */
  item(index: number): SliceItem[S] | undefined;
  /** Tell the window which items are on screen (VirtualList's onRangeChange). */
  onRange(start: number, end: number): void;
  /** Index of the query's `find` (-1: not in the list), undefined until known. */
  found: number | undefined;
  /** Harness items named by the cached turn rows (turns only). */
  refs: HarnessRefs;
  error: Diagnostic | null;
};

const EMPTY_REFS: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };

/** Window onto `query`'s list of the run `ref` as of the head's `build` (null ref: nothing). */
export function useSlice<S extends Section>(ref: RunRef | null, build: number, query: SliceQuery<S>): SliceWindow<S> {
  const { find, ...rest } = query as SliceQuery<S> & { find?: unknown };
  const listKey = ref === null ? '' : JSON.stringify([ref.dataDir, ref.runId, rest]);
  const findKey = JSON.stringify(find ?? null);
  const pages = useRef(new LruCache<number, Page<S>>(PAGE_LIMIT));
  const inFlight = useRef(new Set<string>());
  const range = useRef({ start: 0, end: 0 });
  const [state, setState] = useState<{ key: string; total: number | null; found: number | undefined; error: Diagnostic | null; tick: number }>({
    key: listKey,
    total: null,
    found: undefined,
    error: null,
    tick: 0,
  });
  const live = useRef({ listKey, build, query });
  live.current = { listKey, build, query };

  const fetchPage = useCallback(
    async (page: number, withFind: boolean) => {
      const { listKey: key, build: version, query: q } = live.current;
      if (ref === null) return;
      const token = `${key}|${version}|${page}|${withFind ? findKey : ''}`;
      if (inFlight.current.has(token)) return;
      inFlight.current.add(token);
      const spec = { ...(q as object), from: page * SLICE_PAGE, count: SLICE_PAGE } as SliceSpec;
      if (!withFind) delete (spec as { find?: unknown }).find;
      const result = await api['run.slice']({ dataDir: ref.dataDir, runId: ref.runId, spec });
      inFlight.current.delete(token);
      // The list changed while this page was on the way: its items belong to another list.
      if (live.current.listKey !== key) return;
      if (!result.ok) {
        setState((s) => ({ ...s, error: result.error, tick: s.tick + 1 }));
        return;
      }
      const slice = result.value as Slice<S>;
      pages.current.set(page, { build: slice.build, items: slice.items, ...(slice.refs ? { refs: slice.refs } : {}) });
      setState((s) => ({
        key,
        total: slice.total,
        found: slice.found ?? (withFind ? undefined : s.found),
        error: null,
        tick: s.tick + 1,
      }));
    },
    // `ref` is stable per run; the rest is read through `live`.
    [ref?.dataDir, ref?.runId, findKey],
  );

  const need = useCallback(
    (start: number, end: number) => {
      range.current = { start, end };
      const first = Math.floor(Math.max(0, start) / SLICE_PAGE);
      const last = Math.floor(Math.max(0, end) / SLICE_PAGE);
      for (let p = first; p <= last; p++) {
        const cached = pages.current.get(p);
        if (!cached || cached.build !== live.current.build) void fetchPage(p, false);
      }
    },
    [fetchPage],
  );

  // Another list (run, filter, fold): start over from its first page.
  useEffect(() => {
    pages.current.clear();
    setState({ key: listKey, total: null, found: undefined, error: null, tick: 0 });
    void fetchPage(Math.floor(range.current.start / SLICE_PAGE), find !== undefined);
  }, [listKey]);

  // Another build (live): fetch the pages on screen again, keeping the old ones meanwhile.
  useEffect(() => {
    need(range.current.start, range.current.end);
  }, [build, need]);

  // Another item to find: main answers where it is with the first page.
  useEffect(() => {
    if (find !== undefined) void fetchPage(0, true);
  }, [findKey]);

  const current = state.key === listKey;
  const tick = state.tick;
  const refs = useMemo(() => {
    void tick;
    const merged: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };
    let any = false;
    for (let p = 0; p * SLICE_PAGE < (state.total ?? 0); p++) {
      const page = pages.current.peek(p);
      if (!page?.refs) continue;
      any = true;
      Object.assign(merged.sessions, page.refs.sessions);
      Object.assign(merged.modelTurns, page.refs.modelTurns);
      Object.assign(merged.toolCalls, page.refs.toolCalls);
    }
    return any ? merged : EMPTY_REFS;
  }, [tick, state.total]);

  const item = useCallback(
    (index: number) => {
      void tick;
      return pages.current.peek(Math.floor(index / SLICE_PAGE))?.items[index % SLICE_PAGE];
    },
    [tick],
  );

  return {
    total: current ? state.total : null,
    item,
    onRange: need,
    found: current ? state.found : undefined,
    refs,
    error: current ? state.error : null,
  };
}
