/**
 * Crash detection for tailed runs: a run that is still open while its lock's owner pid is
 * dead has crashed (run end, reason `crashed`); a lock once held by a live process and now
 * gone, with no run terminal, means the process stopped (reason `stopped`).
 */
import type { Result } from '../../../shared/diagnostics';
import { readRunLock, type RunLockRead } from './lock-owners';
import type { LiveNotification } from '../../../shared/live/live-notifications';
import type { RunTail } from './run-tail';

/** Reads one run's lock; injectable for tests. */
export type LockReader = (dataDir: string, runId: string) => Result<Pick<RunLockRead, 'state'>>;

/** Check the locks of the open runs among `tails`; push `run.ended` notices to `out`. */
export function checkRunLocks(dataDir: string, tails: Iterable<RunTail>, out: LiveNotification[], readLock: LockReader = readRunLock): void {
  for (const tail of tails) {
    if (tail.phase !== 'active' || tail.position === 0 || tail.terminal) continue;
    const lock = readLock(dataDir, tail.runId);
    if (!lock.ok) continue;
    const state = lock.value.state;
    if (state === 'running') {
      tail.lockSeenAlive = true;
      continue;
    }
    if (state === 'crashed' || (state === 'none' && tail.lockSeenAlive)) {
      tail.phase = state === 'crashed' ? 'crashed' : 'ended';
      tail.lockSeenAlive = false;
      const reason = state === 'crashed' ? ('crashed' as const) : ('stopped' as const);
      out.push(Object.freeze({ kind: 'run.ended' as const, dataDir, runId: tail.runId, reason, summary: tail.summary() }));
    }
  }
}
