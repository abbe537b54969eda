/**
 * Read what the run model needs for one run (its log, lock, outer-loop manifests and the
 * library's rows) and build it: the log is folded as it is read (library/checkpoints/
 * fold-checkpointed.ts, from the nearest trusted checkpoint) into the run accumulator, never
 * collected. The integrity check, which needs the disk (artifacts) and every byte, is returned
 * to run after the detail is sent; it reads the log again on its own.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { runFacts } from '../sources/little-workflow/run-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { checkRun } from '../sources/little-workflow/run-check';
import { foldRunAsync, type Checkpoints } from './checkpoints/fold-checkpointed';

/**
 * Inputs besides the log: the run's row in the library, its neighbours' statuses, the active
 * table, and the cache folder for fold checkpoints (null: memory only; absent: none).
 */
export type RunDetailContext = { summary: RunSummary; siblings: readonly RunSummary[]; table: PriceTable; cacheDir?: string | null };

/** Everything the run view shows, or a diagnostic when the run has no events. */
export async function loadRunDetail(reader: DataDirReader, runId: string, context: RunDetailContext, checkpoints: Checkpoints | null = null): Promise<Result<RunDetail>> {
  const parts = await loadRunDetailParts(reader, runId, context, checkpoints);
  return parts.ok ? ok({ ...parts.value.detail, findings: parts.value.checkFindings() }) : parts;
}

/** The facts of `runId` the model needs beside its log, read now. */
export function readRunModelFacts(
  reader: DataDirReader,
  runId: string,
  context: Pick<RunDetailContext, 'summary' | 'siblings'>,
  log: { undecodable: readonly UndecodableRow[] },
): RunModelFacts {
  // The source's facts of the run: its lock and the outer loop waiting on it.
  const facts = runFacts(reader.path, runId);
  const lock = facts.lock;
  return {
    ref: { dataDir: reader.path, runId },
    summary: context.summary,
    subRunStatuses: Object.fromEntries(context.siblings.map((s): [string, SubRunStatus] => [s.runId, s.crashed ? 'crashed' : s.status])),
    lock,
    lockOwner: LOCK_FACT[lock.state],
    pendingCycle: facts.pendingCycle ?? {},
    undecodableSequences: log.undecodable.map((u) => u.sequence),
    now: new Date(),
  };
}

/**
 * The detail without its integrity findings, and the check that finds them. The check
 * recomputes every eventId (canonical JSON + sha256) and reads artifacts and manifests: about
 * 1.4 s of a 200,000-event run's 3 s, so the run view gets the rest first.
 */
export async function loadRunDetailParts(
  reader: DataDirReader,
  runId: string,
  context: RunDetailContext,
  checkpoints: Checkpoints | null = null,
): Promise<Result<{ detail: RunDetail; checkFindings(): Diagnostic[] }>> {
  const fold = await foldRunAsync({ reader, runId, table: context.table, mode: 'detail', checkpoints });
  if (fold.accumulator.count === 0 && fold.undecodable.length === 0) {
    return fail(fold.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: reader.path }));
  }
  const detail = fold.accumulator.detail(readRunModelFacts(reader, runId, context, fold));
  const dataDir = reader.path;
  // The check sees every byte of every row (hashes over the payloads): its own read with its
  // own reader (the caller closes this one once the detail is sent).
  return ok({ detail, checkFindings: () => checkRunFromDisk(dataDir, runId) });
}

function checkRunFromDisk(dataDir: string, runId: string): Diagnostic[] {
  const reader = openDataDir(dataDir);
  if (!reader.ok) return [reader.error];
  try {
    return checkRun(reader.value, runId);
  } finally {
    reader.value.close();
  }
}
