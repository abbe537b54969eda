/**
 * The run rows of one little-workflow data dir: SQL aggregates per run, model-call usage
 * priced with the active table, lock owners, and a fold only for runs without a terminal event
 * (to tell crashed from running) or ending inside a model call (its cost is unknown).
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { modelCallBalance } from '../../../shared/fold/model-call-balance';
import { addModelCallUsage, isUsageCallType } from '../../../shared/fold/model-call-usage';
import type { UsageTotals } from '../../../shared/fold/run-state-types';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { emptyUsageTotals } from '../../../shared/pricing/usage-totals';
import { finishedRunInFlight, judgeOpenRun } from './judge-open-run';
import { listRunLocks, type LockState } from './lock-owners';
import type { DataDirReader, RunAggregate } from './store-types';

/** Run summaries of one opened data dir (`only`: of these runs alone, each row as in the whole list). */
export function summariseDataDir(reader: DataDirReader, table: PriceTable, only?: ReadonlySet<string>): { runs: RunSummary[]; diagnostics: Diagnostic[] } {
  const listed = reader.listRuns(only);
  if (!listed.ok) return { runs: [], diagnostics: [listed.error] };
  const diagnostics = [...listed.value.diagnostics];
  // Only failed runs are weighed: a run fails on a call's timeout, and reading every run's asked
  // calls cost the list of a 1M-event run 2.5x its time. A completed or open run is never weighed
  // (open runs are folded below anyway).
  const failed = listed.value.runs.filter((run) => run.status === 'failed').map((run) => run.runId);
  const { usage, balance } = modelCallsByRun(reader, table, failed, diagnostics, only);
  const locks = new Map<string, LockState>();
  const lockRead = listRunLocks(reader.path, listed.value.runs.map((r) => r.runId));
  if (lockRead.ok) for (const lock of lockRead.value.locks) locks.set(lock.runId, lock.state);
  else diagnostics.push(lockRead.error);
  const runs = listed.value.runs.map((run) => {
    const summary = summariseRun(reader.path, run, usage.get(run.runId) ?? null);
    const lock = locks.get(run.runId) ?? 'none';
    if (summary.status !== 'completed' && summary.status !== 'failed') return { ...summary, ...judgeOpenRun(reader, run, lock, table) };
    return (balance.get(run.runId) ?? 0) > 0 ? { ...summary, ...finishedRunInFlight(reader, run, lock, table) } : summary;
  });
  return { runs, diagnostics };
}

/** Priced usage per run, and asked-minus-answered model calls (model-call-balance.ts) of the `weighed` runs, from one read. */
function modelCallsByRun(
  reader: DataDirReader,
  table: PriceTable,
  weighed: readonly string[],
  diagnostics: Diagnostic[],
  only: ReadonlySet<string> | undefined,
): { usage: Map<string, UsageTotals>; balance: Map<string, number> } {
  const usage = new Map<string, UsageTotals>();
  const balance = new Map<string, number>();
  for (const read of reader.readModelCallEvents(weighed, only)) {
    if (!read.ok) {
      // Undecodable rows are reported by `check`; a read failure matters here too.
      if (read.sequence === null) diagnostics.push(read.diagnostic);
      continue;
    }
    const runId = read.event.runId;
    const step = modelCallBalance(read.event);
    if (step !== 0) balance.set(runId, (balance.get(runId) ?? 0) + step);
    // Only answers are usage: an asked call or a failure alone leaves a run without totals (no model calls).
    if (isUsageCallType(read.event.type)) usage.set(runId, addModelCallUsage(usage.get(runId) ?? emptyUsageTotals(), read.event, table));
  }
  return { usage, balance };
}

/** The run-list row of one run from its aggregate and its priced model-call usage (null: none), before any open-run judging. */
export function summariseRun(dataDir: string, run: RunAggregate, usage: UsageTotals | null): RunSummary {
  const terminal = run.status === 'completed' || run.status === 'failed';
  return {
    runId: run.runId,
    dataDir,
    status: run.status,
    statusInferred: false,
    crashed: false,
    verdict: null,
    eventCount: run.eventCount,
    lastSequence: run.maxSequence,
    startedAt: run.firstRecordedAt,
    finishedAt: terminal ? run.lastRecordedAt : null,
    lastEventType: run.lastEventType,
    parentRunId: run.parentRunId,
    outerLoopId: run.outerLoopId,
    workflowVersionId: run.workflowVersionId,
    label: run.label,
    tags: run.tags,
    inputTokens: usage ? usage.inputTokens : 0,
    outputTokens: usage ? usage.outputTokens : 0,
    costUsd: usage ? usage.costUsd : 0,
    // Only when some: a priced total that leaves calls out is a lower bound, and the list says so.
    ...(usage !== null && usage.unpricedCalls > 0 ? { unpricedCalls: usage.unpricedCalls } : {}),
  };
}
