/**
 * The run rows of one little-workflow data dir: SQL aggregates per run, model-call usage
 * priced with the active table, lock owners, and a fold only for runs without a terminal event
 * (to tell crashed from running).
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { addModelCallUsage } from '../../../shared/fold/model-call-usage';
import type { UsageTotals } from '../../../shared/fold/run-state-types';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { emptyUsageTotals } from '../../../shared/pricing/usage-totals';
import { judgeOpenRun } from './judge-open-run';
import { listRunLocks, type LockState } from './lock-owners';
import type { DataDirReader, RunAggregate } from './store-types';

/** Run summaries of one opened data dir. */
export function summariseDataDir(reader: DataDirReader, table: PriceTable): { runs: RunSummary[]; diagnostics: Diagnostic[] } {
  const listed = reader.listRuns();
  if (!listed.ok) return { runs: [], diagnostics: [listed.error] };
  const diagnostics = [...listed.value.diagnostics];
  const usage = usageByRun(reader, table, diagnostics);
  const locks = new Map<string, LockState>();
  const lockRead = listRunLocks(reader.path, listed.value.runs.map((r) => r.runId));
  if (lockRead.ok) for (const lock of lockRead.value.locks) locks.set(lock.runId, lock.state);
  else diagnostics.push(lockRead.error);
  const runs = listed.value.runs.map((run) => {
    const summary = summariseRun(reader.path, run, usage.get(run.runId) ?? null);
    return summary.status === 'completed' || summary.status === 'failed'
      ? summary
      : { ...summary, ...judgeOpenRun(reader, run, locks.get(run.runId) ?? 'none', table) };
  });
  return { runs, diagnostics };
}

function usageByRun(reader: DataDirReader, table: PriceTable, diagnostics: Diagnostic[]): Map<string, UsageTotals> {
  const usage = new Map<string, UsageTotals>();
  for (const read of reader.readModelCallEvents()) {
    if (!read.ok) {
      // Undecodable rows are reported by `check`; a read failure matters here too.
      if (read.sequence === null) diagnostics.push(read.diagnostic);
      continue;
    }
    const runId = read.event.runId;
    usage.set(runId, addModelCallUsage(usage.get(runId) ?? emptyUsageTotals(), read.event, table));
  }
  return usage;
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
