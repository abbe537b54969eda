/**
 * The fleet summary as sums of the per-run tables (run-tables.ts): totals, groups, the slowest
 * and most failing steps by step id, the sessions on their own. Costs are summed with the fold's
 * own usage arithmetic (shared/pricing/usage-totals.ts), so a sum is null only when every call
 * in it was unpriced and a partial sum carries its unpriced count.
 */
import type { UsageTotals } from '../../shared/fold/run-state-types';
import { FLEET_GROUPINGS, type FleetFigures, type FleetGroup, type FleetGrouping, type FleetSessions, type FleetStatusCounts, type FleetStepFailures, type FleetStepTiming, type FleetSummary, type FleetView } from '../../shared/fleet/fleet-summary-types';
import { nearestRank } from '../../shared/math/percentile';
import type { PricedModelCall } from '../../shared/pricing/price-model-call';
import { addPricedCall, emptyUsageTotals, mergeUsageTotals } from '../../shared/pricing/usage-totals';
import type { AttemptRow, FleetTables, ModelCallRow, RunRow, UsageColumns } from './table-rows';

/** What a summary is asked for. */
export type FleetSummaryOptions = { by: FleetGrouping | null; priceTable: string; stepLimit?: number };

/** Key of a group whose runs have no value for it. */
export const NO_KEY = '(none)';

const DEFAULT_STEP_LIMIT = 10;
const RUN_ID_LIMIT = 50;

/** The summary of `tables`. */
export function fleetSummary(tables: FleetTables, options: FleetSummaryOptions): FleetSummary {
  const failed = failedAttemptKeys(tables.attempts);
  const totals = new FiguresSum();
  for (const run of tables.runs) totals.addRun(run, usageOf(run));
  for (const attempt of tables.attempts) if (attempt.status === 'failed') totals.addFailedUsage(usageOf(attempt));
  const limit = options.stepLimit ?? DEFAULT_STEP_LIMIT;
  return {
    ...totals.figures(),
    by: options.by,
    groups: options.by === null ? [] : groupsOf(tables, options.by, failed),
    slowestSteps: slowestSteps(tables, limit),
    mostFailingSteps: mostFailingSteps(tables, limit),
    sessions: sessionsOf(tables),
    priceTable: options.priceTable,
  };
}

/** The Fleet view's data: the summary with no grouping and the groups of every grouping. */
export function fleetView(tables: FleetTables, options: { priceTable: string; root: string }): FleetView {
  const failed = failedAttemptKeys(tables.attempts);
  const groupsBy = Object.fromEntries(FLEET_GROUPINGS.map((by) => [by, groupsOf(tables, by, failed)])) as Record<FleetGrouping, FleetGroup[]>;
  return { ...fleetSummary(tables, { by: null, priceTable: options.priceTable }), groupsBy, root: options.root };
}

/** Figures grown one run at a time. */
class FiguresSum {
  private runs = 0;
  private readonly byStatus: FleetStatusCounts = { completed: 0, failed: 0, running: 0, pending: 0 };
  private crashed = 0;
  private resumes = 0;
  private resumeDowntimeMs = 0;
  private failedAttempts = 0;
  private usage = emptyUsageTotals();
  private failedUsage = emptyUsageTotals();

  addRun(run: RunRow, usage: UsageTotals): void {
    this.runs += 1;
    this.byStatus[run.status] += 1;
    if (run.crashed) this.crashed += 1;
    this.resumes += run.resumes;
    this.resumeDowntimeMs += run.resume_downtime_ms;
    this.failedAttempts += run.failed_attempts;
    this.usage = mergeUsageTotals(this.usage, usage);
  }

  addFailedUsage(usage: UsageTotals): void {
    this.failedUsage = mergeUsageTotals(this.failedUsage, usage);
  }

  figures(): FleetFigures {
    const u = this.usage;
    return {
      runs: this.runs,
      byStatus: { ...this.byStatus },
      crashed: this.crashed,
      resumes: this.resumes,
      resumeDowntimeMs: this.resumeDowntimeMs,
      failedAttempts: this.failedAttempts,
      failedAttemptCostUsd: this.failedUsage.costUsd,
      costUsd: u.costUsd,
      modelCalls: u.pricedCalls + u.unpricedCalls,
      unpricedCalls: u.unpricedCalls,
      inputTokens: u.inputTokens,
      cachedInputTokens: u.cachedInputTokens,
      outputTokens: u.outputTokens,
      reasoningTokens: u.reasoningTokens,
    };
  }
}

