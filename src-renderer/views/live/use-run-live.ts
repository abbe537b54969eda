/**
 * The open run, live: the detail (costs, timeline, steps) is fetched again at most every ~2 s
 * while events keep coming (main folds; the renderer never re-derives), and a rewritten log
 * is said so. The events list follows the tail by itself (views/events/use-events-live.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import type { RunResetReason } from '../../../shared/live/live-types';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { runKey } from '../../../shared/run/run-key';
import { onLiveFrame } from '../../stores/live-store';
import { useRunStore } from '../../stores/run-store';

/** Least gap between two detail fetches of a live run. */
export const DETAIL_EVERY_MS = 2000;
/** Wait after the first new event before fetching (main's snapshot, which keys its cache, lags ≤ 250 ms). */
const SETTLE_MS = 400;

/** Keep the open run current; returns the reset notice (if any) and its dismiss. */
export function useRunLive(ref: RunRef | null): { reset: RunResetReason | null; dismiss(): void } {
  const [reset, setReset] = useState<RunResetReason | null>(null);
  const dataDir = ref?.dataDir;
  const runId = ref?.runId;
  useEffect(() => setReset(null), [dataDir, runId]);
  useEffect(() => {
    if (dataDir === undefined || runId === undefined) return;
    const key = runKey(dataDir, runId);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = Number.NEGATIVE_INFINITY;
    let lastChange = Number.NEGATIVE_INFINITY;
    const schedule = () => {
      lastChange = Date.now();
      if (timer !== null) return;
      const wait = Math.max(SETTLE_MS, last + DETAIL_EVERY_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        void useRunStore.getState().refresh();
        // Changes in the last moments may not be in main's snapshot yet: look once more.
        if (last - lastChange < SETTLE_MS) {
          const again = lastChange;
          schedule();
          lastChange = again;
        }
      }, wait);
    };
    const off = onLiveFrame((frame) => {
      if (frame.reset[key] !== undefined) setReset(frame.reset[key]);
      const grew = (frame.appended[key]?.length ?? 0) > 0 || (frame.skipped[key] ?? 0) > 0;
      if (frame.reset[key] !== undefined || grew || frame.ended[key] !== undefined) schedule();
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [dataDir, runId]);
  const dismiss = useCallback(() => setReset(null), []);
  return { reset, dismiss };
}
