/**
 * Read what the run model needs for one run (its log, lock, outer-loop manifests and the
 * library's rows) and fold it: the log is folded as it is read (fold-log.ts, from
 * the cheapest trusted resume point) into the run accumulator, never
 * collected. The run view's head is cut from the fold, the lists are built from it next, and
 * the integrity check, which needs the disk (artifacts) and every byte, is returned to run
 * after both are sent; it reads the log again on its own.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { SubRunStatus } from '../../shared/fold/crash/crash-types';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { factsIfDiedAfterCut } from '../../shared/run/as-of-facts';
import { joinRunDetail, runDetailLists, type FoldedRun } from '../../shared/run/folded-run';
import type { RunDetail } from '../../shared/run/run-detail-types';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { runFacts } from '../sources/little-workflow/run-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { LOCK_FACT } from '../sources/little-workflow/judge-open-run';
import { checkRunAsync } from '../sources/little-workflow/run-check';
import { foldLogAsync, type Checkpoints } from './fold-log';
import { cachedHead, rememberHead } from './head-cache';
import { checkWholeRunKept } from './check-cache';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import { runDisplayStatus } from '../../shared/status/display-status';

/**
 * Inputs besides the log: the run's row in the library, its neighbours' statuses, and the active
 * table; `upto` builds the run as of that event, as if its writer had died right after it;
 * `cacheDir` is where fold checkpoints are kept (null or absent: memory only).
 */
export type RunDetailContext = { summary: RunSummary; siblings: readonly RunSummary[]; table: PriceTable; upto?: number; cacheDir?: string | null };

/** Everything the run view shows, or a diagnostic when the run has no events. */
export async function loadRunDetail(reader: DataDirReader, runId: string, context: RunDetailContext, checkpoints: Checkpoints | null = null): Promise<Result<RunDetail>> {
  const parts = await loadRunDetailParts(reader, runId, context, checkpoints);
  if (!parts.ok) return parts;
  const { folded, checkFindingsAsync, leaveCheckpoint } = parts.value;
  const detail = joinRunDetail(folded.core, runDetailLists(folded, context.table));
  leaveCheckpoint();
  // Nothing stops this check, so it always answers.
  return ok({ ...detail, findings: (await checkFindingsAsync()) ?? [] });
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
    subRunStatuses: Object.fromEntries(context.siblings.map((s): [string, SubRunStatus] => [s.runId, runDisplayStatus(s)])),
    lock,
    lockOwner: LOCK_FACT[lock.state],
    pendingCycle: facts.pendingCycle ?? {},
    undecodableSequences: log.undecodable.map((u) => u.sequence),
    now: new Date(),
  };
}

/**
 * The run folded (the head is cut from it, the lists built from it), the checkpoint of the fold
 * (left when `leaveCheckpoint` is called: serialising a 200,000-event detail fold takes about a
 * second, so the worker sends the head first), and the integrity check, which recomputes every
 * eventId and reads artifacts and manifests, so the run view gets the rest first.
 */
