/**
 * `little-inspector fleet --json` and the Fleet view's data: totals over every workflow run
 * under a root, grouped, with the slowest and most failing steps. Every figure is a sum of the
 * per-run tables (src-main/fleet/run-tables.ts), themselves the runs' `little report` totals and
 * run-list rows. docs/FLEET.md says what each field counts.
 */

/** How `groups` splits the runs. */
export type FleetGrouping = 'workflow-version' | 'model' | 'day' | 'status';

/** The groupings, in the order the CLI's usage lists them. */
export const FLEET_GROUPINGS: readonly FleetGrouping[] = ['workflow-version', 'model', 'day', 'status'];

/** Run statuses counted in `byStatus`. */
export type FleetStatusCounts = { completed: number; failed: number; running: number; pending: number };

/** The figures of a set of runs (the whole fleet, or one group). */
export type FleetFigures = {
  runs: number;
  byStatus: FleetStatusCounts;
  crashed: number;
  resumes: number;
  resumeDowntimeMs: number;
  failedAttempts: number;
  /** null only when every call made in a failed attempt was unpriced. */
  failedAttemptCostUsd: number | null;
  /** null only when every call was unpriced (0 with no calls); `unpricedCalls` says how many were not priced. */
  costUsd: number | null;
  modelCalls: number;
  unpricedCalls: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
};

/** One group of `groups`: its key (a version id, `provider/model`, a UTC day, a status; `(none)` when the runs have none). */
export type FleetGroup = FleetFigures & { key: string };

/** Durations of one step id over every run, ms (nearest-rank percentiles). */
export type FleetStepTiming = {
  stepId: string;
  /** Step paths finished (completed or failed) with a duration. */
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The run and data dir of the slowest one (the view links to it). */
  slowestRunId: string;
  slowestDataDir: string;
};

/** Failures of one step id over every run. */
export type FleetStepFailures = {
  stepId: string;
  attempts: number;
  failedAttempts: number;
  /** Step paths that ended failed. */
  failedSteps: number;
  /** Runs with at least one failed attempt of it. */
  runs: number;
  p50Ms: number | null;
  p95Ms: number | null;
  /** The workflow versions whose runs failed it, oldest run first ("since which version"). */
  workflowVersions: string[];
  /** Runs with a failed attempt of it (at most 50; `runs` counts them all). */
  runIds: string[];
};

/** The harness sessions of the root (not workflow runs: counted on their own). */
export type FleetSessions = {
  count: number;
  byStatus: FleetStatusCounts;
  modelCalls: number;
  failedModelCalls: number;
  toolCalls: number;
  failedToolCalls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
};

/** The whole summary. */
export type FleetSummary = FleetFigures & {
  /** What `groups` is grouped by (null: no grouping asked for, `groups` is empty). */
  by: FleetGrouping | null;
  groups: FleetGroup[];
  slowestSteps: FleetStepTiming[];
  mostFailingSteps: FleetStepFailures[];
  sessions: FleetSessions;
  /** Id of the price table every cost was computed with. */
  priceTable: string;
};

/** What the Fleet view shows: the summary and its groups in every grouping (the charts' data). */
export type FleetView = FleetSummary & { groupsBy: Record<FleetGrouping, FleetGroup[]>; root: string };
