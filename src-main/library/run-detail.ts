/**
 * Read what the run model needs for one run (its log, lock, outer-loop manifests and the
 * library's rows) and fold it with the pure `foldRun` (shared/run): the run view's head is cut
 * from the fold, the lists are built from it next, and the integrity check, which needs the
 * disk (artifacts), is returned to run after both are sent.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { eventsUpTo, foldRun, joinRunDetail, type FoldedRun, type RunModelFacts } from '../../shared/run/build-run-detail';
import { factsIfDiedAfterCut } from '../../shared/run/as-of-facts';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { runFacts } from '../sources/little-workflow/run-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';
import { readRunLogAsync } from '../sources/little-workflow/read-log-async';
import { checkRunLog, type RunLog } from '../sources/little-workflow/run-check';

/**
 * Inputs besides the log: the run's row in the library, its neighbours' statuses, and the active
 * table; `upto` builds the run as of that event, as if its writer had died right after it.
 */
export type RunDetailContext = { summary: RunSummary; siblings: readonly RunSummary[]; table: PriceTable; upto?: number };

/** Everything the run view shows, or a diagnostic when the run has no events. */
export async function loadRunDetail(reader: DataDirReader, runId: string, context: RunDetailContext): Promise<Result<RunDetail>> {
  const parts = await loadRunDetailParts(reader, runId, context);
  if (!parts.ok) return parts;
  const { folded, checkFindings } = parts.value;
  return ok({ ...joinRunDetail(folded.core, folded.lists()), findings: checkFindings() });
}

/** The facts of `runId` the model needs beside its log, read now. */
export function readRunModelFacts(reader: DataDirReader, runId: string, context: RunDetailContext, log: RunLog): RunModelFacts {
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
 * The run folded (the head is cut from it, the lists built from it), and the integrity check.
 * The check recomputes every eventId (canonical JSON + sha256) and reads artifacts and
 * manifests: about 1.4 s of a 200,000-event run's 3 s, so the run view gets the rest first.
 */
export async function loadRunDetailParts(
  reader: DataDirReader,
  runId: string,
  context: RunDetailContext,
): Promise<Result<{ folded: FoldedRun; checkFindings(): Diagnostic[] }>> {
  const log = await readRunLogAsync(reader, runId);
  if (log.events.length === 0 && log.undecodable.length === 0) {
    return fail(log.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: reader.path }));
  }
  const { upto } = context;
  const facts = factsAsOf(readRunModelFacts(reader, runId, context, log), upto);
  const folded = foldRun({ events: log.events, facts, table: context.table, upto });
  const dataDir = reader.path;
  // As of N the check covers the rows up to N: later rows are not part of that run yet.
  const checked: RunLog = upto === undefined ? log : { ...log, events: [...eventsUpTo(log.events, upto)], undecodable: [...eventsUpTo(log.undecodable, upto)] };
  return ok({ folded, checkFindings: () => checkRunLog(dataDir, runId, checked) });
}

/**
 * The facts of a build as of event `upto` (none: the whole log with today's facts): the one place
 * the app's time travel and `plan --at` take "as if it had died right after N" from.
 */
export function factsAsOf(facts: RunModelFacts, upto: number | undefined): RunModelFacts {
  if (upto === undefined) return facts;
  return { ...factsIfDiedAfterCut(facts), ref: { ...facts.ref, at: upto } };
}
