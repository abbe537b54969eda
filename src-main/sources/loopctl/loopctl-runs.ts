/** Library rows and run details for loopctl data dirs (folded fresh from the ledger files). */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import type { DataDirInfo, RunSummary } from '../../../shared/library';
import { loopctlFindings, loopctlRunDetailView, loopctlRunSummary } from '../../../shared/run/loopctl-run-view';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import { readLoopctlDir } from './loopctl-reader';
import { pushAll } from '../../../shared/math/push-all';

/** The run rows of one loopctl data dir, and its diagnostics (with line numbers). */
export function summariseLoopctlDir(dataDir: string, table: PriceTable): { runs: RunSummary[]; diagnostics: Diagnostic[] } {
  const fold = readLoopctlDir(dataDir, table);
  return { runs: fold.runs.map((run) => loopctlRunSummary(run, dataDir)), diagnostics: fold.diagnostics };
}

/** `loadLibrary`'s entry for a loopctl data dir. */
export function loadLoopctlDataDir(dir: DataDirInfo, table: PriceTable, runs: RunSummary[]): DataDirInfo {
  const found = summariseLoopctlDir(dir.path, table);
  pushAll(runs, found.runs);
  return { ...dir, runCount: found.runs.length, diagnostics: [...dir.diagnostics, ...found.diagnostics] };
}

/** The run view's detail of one loopctl run, re-read from disk. */
export function loadLoopctlRunDetail(dataDir: string, runId: string, table: PriceTable, now = new Date()): Result<RunDetail> {
  const fold = readLoopctlDir(dataDir, table);
  const run = fold.runs.find((r) => r.id === runId);
  if (!run) return fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir }));
  const summary = loopctlRunSummary(run, dataDir);
  return ok(loopctlRunDetailView({ summary, run, findings: loopctlFindings(run, fold.diagnostics) }, table, now));
}
