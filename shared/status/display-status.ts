/**
 * The statuses the inspector shows, decided once: a run whose writer died is "crashed", never
 * "running", and work left open in a crashed run (steps, attempts, sessions) is "crashed" too.
 * The run list, the run header, the overview, the steps views and the timeline all ask here.
 */
import type { RunVerdict } from '../fold/crash/crash-types';
import type { RunStatus, RunSummary } from '../library';
import type { LiveRunSummary, RunEndReason } from '../live/live-types';

/** A run's status as shown: little-workflow's four plus our crash verdict. */
export type DisplayStatus = RunStatus | 'crashed';

/** Every display status, in the order the run list's filter bar shows them. */
export const DISPLAY_STATUSES: readonly DisplayStatus[] = ['completed', 'failed', 'running', 'crashed', 'pending'];

/** The status of a run-list row: a crashed run is "crashed", whatever its folded status says. */
export function runDisplayStatus(run: Pick<RunSummary, 'status' | 'crashed'>): DisplayStatus {
  return run.crashed ? 'crashed' : run.status;
}

/**
 * The status of a group of runs (an outer loop's cycles): crashed when any cycle crashed, else
 * the status of the latest cycle, pending when there is none.
 */
export function groupDisplayStatus(runs: readonly Pick<RunSummary, 'status' | 'crashed'>[], latest: Pick<RunSummary, 'status' | 'crashed'> | null): DisplayStatus {
  if (runs.some((run) => run.crashed)) return 'crashed';
  return latest ? runDisplayStatus(latest) : 'pending';
}

/**
 * Why a run seen live is no longer written to: "crashed" when its writer died, else how it left
 * the feed (`ended`), else its folded status.
 */
export function liveStopReason(live: Pick<LiveRunSummary, 'phase' | 'status'>, ended: RunEndReason | null): RunEndReason {
  if (live.phase === 'crashed') return 'crashed';
  return ended ?? (live.status === 'failed' ? 'failed' : 'completed');
}

/** What a status badge says about a run: the status, why (the verdict), and whether it was inferred. */
export type ShownStatus = { status: DisplayStatus; reason: string | null; inferred: boolean };

/**
 * A run's status with its reason: the crash boundary's verdict when the run's detail has one
 * (it weighs the lock owner and the open work), else the run-list row's.
 */
export function shownRunStatus(summary: Pick<RunSummary, 'status' | 'crashed' | 'verdict' | 'statusInferred'>, verdict?: RunVerdict | null): ShownStatus {
  if (verdict) return { status: verdict.kind, reason: verdict.reason, inferred: verdict.inferred };
  return { status: runDisplayStatus(summary), reason: summary.verdict, inferred: summary.statusInferred };
}

/** True when the run's verdict is a crash (open work then shows as crashed, not running). */
export function crashedVerdict(verdict: RunVerdict | null | undefined): boolean {
  return verdict?.kind === 'crashed';
}

/** Status of work still open when the log ends: "crashed" in a crashed run, else "running". */
export function openWorkStatus(crashed: boolean): 'crashed' | 'running' {
  return crashed ? 'crashed' : 'running';
}

/**
 * The shown status of an item of a run (step, attempt, session): an open one ("running", or a
 * session's "open") takes {@link openWorkStatus}; a finished one keeps its own.
 */
export function itemDisplayStatus<S extends string>(status: S, crashed: boolean): Exclude<S, 'running' | 'open'> | 'crashed' | 'running' {
  return status === 'running' || status === 'open' ? openWorkStatus(crashed) : (status as Exclude<S, 'running' | 'open'>);
}

/**
 * The shown status of an item the OTLP spans report, whose open state has its own name (a call
 * "in-flight", an attempt "running"): "crashed" when it is still open in a crashed run.
 */
export function openItemStatus<S extends string>(status: S, open: S, crashed: boolean): S | 'crashed' {
  return status === open && crashed ? 'crashed' : status;
}

/**
 * The status a report (html, Markdown, the report document) shows for a run: "crashed" when its
 * writer died, else its verdict's kind, else its folded status.
 */
export function reportedStatus<S extends string>(run: { crashed: boolean; status: S; verdict: { kind: S } | null }): S | 'crashed' {
  return run.crashed ? 'crashed' : (run.verdict?.kind ?? run.status);
}
