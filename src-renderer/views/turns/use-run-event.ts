/**
 * Fetch one event in full (`run.event`) for a detail pane, with a small cache so flicking
 * between turns does not refetch, and the failure kept visible as a Diagnostic.
 */
import { useEffect, useState } from 'react';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { api } from '../../api';

/** What a pane shows while, after and instead of fetching an event. */
export type RunEventState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; event: EventEnvelope | null; rawPayload: string | null }
  | { phase: 'error'; error: Diagnostic };

const CACHE_LIMIT = 200;
const cache = new Map<string, RunEventState>();

function key(ref: RunRef, sequence: number): string {
  return `${ref.dataDir}\u0000${ref.runId}\u0000${sequence}`;
}

/** The full event `sequence` of `ref`; idle when there is no sequence to fetch. */
export function useRunEvent(ref: RunRef, sequence: number | undefined): RunEventState {
  const cacheKey = sequence === undefined ? null : key(ref, sequence);
  const [state, setState] = useState<{ key: string | null; value: RunEventState }>({ key: null, value: { phase: 'idle' } });

  useEffect(() => {
    if (cacheKey === null || sequence === undefined) return;
    if (cache.has(cacheKey)) return;
    let live = true;
    void api['run.event']({ dataDir: ref.dataDir, runId: ref.runId, sequence }).then((result) => {
      const value: RunEventState = result.ok ? { phase: 'ready', event: result.value.event, rawPayload: result.value.rawPayload } : { phase: 'error', error: result.error };
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

  if (cacheKey === null) return { phase: 'idle' };
  const cached = cache.get(cacheKey);
  if (cached) return cached;
  return state.key === cacheKey ? state.value : { phase: 'loading' };
}

/** `payload[name]` of a fetched event when the payload is an object. */
export function payloadField(state: RunEventState, name: string): unknown {
  if (state.phase !== 'ready' || !state.event) return undefined;
  const payload = state.event.payload;
  return payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined;
}
