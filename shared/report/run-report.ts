/**
 * `little report` as data: little-workflow run-report.ts @2884677 `runReport`.
 *
 * The JSON form is `JSON.stringify(runReport(state))`, so every object below is built with
 * upstream's key order.
 */
import type { MaterializedRunState, MaterializedStepState, RunStateStatus, UsageTotals } from '../fold/run-state-types';
import { cacheHitShare, emptyUsageTotals, mergeUsageTotals } from '../pricing/usage-totals';
import { stepList } from '../fold/step-list';

/** One line of the report: a step, the unattributed residue, or the total. */
export type RunReportRow = {
  stepPath: string;
  status: string;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cacheHitShare: number;
  costUsd: number | null;
  pricedCalls: number;
  unpricedCalls: number;
};

/** The whole report; `unattributed` is present only when some calls had no step. */
export type RunReport = {
  runId: string;
  status: RunStateStatus;
  steps: RunReportRow[];
  unattributed?: RunReportRow;
  total: RunReportRow;
  hasUnpricedCalls: boolean;
};

/** Step path of the residue row. */
export const UNATTRIBUTED_STEP_PATH = '(unattributed)';
/** Step path of the total row. */
export const TOTAL_STEP_PATH = 'TOTAL';

/** A report row from a usage total. */
export function reportRow(stepPath: string, status: string, usage: UsageTotals): RunReportRow {
  return {
    stepPath,
    status,
    inputTokens: usage.inputTokens,
    cachedInputTokens: usage.cachedInputTokens,
    outputTokens: usage.outputTokens,
    reasoningTokens: usage.reasoningTokens,
    cacheHitShare: cacheHitShare(usage),
    costUsd: usage.costUsd,
    pricedCalls: usage.pricedCalls,
    unpricedCalls: usage.unpricedCalls,
  };
}

/**
 * Run totals minus the sum of step totals, or undefined when no call is left over.
 *
 * Plain float subtraction, as upstream: with zero-cost priced residue the result can be a
 * tiny non-zero number (even negative), which the table then prints as `-0.000000`.
 */
export function residualUsage(total: UsageTotals, attributed: UsageTotals): UsageTotals | undefined {
  const pricedCalls = total.pricedCalls - attributed.pricedCalls;
  const unpricedCalls = total.unpricedCalls - attributed.unpricedCalls;
  if (pricedCalls <= 0 && unpricedCalls <= 0) return undefined;
  return {
    inputTokens: total.inputTokens - attributed.inputTokens,
    outputTokens: total.outputTokens - attributed.outputTokens,
    cachedInputTokens: total.cachedInputTokens - attributed.cachedInputTokens,
    reasoningTokens: total.reasoningTokens - attributed.reasoningTokens,
    costUsd: pricedCalls === 0
      ? (unpricedCalls === 0 ? 0 : null)
      : (total.costUsd ?? 0) - (attributed.costUsd ?? 0),
    pricedCalls,
    unpricedCalls,
  };
}

/**
 * The `little report` for a folded run.
 *
 * Rows are sorted with `String.prototype.localeCompare` and no locale argument, exactly
 * as upstream: the order follows the host's ICU default locale (en-US here), so it is not
 * code-unit order (`loop.visit[10]` sorts before `loop.visit[2]`, `_` before `-`).
 */
export function runReport(state: MaterializedRunState): RunReport {
  const report = unsortedReport(state, stepList(state));
  report.steps.sort(byStepPath);
  return report;
}

/**
 * `runReport(state)`, its step rows sorted only when first read (the sort of a 22,000-step run's
 * rows is a third of a time-travel head's cost, and the head reads only the totals and the row
 * count). Reading `steps` (directly, through JSON or a structured clone) gives exactly
 * `runReport(state).steps`; the rows are built now, from the usage as it is now.
 */
export function runReportSortedOnRead(state: MaterializedRunState, steps: readonly MaterializedStepState[] = stepList(state)): RunReport {
  const report = unsortedReport(state, steps);
  const rows = report.steps;
  Object.defineProperty(report, 'steps', {
    enumerable: true,
    configurable: true,
    get() {
      // Redefined as the sorted rows at its place among the keys (JSON key order is upstream's).
      Object.defineProperty(report, 'steps', { value: rows.sort(byStepPath), enumerable: true, writable: true, configurable: true });
      return rows;
    },
  });
  return report;
}

function byStepPath(a: RunReportRow, b: RunReportRow): number {
  return a.stepPath.localeCompare(b.stepPath);
}

// The report with its step rows in state (insertion) order.
function unsortedReport(state: MaterializedRunState, steps: readonly MaterializedStepState[]): RunReport {
  const rows = steps.map((step) => reportRow(step.stepPath, step.status, step.usage));
  // Summed in state (insertion) order, not row order: float addition is order-sensitive.
  const attributed = steps.reduce((sum, step) => mergeUsageTotals(sum, step.usage), emptyUsageTotals());
  const residue = residualUsage(state.usage, attributed);
  return {
    runId: state.runId,
    status: state.status,
    steps: rows,
    ...(residue === undefined ? {} : { unattributed: reportRow(UNATTRIBUTED_STEP_PATH, state.status, residue) }),
    total: reportRow(TOTAL_STEP_PATH, state.status, state.usage),
    hasUnpricedCalls: state.usage.unpricedCalls > 0,
  };
}
