/**
 * A job read from one data dir (all runs and sub-runs of a Local World share its events.db;
 * outer-loop manifests sit beside it): the run list, the outer loops the runs name, then each
 * member's detail fold for its report (the totals) and its resume plan (what a resume of the
 * parent does to each sub-run). Nothing here writes: folds go through the reader and checkpoints.
 */
import { resolve } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { buildJob, jobMembers, type JobOuterLoop, type MemberFacts } from '../../../shared/job/job-tree';
import type { Job } from '../../../shared/job/job-types';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { readOuterLoop } from '../../sources/little-workflow/outer-loops';
import type { Checkpoints } from '../../engine/fold-log';
import { loadLibrary } from '../load-library';
import { loadRunDetailAt } from '../run-detail-at';

/** How the job's folds are priced and cached; `runs`: the data dir's run list when the caller has it (the app's library). */
export type LoadJobOptions = { table: PriceTable; checkpoints: Checkpoints | null; runs?: readonly RunSummary[] };

/** The job that `runId` of the data dir `dataDir` belongs to. */
export function loadJob(dataDir: string, runId: string, options: LoadJobOptions): Result<Job> {
  const path = resolve(dataDir);
  const listed = options.runs === undefined ? loadLibrary(path, options.table) : ok({ runs: [...options.runs] });
  if (!listed.ok) return listed;
  const runs = listed.value.runs.filter((run) => run.dataDir === path);
  const found = jobMembers(runs, runId, outerLoopsOf(path, runs));
  if (found === null) return fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
  const facts = new Map<string, MemberFacts>();
  for (const { summary } of found.members) facts.set(summary.runId, memberFacts(path, summary, runs, options));
  return ok(buildJob(path, found, facts));
}

function outerLoopsOf(path: string, runs: readonly RunSummary[]): Map<string, JobOuterLoop> {
  const loops = new Map<string, JobOuterLoop>();
  for (const id of new Set(runs.flatMap((run) => (run.outerLoopId === null ? [] : [run.outerLoopId])))) {
    const read = readOuterLoop(path, id);
    // A missing or corrupt manifest still leaves the cycle runs the log names.
    if (read.ok) loops.set(id, read.value.manifest);
  }
  return loops;
}

function memberFacts(path: string, summary: RunSummary, runs: RunSummary[], options: LoadJobOptions): MemberFacts {
  const detail = loadRunDetailAt(path, summary.runId, { table: options.table, checkpoints: options.checkpoints, context: { summary, siblings: runs } });
  if (!detail.ok) return { usage: null, reportError: detail.error.message, plan: null };
  const { report, reportError, boundary } = detail.value;
  const plan = boundary === null ? null : {
    applicable: boundary.resumePlan.applicable,
    subRuns: [...boundary.resumePlan.subRunsFastForwarded, ...boundary.resumePlan.subRunsAdopted, ...boundary.resumePlan.subRunsRedispatched]
      .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)),
    stepsSkipped: boundary.resumePlan.stepsSkipped.length,
    stepsResumed: boundary.resumePlan.stepsResumed.length,
    stepsRerun: boundary.resumePlan.stepsRerun.length,
  };
  if (report === null) return { usage: null, reportError: reportError ?? 'no report', plan };
  return { usage: report.total, reportError: null, plan };
}
