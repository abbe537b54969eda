/** Run view domain store: the open run's head (the long lists come by window: use-slice.ts). */
import { create } from 'zustand';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunHead } from '../../shared/run/run-head-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';

export type RunState = {
  ref: RunRef | null;
  /** The run's head; a background refresh keeps the shown one `ready` until the next lands. */
  head: Load<RunHead>;
  /** Load (or reuse) the head of `ref`. */
  load(ref: RunRef): Promise<void>;
  /** Fetch the open run's head again in the background (live runs), keeping the shown one meanwhile. */
  refresh(): Promise<void>;
  /** Drop the open run (back to the library). */
  close(): void;
};

// The latest load wins: an answer to an older request is dropped.
const loads = latestWins();

export const useRunStore = create<RunState>()((set, get) => ({
  ref: null,
  head: IDLE,

  async load(ref) {
    const current = get();
    if (current.ref?.dataDir === ref.dataDir && current.ref.runId === ref.runId && current.head.phase !== 'error') return;
    const ticket = loads.begin();
    set({ ref, head: LOADING });
    const result = await api['run.detail'](ref);
    if (!ticket.current()) return;
    set({ head: loaded(result) });
  },

  async refresh() {
    const { ref, head } = get();
    if (ref === null || head.phase === 'loading') return;
    const ticket = loads.begin();
    const result = await api['run.detail'](ref);
    if (!ticket.current()) return;
    // A failed background refresh keeps the head on screen; the next one may succeed.
    if (result.ok || get().head.phase !== 'ready') set({ head: loaded(result) });
  },

  close() {
    loads.cancel();
    set({ ref: null, head: IDLE });
  },
}));
