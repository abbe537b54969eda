/** Run view domain store: the open run's detail and its loading state. */
import { create } from 'zustand';
import type { Diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunHead } from '../../shared/run/run-head-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';

export type RunState = {
  ref: RunRef | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  /** The run's head (the long lists come by window: use-slice.ts). */
  detail: RunHead | null;
  error: Diagnostic | null;
  /** Load (or reuse) the detail of `ref`. */
  load(ref: RunRef): Promise<void>;
  /** Fetch the open run's detail again in the background (live runs), keeping the shown one meanwhile. */
  refresh(): Promise<void>;
  /** Drop the open run (back to the library). */
  close(): void;
};

// The latest load wins: an answer to an older request is dropped.
const loads = latestWins();

export const useRunStore = create<RunState>()((set, get) => ({
  ref: null,
  phase: 'idle',
  detail: null,
  error: null,

  async load(ref) {
    const current = get();
    if (current.ref?.dataDir === ref.dataDir && current.ref.runId === ref.runId && current.phase !== 'error') return;
    const ticket = loads.begin();
    set({ ref, phase: 'loading', detail: null, error: null });
    const result = await api['run.detail'](ref);
    if (!ticket.current()) return;
    if (result.ok) set({ phase: 'ready', detail: result.value });
    else set({ phase: 'error', error: result.error });
  },

  async refresh() {
    const { ref, phase } = get();
    if (ref === null || phase === 'loading') return;
    const ticket = loads.begin();
    const result = await api['run.detail'](ref);
    if (!ticket.current()) return;
    // A failed background refresh keeps the detail on screen; the next one may succeed.
    if (result.ok) set({ phase: 'ready', detail: result.value, error: null });
    else if (get().detail === null) set({ phase: 'error', error: result.error });
  },

  close() {
    loads.cancel();
    set({ ref: null, phase: 'idle', detail: null, error: null });
  },
}));
