/**
 * The verdict for a run without a terminal event: still running, crashed, or (for the
 * orchestrated top run and planner runs) finished by its session. Only such runs are folded
 * for the run list; they are few (live or stopped), so the list stays cheap. The fold is the
 * run view's tolerant one, so the list and the run view always agree.
 */
import { crashBoundary } from '../../../shared/fold/crash/crash-boundary';
import type { LockOwnerFact } from '../../../shared/fold/crash/crash-types';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import type { LockState } from './lock-owners';
import type { DataDirReader, RunAggregate } from './store-types';
import { foldTolerant } from '../../../shared/run/fold-tolerant';
import { readRunLog } from './run-check';

/** Lock states as the crash boundary's lock-owner facts (`unknown` gives no fact). */
export const LOCK_FACT: Record<LockState, LockOwnerFact | undefined> = { running: 'alive', crashed: 'dead', none: 'none', unknown: undefined };

/** Status, crashed flag and reason for an open run. */
export function judgeOpenRun(
  reader: DataDirReader,
  run: RunAggregate,
  lock: LockState,
  table: PriceTable,
): Pick<RunSummary, 'status' | 'statusInferred' | 'crashed' | 'verdict'> {
  const log = readRunLog(reader, run.runId);
  if (log.readFailures.length > 0 && log.events.length === 0) {
    return { status: run.status, statusInferred: false, crashed: lock === 'crashed', verdict: `the log cannot be read (${log.readFailures[0].code})` };
  }
  const { state } = foldTolerant(run.runId, log.events, table);
  const boundary = crashBoundary(log.events, state, { lockOwner: LOCK_FACT[lock] });
  const kind = boundary.verdict.kind;
  return {
    status: kind === 'completed' || kind === 'failed' ? kind : (boundary.inferredStatus?.status ?? state.status),
    statusInferred: boundary.verdict.inferred,
    crashed: kind === 'crashed',
    verdict: boundary.verdict.reason,
  };
}
