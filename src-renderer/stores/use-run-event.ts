/**
 * Fetch one event in full (`run.event`) for a detail pane (the events tab's selected event, a
 * turn's request and response, a tool call's arguments and result), with a small cache so
 * flicking between items does not refetch, and the failure kept visible as a Diagnostic.
 */
import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../shared/contract';
import type { RunRef } from '../../shared/run/run-detail-types';
import { runItemKey } from '../../shared/run/run-key';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';

/** One event in full: its envelope, or the raw text of a payload that does not parse. */
export type RunEvent = ResponseOf<'run.event'>;

const CACHE_LIMIT = 200;
const cache = new Map<string, Load<RunEvent>>();

/** The full event `sequence` of `ref`; idle when there is no sequence to fetch. */
export function useRunEvent(ref: RunRef, sequence: number | undefined): Load<RunEvent> {
  const cacheKey = sequence === undefined ? null : runItemKey(ref, 'event', sequence);
  const [state, setState] = useState<{ key: string | null; value: Load<RunEvent> }>({ key: null, value: IDLE });

  useEffect(() => {
    if (cacheKey === null || sequence === undefined) return;
    if (cache.has(cacheKey)) return;
    let live = true;
    void api['run.event']({ dataDir: ref.dataDir, runId: ref.runId, sequence }).then((result) => {
      const value = loaded(result);
      // Failures are not cached: a retry after the file settles may succeed.
      if (result.ok) {
        cache.set(cacheKey, value);
        if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      }
      if (live) setState({ key: cacheKey, value });
    });
    return () => {
      live = false;
    };
  }, [cacheKey, ref.dataDir, ref.runId, sequence]);

  if (cacheKey === null) return IDLE;
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  return state.key === cacheKey ? state.value : LOADING;
}

/** `payload[name]` of a fetched event when the payload is an object. */
export function payloadField(state: Load<RunEvent>, name: string): unknown {
  if (state.phase !== 'ready' || !state.value.event) return undefined;
  const payload = state.value.event.payload;
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined;
}
