/**
 * Fetch one piece of the open run from main for a pane (a step, a harness item, the costs):
 * refetched when its key or the build of the run's model (live runs, rewritten logs) changes, keeping the
 * previous answer on screen meanwhile so nothing blinks.
 */
import { useEffect, useState } from 'react';
import type { Diagnostic, Result } from '../../shared/diagnostics';

/** What a pane shows while, after and instead of fetching. */
export type FetchState<T> = { phase: 'loading' } | { phase: 'ready'; value: T } | { phase: 'error'; error: Diagnostic };

/** The answer of `fetch` for `key` (null: nothing to fetch) as of the head's `build`. */
export function useRunFetch<T>(key: string | null, build: number, fetch: () => Promise<Result<T>>): FetchState<T> {
  const [state, setState] = useState<{ key: string | null; value: FetchState<T> }>({ key: null, value: { phase: 'loading' } });

  useEffect(() => {
    if (key === null) return;
    let current = true;
    void fetch().then((result) => {
      if (current) setState({ key, value: result.ok ? { phase: 'ready', value: result.value } : { phase: 'error', error: result.error } });
    });
    return () => {
      current = false;
    };
    // `fetch` is rebuilt every render; the key and the head say when to call it again.
  }, [key, build]);

  return state.key === key && key !== null ? state.value : { phase: 'loading' };
}