function groupsOf(tables: FleetTables, by: FleetGrouping, failed: Set<string>): FleetGroup[] {
  const groups = new Map<string, FiguresSum>();
  const group = (key: string): FiguresSum => {
    let sum = groups.get(key);
    if (sum === undefined) groups.set(key, (sum = new FiguresSum()));
    return sum;
  };
  if (by === 'model') {
    // A run counts in every model group it called; the usage is that model's calls only.
    const callsOf = new Map<string, Map<string, ModelCallRow[]>>();
    for (const call of tables.model_calls) {
      const run = runKey(call);
      const models = callsOf.get(run) ?? new Map<string, ModelCallRow[]>();
      callsOf.set(run, models);
      const key = modelKey(call);
      const list = models.get(key);
      if (list === undefined) models.set(key, [call]);
      else list.push(call);
    }
    for (const run of tables.runs) {
      const models = callsOf.get(runKey(run));
      if (models === undefined || models.size === 0) {
        group(NO_KEY).addRun(run, emptyUsageTotals());
        continue;
      }
      for (const [key, calls] of models) {
        const sum = group(key);
        sum.addRun(run, callsUsage(calls));
        sum.addFailedUsage(callsUsage(calls.filter((c) => c.step_path !== null && c.attempt_id !== null && failed.has(attemptKey(c.run_id, c.data_dir, c.step_path, c.attempt_id)))));
      }
    }
  } else {
    const keyOf = new Map<string, string>();
    for (const run of tables.runs) {
      const key = runGroupKey(run, by);
      keyOf.set(runKey(run), key);
      group(key).addRun(run, usageOf(run));
    }
    for (const attempt of tables.attempts) {
      const key = keyOf.get(runKey(attempt));
      if (key !== undefined && attempt.status === 'failed') group(key).addFailedUsage(usageOf(attempt));
    }
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, sum]) => ({ key, ...sum.figures() }));
}

/** The group key of a run for a grouping other than `model`. */
export function runGroupKey(run: RunRow, by: Exclude<FleetGrouping, 'model'>): string {
  if (by === 'status') return run.status;
  if (by === 'workflow-version') return run.workflow_version ?? NO_KEY;
  return run.started_at !== null && /^\d{4}-\d{2}-\d{2}T/.test(run.started_at) ? new Date(Date.parse(run.started_at)).toISOString().slice(0, 10) : NO_KEY;
}

/** The `model` group key of a call: `provider/model`, or the model alone when no provider is recorded. */
export function modelKey(call: Pick<ModelCallRow, 'provider' | 'model'>): string {
  if (call.model === null) return call.provider === null ? NO_KEY : `${call.provider}/?`;
  return call.provider === null ? call.model : `${call.provider}/${call.model}`;
}

function slowestSteps(tables: FleetTables, limit: number): FleetStepTiming[] {
  const byStep = new Map<string, { ms: number[]; slowest: { ms: number; run_id: string; data_dir: string } }>();
  for (const step of tables.steps) {
    if (step.duration_ms === null) continue;
    const seen = byStep.get(step.step_id);
    if (seen === undefined) byStep.set(step.step_id, { ms: [step.duration_ms], slowest: { ms: step.duration_ms, run_id: step.run_id, data_dir: step.data_dir } });
    else {
      seen.ms.push(step.duration_ms);
      if (step.duration_ms > seen.slowest.ms) seen.slowest = { ms: step.duration_ms, run_id: step.run_id, data_dir: step.data_dir };
    }
  }
  const rows = [...byStep.entries()].map(([stepId, { ms, slowest }]): FleetStepTiming => {
    ms.sort((a, b) => a - b);
    return { stepId, count: ms.length, p50Ms: nearestRank(ms, 50)!, p95Ms: nearestRank(ms, 95)!, maxMs: ms[ms.length - 1], slowestRunId: slowest.run_id, slowestDataDir: slowest.data_dir };
  });
  return rows.sort((a, b) => b.p95Ms - a.p95Ms || b.p50Ms - a.p50Ms || a.stepId.localeCompare(b.stepId)).slice(0, limit);
}

