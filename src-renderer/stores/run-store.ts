/**
 * Run view domain store: the open run's head (the long lists come by window: use-slice.ts),
 * as it is now or as of an event (time travel). Moving between events keeps the shown head on
 * screen until the next one lands, and at most one head is asked of main at a time: while one is
 * on the way, only the latest position asked for is kept and asked next (a fast scrub builds the
 * models of the positions it stops at, not of every one it passed).
 */
import { create } from 'zustand';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunHead } from '../../shared/run/run-head-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';
import { requestOf, sameRun, samePosition } from '../../shared/run/run-position';

export type RunState = {
  /** The run and position asked for last (`at` absent: now). */
  ref: RunRef | null;
  /** The run's head; while another position of the same run loads, the shown one stays `ready`. */
  head: Load<RunHead>;
  /** True while the head of another position of the open run is on the way. */
  moving: boolean;
  /** Load (or reuse) the head of `ref`. */
  load(ref: RunRef): Promise<void>;
  /** Fetch the open run's head again in the background (live runs), keeping the shown one meanwhile. */
  refresh(): Promise<void>;
  /** Drop the open run (back to the library). */
  close(): void;
};

export { requestOf, sameRun, samePosition } from '../../shared/run/run-position';

// The latest load wins: an answer to an older request is dropped.
const loads = latestWins();
// The position to ask for once the head on the way has landed (moving within one run).
let queued: RunRef | null = null;
let inFlight = 0;

export const useRunStore = create<RunState>()((set, get) => {
  const fetchHead = async (ref: RunRef): Promise<void> => {
    const ticket = loads.begin();
    inFlight += 1;
    const result = await api['run.detail'](requestOf(ref));
    inFlight -= 1;
    const next = queued;
    queued = null;
    // An intermediate position is shown while the latest one is asked for (scrubbing feedback).
    if (ticket.current()) set({ head: loaded(result), moving: next !== null });
    if (next !== null && ticket.current()) await fetchHead(next);
  };

  return {
    ref: null,
    head: IDLE,
    moving: false,

    async load(ref) {
      const current = get();
      if (samePosition(current.ref, ref) && current.head.phase !== 'error') return;
      if (sameRun(current.ref, ref) && current.head.phase === 'ready') {
        // Another position of the open run: keep showing the current head meanwhile.
        set({ ref, moving: true });
        if (inFlight > 0) {
          queued = ref;
          return;
        }
        return fetchHead(ref);
      }
      queued = null;
      set({ ref, head: LOADING, moving: false });
      return fetchHead(ref);
    },

    async refresh() {
      const { ref, head } = get();
      // A position in the past does not change as the log grows.
      if (ref === null || ref.at !== undefined || head.phase === 'loading') return;
      const ticket = loads.begin();
      const result = await api['run.detail'](requestOf(ref));
      if (!ticket.current()) return;
      // A failed background refresh keeps the head on screen; the next one may succeed.
      if (result.ok || get().head.phase !== 'ready') set({ head: loaded(result) });
    },

    close() {
      loads.cancel();
      queued = null;
      set({ ref: null, head: IDLE, moving: false });
    },
  };
});
