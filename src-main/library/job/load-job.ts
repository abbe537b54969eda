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
import { readOuterLoop } from '../../sources/little-workflow/outer-loops';
import { loadLibrary } from '../load-library';
import { loadJobAsOf } from './job-as-of';
import { readMember, type LoadJobOptions } from './read-member';

export type { LoadJobOptions } from './read-member';

/** The job that `runId` of the data dir `dataDir` belongs to. */
export function loadJob(dataDir: string, runId: string, options: LoadJobOptions): Result<Job> {
  const path = resolve(dataDir);
  const listed = options.runs === undefined ? loadLibrary(path, options.table) : ok({ runs: [...options.runs] });
  if (!listed.ok) return listed;
  const runs = listed.value.runs.filter((run) => run.dataDir === path);
  const found = jobMembers(runs, runId, outerLoopsOf(path, runs));
  if (found === null) return fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path }));
  if (options.at !== undefined) {
    // Time travel is the root's: its event numbers are the job's clock (a sub-run's #N means nothing to its siblings).
    if (found.kind === 'outer-loop' || found.root !== runId) {
      return fail(diagnostic('invalid-argument', `A job travels in time on its root's events: open ${found.root} as of #${options.at}`, { runId, path }));
    }
    return loadJobAsOf(path, found, runs, options, options.at);
  }
  const facts = new Map<string, MemberFacts>();
  for (const { summary } of found.members) facts.set(summary.runId, readMember(path, summary, runs, options).facts);
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
