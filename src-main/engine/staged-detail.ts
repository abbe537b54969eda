/**
 * A run's detail in stages (head → lists → findings), as the worker serves it: the head is
 * answered first (the kept head when the run is unchanged, else cut from the fold), and the
 * later stages are handed back to run once it is sent. The thread around it (run-detail-worker.ts)
 * only posts the stages and skips those a later move made stale (travel-moves.ts).
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { headOfFolded } from '../../shared/run/run-head';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import { modelDataOfFolded, type RunModelData } from '../../shared/run/run-model';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { Checkpoints } from './fold-log';
import { keptCheck } from './check-cache';
import { withArtifactFindings } from '../sources/little-workflow/run-check';
import { checkRunFromDiskAsync, loadCachedHead, loadRunDetailParts, type RunDetailContext } from './run-stages';

/**
 * The head and the stages to run once it is sent: the lists, the fold's checkpoint (`after`),
 * then the integrity check. Absent stages: the head failed, nothing follows.
 */
export type StagedDetail = {
  result: Result<RunHeadCore>;
  lists?: () => Promise<Result<RunModelData>>;
  after?: () => void;
  /** The integrity check in slices, null once `stop()` says it is no longer wanted (a later move). */
  findings?: (stop?: () => boolean) => Promise<Result<Diagnostic[]> | null>;
  /** The findings are at hand (kept: check-cache.ts): sent before the lists. */
  findingsFirst?: boolean;
  /** Close what the later stages still read (the fold's reader); called once they are done or skipped. */
  release?: () => void;
};

/**
 * Build `runId`'s detail in stages with its own reader (closed by `release`, or at once on failure); never throws.
 * `beforeLists`: what the lists wait for once the head is kept (the worker's other heads: heads-first.ts).
 */
export async function stagedDetail(
  dataDir: string,
  runId: string,
  context: RunDetailContext,
  checkpoints: Checkpoints,
  beforeLists: () => Promise<void> = async () => {},
): Promise<StagedDetail> {
  const failed = (error: unknown) => fail(diagnostic('internal', `detail of ${runId} failed: ${(error as Error).message}`, { runId }));
  const guarded =
    <T,>(stage: () => T) =>
    (): Result<T> => {
      try {
        return ok(stage());
      } catch (error) {
        return failed(error);
      }
    };
  const reader = openDataDir(dataDir);
  if (!reader.ok) return { result: reader };
  // A run's fold keeps its reader until its tail is left: its digest's keys may still be read then.
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    reader.value.close();
  };
  let handedOver = false;
  try {
    const { table } = context;
    // Reopening an unchanged run: its kept head now, the fold (from its checkpoint) for the lists next.
    const cached = loadCachedHead(reader.value, runId, context, checkpoints);
    if (cached !== null) {
      // The kept check's note only: its artifacts are read in the findings stage, after the head is sent.
      const kept = keptCheck(reader.value, runId, table, checkpoints);
      return {
        result: ok(cached),
        lists: async () => {
          const again = openDataDir(dataDir);
          if (!again.ok) return again;
          try {
            const parts = await loadRunDetailParts(again.value, runId, context, checkpoints);
            if (!parts.ok) return parts;
            const lists = guarded(() => modelDataOfFolded(parts.value.folded, table, new Date()))();
            parts.value.leaveCheckpoint();
            return lists;
          } catch (error) {
            return failed(error);
          } finally {
            again.value.close();
          }
        },
        ...(kept === null
          ? { findings: checked(() => checkRunFromDiskAsync(dataDir, runId, undefined, undefined, { table, checkpoints })) }
          : // Kept and still holding (check-cache.ts): sent before the lists, which fold from the checkpoint.
            { findings: checked(async () => withArtifactFindings(kept, dataDir, runId)), findingsFirst: true }),
      };
    }
    const parts = await loadRunDetailParts(reader.value, runId, context, checkpoints);
    if (!parts.ok) return { result: parts };
    const { folded, checkFindingsAsync, leaveCheckpoint, rememberHead } = parts.value;
    // The head first (the overview needs no list), then the lists; the checkpoint after them.
    const head = headOfFolded(folded, table);
    // The head is kept as it is sent (a file of a few KB, valid while the database is unchanged): a
    // server stopped right after the overview still leaves its cached reopening. Kept again with
    // its digest before the lists (the keys are read once, the checkpoint then reuses them). A
    // failure to keep it must cost neither the head nor the lists.
    guarded(() => rememberHead(head, 'now'))();
    handedOver = true;
    return {
      result: ok(head),
      // A move asked meanwhile goes between keeping the head and building the lists.
      lists: async () => {
        guarded(() => rememberHead(head, 'settled'))();
        await beforeLists();
        return guarded(() => modelDataOfFolded(folded, table, new Date()))();
      },
      after: guarded(() => {
        try {
          leaveCheckpoint();
        } finally {
          release();
        }
      }),
      findings: checked(checkFindingsAsync),
      release,
    };
  } catch (error) {
    return { result: failed(error) };
  } finally {
    if (!handedOver) release();
  }
}

/** `check` with a throw turned into a diagnostic, keeping its null (stopped). */
function checked(check: (stop?: () => boolean) => Promise<Diagnostic[] | null>): (stop?: () => boolean) => Promise<Result<Diagnostic[]> | null> {
  return async (stop) => {
    try {
      const found = await check(stop);
      return found === null ? null : ok(found);
    } catch (error) {
      return fail(diagnostic('internal', `the integrity check failed: ${(error as Error).message}`));
    }
  };
}
