/**
 * One question to main whose answer a pane shows as a `Load`: asked when the pane mounts and again
 * whenever `key` changes (the opened root, say); an answer that comes after a newer ask, or after
 * the pane is gone, is dropped.
 */
import { useEffect, useState } from 'react';
import type { Result } from '../../shared/diagnostics';
import { IDLE, LOADING, loaded, type Load } from './load';

/** The answer of `ask`, asked again whenever `key` changes. */
export function useAnswer<T>(ask: () => Promise<Result<T>>, key: unknown): Load<T> {
  const [load, setLoad] = useState<Load<T>>(IDLE);
  useEffect(() => {
    let live = true;
    setLoad(LOADING);
    void ask().then((r) => live && setLoad(loaded(r)));
    return () => {
      live = false;
    };
    // `ask` is rebuilt every render; the key says when to ask again.
  }, [key]);
  return load;
}
