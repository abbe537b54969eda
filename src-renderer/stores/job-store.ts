/** Job domain store: the job the open run belongs to (`job.get`), as of the root's event #at when time travelling. */
import { create } from 'zustand';
import type { Job } from '../../shared/job/job-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import { latestWins } from '../../shared/async/latest-wins';
import { api } from '../api';
import { IDLE, LOADING, loaded, type Load } from './load';

export type JobState = {
  ref: RunRef | null;
  /** Where the latest request stands. */
  request: Load<Job>;
  /** The last job that arrived: kept on screen while time travel asks for another position. */
  shown: Job | null;
  /** Load the job of `ref` (only when another run or position is asked for, or the last load failed). */
  load(ref: RunRef): Promise<void>;
};

// The latest request wins: scrubbing through time drops answers to older positions.
const loads = latestWins();

export const useJobStore = create<JobState>()((set, get) => ({
  ref: null,
  request: IDLE,
  shown: null,

  async load(ref) {
    const current = get();
    const same = current.ref?.dataDir === ref.dataDir && current.ref.runId === ref.runId;
    if (same && current.ref?.at === ref.at && current.request.phase !== 'error') return;
    const ticket = loads.begin();
    // Another position of the same job keeps the tree on screen until the new one lands.
    set(same ? { ref, request: LOADING } : { ref, request: LOADING, shown: null });
    const result = await api['job.get'](ref);
    if (!ticket.current()) return;
    set(result.ok ? { request: loaded(result), shown: result.value } : { request: loaded(result) });
  },
}));
