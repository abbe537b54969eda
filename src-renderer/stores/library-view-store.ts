/**
 * Library view domain store: the run list's filters and sort (mirrored in the URL hash),
 * which groups are expanded, the selected row, and the runs picked for compare.
 */
import { create } from 'zustand';
import type { RunRef } from '../../shared/run/run-detail-types';
import { togglePick } from './compare-candidates';
import { DEFAULT_QUERY, clearFilters, formatLibraryQuery, type LibraryQuery } from './library-query';

export type LibraryViewState = {
  query: LibraryQuery;
  /** Expansion the user chose, by row key; rows not listed use their default. */
  expanded: Record<string, boolean>;
  /** Key of the selected row (survives re-sorting and filtering). */
  selectedKey: string | null;
  /** Merge `patch` into the query. */
  setQuery(patch: Partial<LibraryQuery>): void;
  /** Take a query from the URL (no-op when it is the one already shown). */
  hydrate(query: LibraryQuery): void;
  /** Drop every filter, keep the sort. */
  clearFilters(): void;
  /** Open or close group `key`. */
  setExpanded(key: string, open: boolean): void;
  select(key: string | null): void;
  /** Runs picked for "Compare" (at most two, oldest pick first). */
  picked: Array<Pick<RunRef, 'dataDir' | 'runId'>>;
  /** Pick or unpick a run for compare. */
  togglePick(ref: Pick<RunRef, 'dataDir' | 'runId'>): void;
  clearPicks(): void;
};

/** The query as a comparable string (its URL form). */
export function queryKey(query: LibraryQuery): string {
  return new URLSearchParams(formatLibraryQuery(query)).toString();
}

export const useLibraryViewStore = create<LibraryViewState>()((set, get) => ({
  query: DEFAULT_QUERY,
  expanded: {},
  selectedKey: null,
  setQuery(patch) {
    set({ query: { ...get().query, ...patch } });
  },
  hydrate(query) {
    if (queryKey(query) !== queryKey(get().query)) set({ query });
  },
  clearFilters() {
    set({ query: clearFilters(get().query) });
  },
  setExpanded(key, open) {
    set({ expanded: { ...get().expanded, [key]: open } });
  },
  select(key) {
    set({ selectedKey: key });
  },
  picked: [],
  togglePick(ref) {
    set({ picked: togglePick(get().picked, ref) });
  },
  clearPicks() {
    set({ picked: [] });
  },
}));
