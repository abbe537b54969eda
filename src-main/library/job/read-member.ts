/** One job member read for its job: its detail fold (as of an event when asked), its report's totals and its resume plan. */
import type { MemberFacts } from '../../../shared/job/job-tree';
import type { RunSummary } from '../../../shared/library';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import type { Checkpoints } from '../../engine/fold-log';
import { loadRunDetailAt } from '../run-detail-at';

/**
 * How the job's folds are priced and cached; `runs`: the data dir's run list when the caller has it (the app's library);
 * `at`: time travel of the root (the job as of the root's event #at).
 */
export type LoadJobOptions = { table: PriceTable; checkpoints: Checkpoints | null; runs?: readonly RunSummary[]; at?: number };

/** One member's report and plan (as of its event `upto` when given), and the detail they come from (null when it failed). */
export function readMember(path: string, summary: RunSummary, runs: RunSummary[], options: LoadJobOptions, upto?: number): { facts: MemberFacts; detail: RunDetail | null } {
  const detail = loadRunDetailAt(path, summary.runId, { table: options.table, checkpoints: options.checkpoints, context: { summary, siblings: runs }, ...(upto === undefined ? {} : { upto }) });
  if (!detail.ok) return { facts: { usage: null, reportError: detail.error.message, plan: null }, detail: null };
  const { report, reportError, boundary } = detail.value;
  const plan = boundary === null ? null : {
    applicable: boundary.resumePlan.applicable,
    subRuns: [...boundary.resumePlan.subRunsFastForwarded, ...boundary.resumePlan.subRunsAdopted, ...boundary.resumePlan.subRunsRedispatched]
      .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0)),
    stepsSkipped: boundary.resumePlan.stepsSkipped.length,
    stepsResumed: boundary.resumePlan.stepsResumed.length,
    stepsRerun: boundary.resumePlan.stepsRerun.length,
  };
  if (report === null) return { facts: { usage: null, reportError: reportError ?? 'no report', plan }, detail: detail.value };
  return { facts: { usage: report.total, reportError: null, plan }, detail: detail.value };
}
