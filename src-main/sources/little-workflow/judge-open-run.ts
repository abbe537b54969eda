/**
 * The verdict for a run without a terminal event: still running, crashed, or (for the
 * orchestrated top run and planner runs) finished by its session. Only such runs are folded
 * for the run list; they are few (live or stopped), so the list stays cheap. The fold is the
 * run view's tolerant one, so the list and the run view always agree.
 */
import type { LockOwnerFact } from '../../../shared/fold/crash/crash-types';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import type { LockState } from './lock-owners';
import type { DataDirReader, RunAggregate } from './store-types';
import { RunAccumulator } from '../../../shared/run/run-accumulator';
import { inFlightModelCalls } from '../../../shared/fold/crash/in-flight-calls';

/** Lock states as the crash boundary's lock-owner facts (`unknown` gives no fact). */
export const LOCK_FACT: Record<LockState, LockOwnerFact | undefined> = { running: 'alive', crashed: 'dead', none: 'none', unknown: undefined };

/** Status, crashed flag and reason for an open run. */
export function judgeOpenRun(
  reader: DataDirReader,
  run: RunAggregate,
  lock: LockState,
  table: PriceTable,
): Pick<RunSummary, 'status' | 'statusInferred' | 'crashed' | 'verdict' | 'inFlightCalls'> {
  // Folded as it is read (the run accumulator), never collected: a crashed 200,000-event run
  // costs the library load its fold, not its events.
  const accumulator = RunAccumulator.create(run.runId, table);
  let readFailure: string | null = null;
  for (const read of reader.readEvents(run.runId)) {
    if (read.ok) accumulator.add(read.event);
    else if (read.sequence === null) readFailure ??= read.diagnostic.code;
  }
  if (readFailure !== null && accumulator.count === 0) {
    return { status: run.status, statusInferred: false, crashed: lock === 'crashed', verdict: `the log cannot be read (${readFailure})` };
  }
  const { state, boundary } = accumulator.boundary({ lockOwner: LOCK_FACT[lock] });
  const kind = boundary.verdict.kind;
  // Calls the log ends inside cost something nobody recorded: the row's cost is then no measured figure.
  const inFlightCalls = inFlightModelCalls(boundary.inFlight);
  return {
    status: kind === 'completed' || kind === 'failed' ? kind : (boundary.inferredStatus?.status ?? state.status),
    statusInferred: boundary.verdict.inferred,
    crashed: kind === 'crashed',
    verdict: boundary.verdict.reason,
    ...(inFlightCalls > 0 ? { inFlightCalls } : {}),
  };
}
