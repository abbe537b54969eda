/**
 * The verdict for a run without a terminal event: still running, crashed, or (for the
 * orchestrated top run and planner runs) finished by its session; and the calls in flight of a
 * finished run that asked for more than it was answered. Only such runs are folded for the run
 * list; they are few (live, stopped, or failed mid call), so the list stays cheap. The fold is the
 * run view's tolerant one, so the list and the run view always agree.
 */
import type { CrashBoundary, LockOwnerFact } from '../../../shared/fold/crash/crash-types';
import type { MaterializedRunState } from '../../../shared/fold/run-state-types';
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
  const folded = foldBoundary(reader, run, lock, table);
  if (!folded.ok) return { status: run.status, statusInferred: false, crashed: lock === 'crashed', verdict: `the log cannot be read (${folded.failure})` };
  const { state, boundary } = folded;
  const kind = boundary.verdict.kind;
  return {
    status: kind === 'completed' || kind === 'failed' ? kind : (boundary.inferredStatus?.status ?? state.status),
    statusInferred: boundary.verdict.inferred,
    crashed: kind === 'crashed',
    verdict: boundary.verdict.reason,
    ...inFlightOf(boundary),
  };
}

/**
 * The calls in flight of a finished run whose log asks for more model calls than it answers
 * (shared/fold/model-call-balance.ts): a run that failed on a call's timeout. Its status stays
 * the aggregate's; only the fold's crash boundary says which calls are still open.
 */
export function finishedRunInFlight(reader: DataDirReader, run: RunAggregate, lock: LockState, table: PriceTable): Pick<RunSummary, 'inFlightCalls'> {
  const folded = foldBoundary(reader, run, lock, table);
  return folded.ok ? inFlightOf(folded.boundary) : {};
}

// Calls the log ends inside cost something nobody recorded: the row's cost is then no measured figure.
function inFlightOf(boundary: CrashBoundary): Pick<RunSummary, 'inFlightCalls'> {
  const inFlightCalls = inFlightModelCalls(boundary.inFlight);
  return inFlightCalls > 0 ? { inFlightCalls } : {};
}

type FoldedBoundary = { ok: true; state: MaterializedRunState; boundary: CrashBoundary } | { ok: false; failure: string };

function foldBoundary(reader: DataDirReader, run: RunAggregate, lock: LockState, table: PriceTable): FoldedBoundary {
  // Folded as it is read (the run accumulator), never collected: a crashed 200,000-event run
  // costs the library load its fold, not its events.
  const accumulator = RunAccumulator.create(run.runId, table);
  let readFailure: string | null = null;
  for (const read of reader.readEvents(run.runId)) {
    if (read.ok) accumulator.add(read.event);
    else if (read.sequence === null) readFailure ??= read.diagnostic.code;
  }
  if (readFailure !== null && accumulator.count === 0) return { ok: false, failure: readFailure };
  const { state, boundary } = accumulator.boundary({ lockOwner: LOCK_FACT[lock] });
  return { ok: true, state, boundary };
}
