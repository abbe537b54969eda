/** The library model: data dirs found under an opened root and the runs they hold. */
import type { Diagnostic } from './diagnostics';
import type { SessionCounts } from './harness-trace/session-model';
import type { PricingProvenance } from './pricing/staleness';

/**
 * Where a data dir sits: a plain Local World, one nested in a `.little-harness` tree, or the
 * `.little-harness` folder itself (its sessions are the rows).
 */
export type DataDirKind = 'workflow' | 'harness-session' | 'harness-dynamic' | 'harness-sessions';

/** The log format found in a data dir (`harness-trace`: little-harness session folders with trace.ndjson). */
export type LogFormat = 'sqlite' | 'jsonl-legacy' | 'loopctl' | 'harness-trace';

/** One data dir found by discovery. */
export type DataDirInfo = {
  /** Absolute path of the `.little-workflow`-shaped dir (the one holding `events/`). */
  path: string;
  /** Path relative to the opened root, for display ("." for the root itself). */
  label: string;
  kind: DataDirKind;
  format: LogFormat;
  /** Harness session key for nested worlds, else null. */
  sessionKey: string | null;
  /** For a nested world: the label of the `.little-harness` data dir holding its session, when it is under the opened root. */
  harnessDir?: string;
  runCount: number;
  diagnostics: Diagnostic[];
};

/** Folded or inferred status of a run (little-workflow's four, plus our crash verdict in `crashed`). */
export type RunStatus = 'pending' | 'running' | 'completed' | 'failed';

/** One row of the run list, computed without folding every event of the run. */
export type RunSummary = {
  runId: string;
  /** Absolute path of the data dir holding the run. */
  dataDir: string;
  /** little-workflow's folded status, or the status inferred from sessions (see `statusInferred`). */
  status: RunStatus;
  /** True for the orchestrated top run and harness-only runs, whose logs never carry a run terminal. */
  statusInferred: boolean;
  /** True when the run stopped mid-flight: dead lock owner, or no live owner and work left open. */
  crashed: boolean;
  /** Why the run is judged so (null for runs with a terminal event). */
  verdict: string | null;
  eventCount: number;
  /** Highest sequence (differs from eventCount when the log has gaps); absent where unknown. */
  lastSequence?: number;
  /** First and last `recorded_at`. */
  startedAt: string | null;
  finishedAt: string | null;
  lastEventType: string | null;
  parentRunId: string | null;
  /** The outer loop whose cycle this run executes (RunStarted.outerLoopId), else null. */
  outerLoopId: string | null;
  workflowVersionId: string | null;
  label: string | null;
  tags: string[];
  inputTokens: number | null;
  outputTokens: number | null;
  /** null when no call could be priced (never a made-up 0). */
  costUsd: number | null;
  /** Calls with usage no price table entry prices: `costUsd` leaves them out (absent: none known). */
  unpricedCalls?: number;
  /** Model calls the log ends inside (a crashed run killed mid call): their cost is unknown (absent: none known). */
  inFlightCalls?: number;
  /** Which tool wrote the run; absent means little-workflow. */
  source?: 'little-workflow' | 'loopctl' | 'little-harness';
  /** A little-harness session row: its folder key and what its trace holds (the row opens the session view). */
  session?: SessionRowFacts;
};

/** What the run list shows of a little-harness session besides the common columns. */
export type SessionRowFacts = {
  pathKey: string;
  /** little-harness's state (status.json), shown as harness-trace/session-state.ts says; null when it has none. */
  state: string | null;
  tornTail: boolean;
  counts: SessionCounts;
};

/** What `library.open` returns: everything found under the chosen root. */
export type LibrarySnapshot = {
  root: string;
  dataDirs: DataDirInfo[];
  runs: RunSummary[];
  diagnostics: Diagnostic[];
  /** The price table every cost of this snapshot was computed with, and how fresh it is. */
  pricing: PricingProvenance;
};
