/** Find state of one JSON viewer: a debounced, time-sliced, abortable search and a cursor. */
import { useEffect, useMemo, useState } from 'react';
import { searchJson } from './json-search';
import { pathKey, type JsonPath } from './json-tree';

/** Matches highlighted at once (the cursor still walks all of them). */
const HIGHLIGHT_LIMIT = 2000;

/** What the find bar shows and drives. */
export type JsonFind = {
  query: string;
  setQuery(query: string): void;
  searching: boolean;
  matches: JsonPath[];
  capped: boolean;
  /** Index of the current match, or -1. */
  cursor: number;
  next(): void;
  previous(): void;
  matchKeys: ReadonlySet<string>;
  currentKey: string | null;
};

/** Search `value` for the query typed (250 ms debounce); a new query or value aborts the old walk. */
export function useJsonFind(value: unknown): JsonFind {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{ matches: JsonPath[]; capped: boolean; searching: boolean; cursor: number }>({
    matches: [],
    capped: false,
    searching: false,
    cursor: -1,
  });

  useEffect(() => {
    if (query.trim() === '') {
      setState({ matches: [], capped: false, searching: false, cursor: -1 });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, searching: true }));
    const timer = setTimeout(() => {
      void searchJson(value, query.trim(), { signal: controller.signal }).then((result) => {
        if (result.aborted) return;
        setState({ matches: result.matches, capped: result.capped, searching: false, cursor: result.matches.length > 0 ? 0 : -1 });
      });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, query]);

  const matchKeys = useMemo(() => new Set(state.matches.slice(0, HIGHLIGHT_LIMIT).map(pathKey)), [state.matches]);
  const n = state.matches.length;
  const current = state.cursor >= 0 ? state.matches[state.cursor] : undefined;
  return {
    query,
    setQuery,
    searching: state.searching,
    matches: state.matches,
    capped: state.capped,
    cursor: state.cursor,
    next: () => n > 0 && setState((s) => ({ ...s, cursor: (s.cursor + 1) % n })),
    previous: () => n > 0 && setState((s) => ({ ...s, cursor: (s.cursor - 1 + n) % n })),
    matchKeys,
    currentKey: current === undefined ? null : pathKey(current),
  };
}
