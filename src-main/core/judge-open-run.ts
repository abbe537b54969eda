/**
 * The verdict for a run without a terminal event: still running, crashed, or (for the
 * orchestrated top run and planner runs) finished by its session. Only such runs are folded
 * for the run list; they are few (live or stopped), so the list stays cheap.
 */
import type { EventEnvelope } from '../../shared/events/envelope';
import { crashBoundary } from '../../shared/fold/crash/crash-boundary';
import type { LockOwnerFact } from '../../shared/fold/crash/crash-types';
import { materializeRunState } from '../../shared/fold/run-state';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { LockState } from '../store/lock-owners';
import type { DataDirReader, RunAggregate } from '../store/store-types';

const LOCK_FACT: Record<LockState, LockOwnerFact | undefined> = { running: 'alive', crashed: 'dead', none: 'none', unknown: undefined };

/** Status, crashed flag and reason for an open run; falls back to lock evidence when the log cannot be folded. */
export function judgeOpenRun(
  reader: DataDirReader,
  run: RunAggregate,
  lock: LockState,
  table: PriceTable,
): Pick<RunSummary, 'status' | 'statusInferred' | 'crashed' | 'verdict'> {
  const events: EventEnvelope[] = [];
  for (const read of reader.readEvents(run.runId)) {
    if (!read.ok) return fallback(run, lock, `the log cannot be folded (${read.diagnostic.code} at ${read.sequence ?? 'read'})`);
    events.push(read.event);
  }
  try {
    const state = materializeRunState(run.runId, events, { priceTable: table });
    const boundary = crashBoundary(events, state, { lockOwner: LOCK_FACT[lock] });
    const kind = boundary.verdict.kind;
    return {
      status: kind === 'completed' || kind === 'failed' ? kind : (boundary.inferredStatus?.status ?? state.status),
      statusInferred: boundary.verdict.inferred,
      crashed: kind === 'crashed',
      verdict: boundary.verdict.reason,
    };
  } catch (error) {
    return fallback(run, lock, `the log cannot be folded (${(error as Error).name}: ${(error as Error).message})`);
  }
}

function fallback(run: RunAggregate, lock: LockState, why: string): Pick<RunSummary, 'status' | 'statusInferred' | 'crashed' | 'verdict'> {
  const crashed = lock === 'crashed';
  return { status: run.status, statusInferred: false, crashed, verdict: `${why}; ${crashed ? 'run lock owner process is dead' : `lock: ${lock}`}` };
}