export async function loadRunDetailParts(
  reader: DataDirReader,
  runId: string,
  context: RunDetailContext,
  checkpoints: Checkpoints | null = null,
): Promise<Result<DetailParts>> {
  const { upto } = context;
  // As of N, moves leave checkpoints on the way, so the next move starts near where it lands; the
  // whole log's fold leaves a snapshot at its end where they are kept, so a first move to the end starts there.
  const whole = upto === undefined;
  const fold = await foldLogAsync({ reader, runId, table: context.table, mode: 'detail', upto, checkpoints, leave: whole ? 'tail' : 'boundaries', deferTail: true, snapshotAtTail: whole });
  if (fold.accumulator.count === 0 && fold.undecodable.length === 0) {
    return fail(fold.readFailures[0] ?? diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: reader.path }));
  }
  const facts = factsAsOf(readRunModelFacts(reader, runId, context, fold), upto);
  const folded = fold.accumulator.folded(facts, upto);
  const dataDir = reader.path;
  // The check sees every byte of every row up to the cut (later rows are not part of that run
  // yet): its own read with its own reader (the caller closes this one once the tail is left).
  return ok({
    folded,
    resumedFrom: fold.resumedFrom,
    leaveCheckpoint: fold.leaveTail,
    checkFindingsAsync: (stop) => checkRunFromDiskAsync(dataDir, runId, upto, stop, { table: context.table, checkpoints }),
    // Only the whole log's head is kept: time travel's heads are cut at every N.
    rememberHead: (head, when) => {
      if (checkpoints === null || upto !== undefined) return;
      // Where the fold ended and its digest: read now, so a fold whose keys wait reads them here;
      // or, as the head is sent, by the database's state alone (no key read yet).
      const reach = fold.reached({ byState: when === 'now' });
      if (reach !== null) rememberHead(checkpoints, reach, facts, head);
    },
  });
}

/**
 * A run folded up to its cut (the head is cut from it, the lists built from it) and its later
 * stages: `leaveCheckpoint` leaves the fold's tail checkpoint (after the head and lists are sent),
 * the integrity check; `rememberHead` keeps the head cut from it beside its checkpoints
 * (head-cache.ts: the kept head, a resume point of the head stage).
 */
export type DetailParts = {
  folded: FoldedRun;
  /** The sequence the fold resumed after (its resume point's; 0: the first event). */
  resumedFrom: number;
  leaveCheckpoint(): void;
  /** The check in slices (the worker serves other requests between them); null once `stop()` says it is no longer wanted. */
  checkFindingsAsync(stop?: () => boolean): Promise<Diagnostic[] | null>;
  /**
   * `now`: as the head is sent, kept by the database's state alone (a server stopped right after
   * the overview still leaves it); `settled`: again with its rows' digest (the fold's keys read),
   * so it also holds once other runs' rows change the database.
   */
  rememberHead(head: RunHeadCore, when: 'now' | 'settled'): void;
};

/**
 * The head of the whole run kept from an earlier fold, when the log and the facts its crash
 * boundary was judged with still match (checkpoints/head-cache.ts); null: fold it.
 */
export function loadCachedHead(reader: DataDirReader, runId: string, context: RunDetailContext, checkpoints: Checkpoints | null): RunHeadCore | null {
  if (checkpoints === null || context.upto !== undefined) return null;
  return cachedHead(checkpoints, reader, runId, context.table, readRunModelFacts(reader, runId, context, { undecodable: [] }));
}

/**
 * The facts of a build as of event `upto` (none: the whole log with today's facts): the one place
 * the app's time travel and `plan --at` take "as if it had died right after N" from.
 */
export function factsAsOf(facts: RunModelFacts, upto: number | undefined): RunModelFacts {
  if (upto === undefined) return facts;
  return { ...factsIfDiedAfterCut(facts), ref: { ...facts.ref, at: upto } };
}

/**
 * The integrity findings of `runId` (up to `upto`), read with a reader of its own, in slices (the
 * worker serves other requests between them); null once `stop()` says they are no longer wanted.
 * `kept`: the whole log's check is kept in (and taken from) these checkpoints (check-cache.ts).
 */
export async function checkRunFromDiskAsync(
  dataDir: string,
  runId: string,
  upto: number | undefined,
  stop?: () => boolean,
  kept?: { table: PriceTable; checkpoints: Checkpoints | null },
): Promise<Diagnostic[] | null> {
  if (upto === undefined && kept !== undefined && kept.checkpoints !== null) return checkWholeRunKept(dataDir, runId, kept.table, kept.checkpoints, stop);
  const reader = openDataDir(dataDir);
  if (!reader.ok) return [reader.error];
  try {
    return await checkRunAsync(reader.value, runId, upto, stop);
  } finally {
    reader.value.close();
  }
}
