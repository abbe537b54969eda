/**
 * Fetch one piece of the open run from main for a pane (a step, a harness item, the costs):
 * refetched when its key or the run's head (`lastSequence`, live runs) changes, keeping the
 * previous answer on screen meanwhile so nothing blinks.
 */
import { useEffect, useState } from 'react';
import type { Diagnostic, Result } from '../../shared/diagnostics';

/** What a pane shows while, after and instead of fetching. */
export type FetchState<T> = { phase: 'loading' } | { phase: 'ready'; value: T } | { phase: 'error'; error: Diagnostic };

/** The answer of `fetch` for `key` (null: nothing to fetch) as of `lastSequence`. */
export function useRunFetch<T>(key: string | null, lastSequence: number, fetch: () => Promise<Result<T>>): FetchState<T> {
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
  }, [key, lastSequence]);

  return state.key === key && key !== null ? state.value : { phase: 'loading' };
}
