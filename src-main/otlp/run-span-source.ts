/**
 * Reading runs for export: which runs a command names (or every little-workflow run under the
 * root), and one run's spans from its log plus the facts beside it (lock owner, sub-run
 * statuses, outer-loop manifest), as the run view reads them (library/run-detail.ts).
 */
import { createHash } from 'node:crypto';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import type { DataDirInfo, RunSummary } from '../../shared/library';
import type { OtlpSpanData } from '../../shared/otlp/otlp-span-types';
import { runSpanInput, type RunSpanFacts } from '../../shared/otlp/run-span-input';
import { runSpans } from '../../shared/otlp/run-spans';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../library/load-library';
import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { readRunLock } from '../sources/little-workflow/lock-owners';
import { pendingCycleFor } from '../sources/little-workflow/outer-loop-facts';
import { readRunLogAsync } from '../sources/little-workflow/read-log-async';
import { readWorkflowVersion } from '../sources/little-workflow/workflow-versions';

/** node:crypto's sha256 as the hex function the pure id code takes. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The runs to export, the library they were found in, and named runs that are not there. */
export type ExportSelection = {
  runs: RunSummary[];
  library: RunSummary[];
  dataDirs: DataDirInfo[];
  missing: string[];
  skipped: Array<{ runId: string; reason: string }>;
};

/**
 * The named runs (or all) under `root`; names not found are listed in `missing`. loopctl
 * ledgers are skipped with a reason (their records are not mapped to spans yet).
 */
export function selectRuns(root: string, runIds: readonly string[] | 'all', table: PriceTable): Result<ExportSelection> {
  const library = loadLibrary(root, table);
  if (!library.ok) return library;
  const all = library.value.runs;
  const skipped: ExportSelection['skipped'] = [];
  const wanted: RunSummary[] = [];
  const candidates = runIds === 'all' ? all : [];
  const missing: string[] = [];
  if (runIds !== 'all') {
    for (const id of runIds) {
      const found = all.filter((r) => r.runId === id);
      if (found.length === 0) missing.push(id);
      candidates.push(...found);
    }
  }
  for (const run of candidates) {
    if (run.source === 'loopctl') skipped.push({ runId: run.runId, reason: 'loopctl ledgers are not exported over OTLP yet' });
    else wanted.push(run);
  }
  return ok({ runs: wanted, library: all, dataDirs: library.value.dataDirs, missing, skipped });
}

/** The log of one run; a run with no readable event is `run-not-found`. */
export async function readRunEvents(dataDir: string, runId: string, afterSequence = 0): Promise<Result<EventEnvelope[]>> {
  const opened = openDataDir(dataDir);
  if (!opened.ok) return opened;
  try {
    const log = await readRunLogAsync(opened.value, runId, afterSequence);
    if (log.events.length === 0 && afterSequence === 0) return fail(log.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir }));
    return ok(log.events);
  } finally {
    opened.value.close();
  }
}

/** Facts outside the log: the lock owner, the statuses of runs it may link to, the outer loop. */
export function runFactsFor(dataDir: string, runId: string, library: readonly RunSummary[], workflowVersionId?: string): RunSpanFacts {
  const lock = readRunLock(dataDir, runId);
  const version = workflowVersionId === undefined ? null : readWorkflowVersion(dataDir, workflowVersionId);
  const subRunStatuses = Object.fromEntries(library.map((s): [string, SubRunStatus] => [s.runId, s.crashed ? 'crashed' : s.status]));
  return {
    lockOwner: lock.ok ? LOCK_FACT[lock.value.state] : undefined,
    subRunStatuses,
    ...pendingCycleFor(dataDir, runId),
    ...(version?.ok ? { workflow: { name: version.value.name, version: version.value.version } } : {}),
  };
}

/** Every span of one run. */
export function spansOf(
  run: { dataDir: string; runId: string },
  events: readonly EventEnvelope[],
  table: PriceTable,
  library: readonly RunSummary[],
  content: boolean,
): OtlpSpanData[] {
  const versionId = events.map((e) => (e.type === 'RunStarted' || e.type === 'WorkflowVersionRegistered' ? (e.payload as { workflowVersionId?: unknown } | null)?.workflowVersionId : undefined)).find((v): v is string => typeof v === 'string');
  const input = runSpanInput(run.runId, events, table, runFactsFor(run.dataDir, run.runId, library, versionId));
  return runSpans(input, { content, sha256Hex });
}
