/** Compare domain store: the open run's replay-vs-live comparison and resume audit (`run.compare`). */
import { create } from 'zustand';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { RunRef } from '../../shared/run/run-detail-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';

export type CompareState = {
  ref: RunRef | null;
  /** Where the latest request stands. */
  request: Load<RunComparison>;
  /** The last comparison that arrived for `ref`: kept on screen while it is computed again. */
  shown: RunComparison | null;
  /** Compare `ref` (again when `force`, else only when another run is asked for). */
  load(ref: RunRef, force?: boolean): Promise<void>;
};

// The latest compare wins: an answer to an older request is dropped.
const loads = latestWins();

export const useCompareStore = create<CompareState>()((set, get) => ({
  ref: null,
  request: IDLE,
  shown: null,

  async load(ref, force = false) {
    const current = get();
    const same = current.ref?.dataDir === ref.dataDir && current.ref.runId === ref.runId && current.ref.at === ref.at;
    if (same && !force && current.request.phase !== 'error') return;
    const ticket = loads.begin();
    // Re-running keeps the old answer on screen until the new one lands.
    set(same ? { request: LOADING } : { ref, request: LOADING, shown: null });
    const result = await api['run.compare'](ref);
    if (!ticket.current()) return;
    set(result.ok ? { request: loaded(result), shown: result.value } : { request: loaded(result) });
  },
}));
