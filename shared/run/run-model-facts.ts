/** What the run model needs besides the log: facts read from the data dir and the library. */
import type { LockOwnerFact, SubRunStatus } from '../fold/crash/crash-types';
import type { RunSummary } from '../library';
import type { LockInfo, RunRef } from './run-detail-types';

/** What the model needs besides the log: facts read from the data dir and the library. */
export type RunModelFacts = {
  ref: RunRef;
  /** The run's row in the library. */
  summary: RunSummary;
  /** Statuses of the other runs of the data dir (sub-runs of an orchestrated run). */
  subRunStatuses: Record<string, SubRunStatus>;
  lock: LockInfo;
  /** The lock as the crash boundary's fact (absent: unknown). */
  lockOwner?: LockOwnerFact;
  /** Set when an outer-loop manifest names this run as its pending cycle. */
  pendingCycle: { pendingCycleRunId?: string; outerLoopId?: string };
  /** Sequences of rows whose payload did not decode (they count for `lastSequence`), ascending. */
  undecodableSequences: readonly number[];
  /** When staleness of the price table is judged. */
  now: Date;
};
