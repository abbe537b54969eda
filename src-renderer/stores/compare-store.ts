/** Compare domain store: the open run's replay-vs-live comparison and resume audit (`run.compare`). */
import { create } from 'zustand';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { Diagnostic } from '../../shared/diagnostics';
import type { RunRef } from '../../shared/run/run-detail-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';

export type CompareState = {
  ref: RunRef | null;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  result: RunComparison | null;
  error: Diagnostic | null;
  /** When the shown result was computed (ms). */
  at: number | null;
  /** Compare `ref` (again when `force`, else only when another run is asked for). */
  load(ref: RunRef, force?: boolean): Promise<void>;
};

// The latest compare wins: an answer to an older request is dropped.
const loads = latestWins();

export const useCompareStore = create<CompareState>()((set, get) => ({
  ref: null,
  phase: 'idle',
  result: null,
  error: null,
  at: null,

  async load(ref, force = false) {
    const current = get();
    const same = current.ref?.dataDir === ref.dataDir && current.ref.runId === ref.runId;
    if (same && !force && current.phase !== 'error') return;
    const ticket = loads.begin();
    // Re-running keeps the old answer on screen until the new one lands.
    set(same ? { phase: 'loading', error: null } : { ref, phase: 'loading', result: null, error: null, at: null });
    const result = await api['run.compare'](ref);
    if (!ticket.current()) return;
    if (result.ok) set({ phase: 'ready', result: result.value, at: Date.now() });
    else set({ phase: 'error', error: result.error });
  },
}));
