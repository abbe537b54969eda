/**
 * Fetch one piece of the open run from main for a pane (a step, a harness item, the costs):
 * refetched when its key or the build of the run's model (live runs, rewritten logs) changes, keeping the
 * previous answer on screen meanwhile so nothing blinks.
 */
import { useEffect, useState } from 'react';
import type { Result } from '../../shared/diagnostics';
import { LOADING, loaded, type Load } from './load';

/** The answer of `fetch` for `key` (a run item key; null: nothing to fetch) as of the head's `build`. */
export function useRunFetch<T>(key: string | null, build: number, fetch: () => Promise<Result<T>>): Load<T> {
  const [state, setState] = useState<{ key: string | null; value: Load<T> }>({ key: null, value: LOADING });

  useEffect(() => {
    if (key === null) return;
    let current = true;
    void fetch().then((result) => {
      if (current) setState({ key, value: loaded(result) });
    });
    return () => {
      current = false;
    };
    // `fetch` is rebuilt every render; the key and the head say when to call it again.
  }, [key, build]);

  return state.key === key && key !== null ? state.value : LOADING;
}
