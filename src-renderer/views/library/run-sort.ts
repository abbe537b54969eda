/** Column sorting for the run list: one comparator per column, unknown values always last. Pure. */
import type { RunSummary } from '../../../shared/library';
import { runDisplayStatus, type DisplayStatus } from '../../../shared/status/display-status';
import type { SortDir, SortKey } from '../../stores/library-query';
import { durationMs } from './run-filters';
import { findingsOf, findingsRank } from '../../stores/run-findings';

/** The sortable facts of a row (a run, or an outer loop's aggregate of its cycles). */
export type SortFacts = {
  runId: string;
  startedAt: string | null;
  durationMs: number | null;
  status: DisplayStatus;
  costUsd: number | null;
  eventCount: number;
  /** Behavioural findings, errors first (run-findings.ts `findingsRank`); null while unknown. */
  findings: number | null;
};

// Descending puts the runs that need attention first: crashed, failed, running, pending, completed.
const STATUS_RANK: Record<DisplayStatus, number> = { completed: 0, pending: 1, running: 2, failed: 3, crashed: 4 };

/** The sort facts of one run. */
export function runFacts(run: RunSummary): SortFacts {
  return { runId: run.runId, startedAt: run.startedAt, durationMs: durationMs(run), status: runDisplayStatus(run), costUsd: run.costUsd, eventCount: run.eventCount, findings: findingsRank(findingsOf(run)) };
}

/** A comparator for `key`/`dir`; nulls sort last in both directions, ties fall back to the run id. */
export function compareFacts(key: SortKey, dir: SortDir): (a: SortFacts, b: SortFacts) => number {
  const sign = dir === 'asc' ? 1 : -1;
  const value = VALUE[key];
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return (va < vb ? -1 : 1) * sign;
    }
    return a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0;
  };
}

const VALUE: Record<SortKey, (f: SortFacts) => string | number | null> = {
  started: (f) => f.startedAt,
  duration: (f) => f.durationMs,
  status: (f) => STATUS_RANK[f.status],
  cost: (f) => f.costUsd,
  events: (f) => f.eventCount,
  runId: (f) => f.runId,
  findings: (f) => f.findings,
};
