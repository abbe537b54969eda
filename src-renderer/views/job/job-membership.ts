/** Whether a run has a Job tab (it belongs to a job of more than itself), and whether it is a job's root (time travel moves the root). */
import type { RunSummary } from '../../../shared/library';

type Row = Pick<RunSummary, 'runId' | 'dataDir' | 'parentRunId' | 'outerLoopId' | 'workflowVersionId'>;

/** An orchestrator, a sub-run, an outer-loop cycle, or a run that dispatched sub-runs. */
export function inJob(run: Row, runs: readonly Row[]): boolean {
  if (run.parentRunId !== null || run.outerLoopId !== null || run.workflowVersionId === 'orchestrated') return true;
  return runs.some((other) => other.parentRunId === run.runId && other.dataDir === run.dataDir);
}

/** The root of its job: nothing above it (an outer loop's cycles share the loop as their root). */
export function isJobRoot(run: Row): boolean {
  return run.parentRunId === null && run.outerLoopId === null;
}
