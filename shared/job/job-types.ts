/**
 * One job across scopes: an orchestrator with its planners and sub-runs, an outer loop with its
 * cycles, or a plain run with whatever it dispatched. What `little-inspector job` prints and the
 * Job view draws (issue 35); built by `job-tree.ts` from the run list and each run's report.
 */
import type { RunStatus } from '../library';
import type { SubRunAction, SubRunStatus } from '../fold/crash/crash-types';

/** What a run is to its job. */
export type JobRole = 'orchestrator' | 'planner' | 'sub-run' | 'cycle' | 'run';

/** Usage summed over a run or a job (a run's `report` TOTAL row; `null` cost only when nothing could be priced). */
export type JobUsage = {
  costUsd: number | null;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  pricedCalls: number;
  unpricedCalls: number;
};

/** One run of the job. */
export type JobRun = JobUsage & {
  runId: string;
  parentRunId: string | null;
  role: JobRole;
  status: RunStatus;
  crashed: boolean;
  /** How deep below the root (the root is 0). */
  depth: number;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** The last event of its own log: where a crashed run resumes from. */
  lastSequence: number | null;
  /** Why `little report` refused the log (its usage is then unknown and left out of the totals). */
  reportError: string | null;
  /** Model calls its log ends inside: their cost is unknown, so its cost is no measured figure. */
  inFlightCalls: number;
};

/** A crashed sub-run's own resume, as its own plan says. */
export type OwnResume = { lastSequence: number | null; stepsSkipped: number; stepsResumed: number; stepsRerun: number };

/** One sub-run a parent dispatched, and what a resume of the parent does with it. */
export type JobSubRun = {
  runId: string;
  parentRunId: string;
  callId: string | null;
  status: SubRunStatus;
  action: SubRunAction;
  /** Set for a re-dispatched sub-run that has a log of its own: where its own resume starts. */
  ownResume: OwnResume | null;
};

/** One cycle of an outer loop. */
export type JobCycle = {
  outerLoopId: string;
  /** Absent for the pending cycle (its number is not in the manifest yet). */
  cycleNumber: number | null;
  runId: string;
  status: RunStatus | 'missing';
  pending: boolean;
};

/** The job's totals: every run's report summed (usage of runs whose report failed is left out, and counted). */
export type JobTotal = JobUsage & { runs: number; crashed: number; unreported: number; inFlightCalls: number };

/** The whole job. */
export type Job = {
  /** The root's run id, or the outer loop's id when the job is an outer loop. */
  root: string;
  kind: 'orchestrated' | 'outer-loop' | 'run';
  dataDir: string;
  runs: JobRun[];
  total: JobTotal;
  subRuns: JobSubRun[];
  cycles: JobCycle[];
  /** The cross-scope resume story in plain words. */
  story: string;
  /**
   * Time travel of the root: the job as of the root's event `sequence` (recorded at `recordedAt`);
   * every member is read as of its last event recorded by then. Null: the job as it is now.
   */
  asOf: { sequence: number; recordedAt: string | null } | null;
};
