/**
 * Build the library snapshot for a root: discovery, then per data dir the SQL run facts,
 * model-call usage priced with the active table, and lock owners.
 *
 * Synchronous and plain (the CLI calls it directly); the core runs it in the worker thread
 * (workers/run-detail-worker.ts), because judging open runs folds their whole logs.
 */
import { fail, type Diagnostic, type Result } from '../../shared/diagnostics';
import { addModelCallUsage } from '../../shared/fold/model-call-usage';
import type { UsageTotals } from '../../shared/fold/run-state-types';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { pricingProvenance } from '../../shared/pricing/staleness';
import { emptyUsageTotals } from '../../shared/pricing/usage-totals';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { discover } from '../sources/fs/discovery';
import { listRunLocks, type LockState } from '../sources/little-workflow/lock-owners';
import { judgeOpenRun } from '../sources/little-workflow/judge-open-run';
import { loadLoopctlDataDir } from '../sources/loopctl/loopctl-runs';
import type { DataDirReader, RunAggregate } from '../sources/little-workflow/store-types';

/** Discover and summarise everything under `root`; fails only when no data dir is found. */
export function loadLibrary(root: string, table: PriceTable = BUNDLED_PRICE_TABLE): Result<LibrarySnapshot> {
  const discovery = discover(root, { countRuns: false });
  if (discovery.dataDirs.length === 0) {
    const first = discovery.diagnostics.find((d) => d.severity === 'error') ?? discovery.diagnostics[0];
    return fail(first ?? { code: 'not-a-data-dir', severity: 'error', message: `No data dir under ${root}`, path: root });
  }
  const runs: RunSummary[] = [];
  const dataDirs: DataDirInfo[] = discovery.dataDirs.map((dir) => {
    if (dir.format === 'loopctl') return loadLoopctlDataDir(dir, table, runs);
    const opened = openDataDir(dir.path);
    if (!opened.ok) return { ...dir, diagnostics: [...dir.diagnostics, opened.error] };
    try {
      const found = summariseDataDir(opened.value, table);
      runs.push(...found.runs);
      return { ...dir, runCount: found.runs.length, diagnostics: [...dir.diagnostics, ...found.diagnostics] };
    } finally {
      opened.value.close();
    }
  });
  return { ok: true, value: { root: discovery.root, dataDirs, runs, diagnostics: discovery.diagnostics, pricing: pricingProvenance(table, new Date()) } };
}

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
    const summary = summarise(reader.path, run, usage.get(run.runId) ?? null);
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

function summarise(dataDir: string, run: RunAggregate, usage: UsageTotals | null): RunSummary {
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
  };
}