function mostFailingSteps(tables: FleetTables, limit: number): FleetStepFailures[] {
  type Tally = { attempts: number; failedAttempts: number; failedSteps: number; runs: Set<string>; runIds: string[]; ms: number[] };
  const tally = new Map<string, Tally>();
  const of = (stepId: string): Tally => {
    let t = tally.get(stepId);
    if (t === undefined) tally.set(stepId, (t = { attempts: 0, failedAttempts: 0, failedSteps: 0, runs: new Set(), runIds: [], ms: [] }));
    return t;
  };
  const failedRun = (t: Tally, run: { run_id: string; data_dir: string }): void => {
    const key = runKey(run);
    if (t.runs.has(key)) return;
    t.runs.add(key);
    if (t.runIds.length < RUN_ID_LIMIT) t.runIds.push(run.run_id);
  };
  for (const attempt of tables.attempts) {
    const t = of(attempt.step_id);
    t.attempts += 1;
    if (attempt.status !== 'failed') continue;
    t.failedAttempts += 1;
    failedRun(t, attempt);
  }
  for (const step of tables.steps) {
    const t = of(step.step_id);
    if (step.duration_ms !== null) t.ms.push(step.duration_ms);
    if (step.status !== 'failed') continue;
    t.failedSteps += 1;
    failedRun(t, step);
  }
  const runs = new Map(tables.runs.map((r) => [runKey(r), r]));
  const rows: FleetStepFailures[] = [];
  for (const [stepId, t] of tally) {
    if (t.failedAttempts === 0 && t.failedSteps === 0) continue;
    t.ms.sort((a, b) => a - b);
    const failing = [...t.runs].map((key) => runs.get(key)).filter((r): r is RunRow => r !== undefined);
    failing.sort((a, b) => (a.started_at ?? '').localeCompare(b.started_at ?? ''));
    const versions = [...new Set(failing.map((r) => r.workflow_version ?? NO_KEY))];
    rows.push({ stepId, attempts: t.attempts, failedAttempts: t.failedAttempts, failedSteps: t.failedSteps, runs: t.runs.size, p50Ms: nearestRank(t.ms, 50), p95Ms: nearestRank(t.ms, 95), workflowVersions: versions, runIds: t.runIds });
  }
  return rows.sort((a, b) => b.failedAttempts + b.failedSteps - (a.failedAttempts + a.failedSteps) || b.runs - a.runs || a.stepId.localeCompare(b.stepId)).slice(0, limit);
}

function sessionsOf(tables: FleetTables): FleetSessions {
  const sessions: FleetSessions = { count: 0, byStatus: { completed: 0, failed: 0, running: 0, pending: 0 }, modelCalls: 0, failedModelCalls: 0, toolCalls: 0, failedToolCalls: 0, failures: 0, inputTokens: 0, outputTokens: 0 };
  for (const s of tables.sessions) {
    sessions.count += 1;
    sessions.byStatus[s.status] += 1;
    sessions.modelCalls += s.model_calls;
    sessions.failedModelCalls += s.failed_model_calls;
    sessions.toolCalls += s.tool_calls;
    sessions.failedToolCalls += s.failed_tool_calls;
    sessions.failures += s.failures;
    sessions.inputTokens += s.input_tokens;
    sessions.outputTokens += s.output_tokens;
  }
  return sessions;
}

/** A row's usage columns as the fold's usage totals. */
export function usageOf(row: UsageColumns): UsageTotals {
  return {
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cachedInputTokens: row.cached_input_tokens,
    reasoningTokens: row.reasoning_tokens,
    costUsd: row.cost_usd,
    pricedCalls: row.priced_calls,
    unpricedCalls: row.unpriced_calls,
  };
}

function callsUsage(calls: readonly ModelCallRow[]): UsageTotals {
  let usage = emptyUsageTotals();
  for (const c of calls) {
    const priced: Pick<PricedModelCall, 'costUsd' | 'inputTokens' | 'outputTokens' | 'cachedInputTokens' | 'reasoningTokens'> = {
      costUsd: c.cost_usd,
      inputTokens: c.input_tokens,
      outputTokens: c.output_tokens,
      cachedInputTokens: c.cached_input_tokens,
      reasoningTokens: c.reasoning_tokens,
    };
    usage = addPricedCall(usage, priced as PricedModelCall);
  }
  return usage;
}

function failedAttemptKeys(attempts: readonly AttemptRow[]): Set<string> {
  return new Set(attempts.filter((a) => a.status === 'failed').map((a) => attemptKey(a.run_id, a.data_dir, a.step_path, a.attempt_id)));
}

function attemptKey(runId: string, dataDir: string, stepPath: string, attemptId: string): string {
  return `${dataDir}\u0000${runId}\u0000${stepPath}\u0000${attemptId}`;
}

function runKey(row: { run_id: string; data_dir: string }): string {
  return `${row.data_dir}\u0000${row.run_id}`;
}
