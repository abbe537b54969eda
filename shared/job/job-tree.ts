/**
 * Which runs make one job and how they add up. Pure: main hands in the data dir's run list, its
 * outer-loop manifests and each member's report and resume plan (src-main/library/job/).
 * A job's root is found by walking `parentRunId` up from any of its runs; a root that is an
 * outer-loop cycle makes the whole outer loop the job (every cycle and what each dispatched).
 */
import type { RunSummary } from '../library';
import type { SubRunDecision } from '../fold/crash/crash-types';
import { emptyUsageTotals, mergeUsageTotals } from '../pricing/usage-totals';
import type { Job, JobCycle, JobRole, JobRun, JobSubRun, JobTotal, JobUsage, OwnResume } from './job-types';

/** An outer loop's manifest, as much as a job needs. */
export type JobOuterLoop = {
  outerLoopId: string;
  cycles: readonly { cycleNumber: number; runId: string }[];
  pendingCycleRunId?: string;
};

/** A member of the job before its logs are read: the run's row and its depth below the root. */
export type JobMember = { summary: RunSummary; depth: number };

/** Who is in the job of `runId`, root first, each parent before its children. */
export type JobMembers = { root: string; kind: Job['kind']; outerLoop: JobOuterLoop | null; members: JobMember[] };

/** What main read of one member: its report's totals (null when `little report` refused) and its resume plan's sub-runs. */
export type MemberFacts = {
  usage: JobUsage | null;
  reportError: string | null;
  /** The run's own resume plan, when it has one (little-workflow runs). */
  plan: { applicable: boolean; subRuns: readonly SubRunDecision[]; stepsSkipped: number; stepsResumed: number; stepsRerun: number } | null;
};

/** The job's members, or null when `runId` is not a run of this list. */
export function jobMembers(runs: readonly RunSummary[], runId: string, outerLoops: ReadonlyMap<string, JobOuterLoop>): JobMembers | null {
  const byId = new Map(runs.map((run) => [run.runId, run]));
  let top = byId.get(runId);
  if (top === undefined) return null;
  const seen = new Set<string>([top.runId]);
  // Walk up; a cycle in the links (a tampered log) stops at the first run met twice.
  for (let parent = parentOf(top, byId); parent !== undefined && !seen.has(parent.runId); parent = parentOf(parent, byId)) {
    seen.add(parent.runId);
    top = parent;
  }
  const children = childrenByParent(runs);
  const loop = top.outerLoopId === null ? undefined : outerLoops.get(top.outerLoopId);
  if (top.outerLoopId !== null) {
    const cycleRuns = byStart(runs.filter((run) => run.outerLoopId === top!.outerLoopId && run.parentRunId === null));
    const members = cycleRuns.flatMap((run) => descendants(run, children, 0));
    return { root: top.outerLoopId, kind: 'outer-loop', outerLoop: loop ?? { outerLoopId: top.outerLoopId, cycles: [] }, members };
  }
  return { root: top.runId, kind: top.workflowVersionId === 'orchestrated' ? 'orchestrated' : 'run', outerLoop: null, members: descendants(top, children, 0) };
}

// Dispatch order: the run list is newest first, a job reads oldest first (runs with no time last).
function byStart(runs: readonly RunSummary[]): RunSummary[] {
  return [...runs].sort((a, b) => (a.startedAt ?? '\uffff').localeCompare(b.startedAt ?? '\uffff'));
}

function parentOf(run: RunSummary, byId: ReadonlyMap<string, RunSummary>): RunSummary | undefined {
  return run.parentRunId === null ? undefined : byId.get(run.parentRunId);
}

function childrenByParent(runs: readonly RunSummary[]): Map<string, RunSummary[]> {
  const children = new Map<string, RunSummary[]>();
  for (const run of runs) {
    if (run.parentRunId === null) continue;
    const list = children.get(run.parentRunId) ?? [];
    list.push(run);
    children.set(run.parentRunId, list);
  }
  return children;
}

function descendants(run: RunSummary, children: ReadonlyMap<string, RunSummary[]>, depth: number, seen = new Set<string>()): JobMember[] {
  if (seen.has(run.runId)) return [];
  seen.add(run.runId);
  const below = byStart(children.get(run.runId) ?? []).flatMap((child) => descendants(child, children, depth + 1, seen));
  return [{ summary: run, depth }, ...below];
}

/** A run's role in its job. */
export function jobRole(run: RunSummary): JobRole {
  if (run.workflowVersionId === 'orchestrated') return 'orchestrator';
  if (run.runId.startsWith('run_planner_')) return 'planner';
  if (run.outerLoopId !== null && run.parentRunId === null) return 'cycle';
  return run.parentRunId === null ? 'run' : 'sub-run';
}

/** Build the job from its members and what main read of each. */
export function buildJob(dataDir: string, found: JobMembers, facts: ReadonlyMap<string, MemberFacts>): Job {
  const runs = found.members.map(({ summary, depth }) => jobRun(summary, depth, facts.get(summary.runId)));
  const byId = new Map(found.members.map((m) => [m.summary.runId, m.summary]));
  const subRuns: JobSubRun[] = [];
  for (const { summary } of found.members) {
    for (const decision of facts.get(summary.runId)?.plan?.subRuns ?? []) {
      const child = facts.get(decision.runId);
      const own = decision.action === 're-dispatch' && byId.has(decision.runId) && child?.plan?.applicable === true ? ownResume(byId.get(decision.runId)!, child) : null;
      subRuns.push({ runId: decision.runId, parentRunId: summary.runId, callId: decision.callId ?? null, status: decision.status, action: decision.action, ownResume: own });
    }
  }
  const cycles = found.outerLoop === null ? [] : jobCycles(found.outerLoop, byId);
  const rootFacts = found.kind === 'outer-loop' ? undefined : facts.get(found.root);
  return { root: found.root, kind: found.kind, dataDir, runs, total: jobTotal(runs), subRuns, cycles, story: jobStory(found, subRuns, cycles, rootFacts), asOf: null };
}

function jobRun(summary: RunSummary, depth: number, facts: MemberFacts | undefined): JobRun {
  const usage = facts?.usage ?? null;
  const started = summary.startedAt === null ? NaN : Date.parse(summary.startedAt);
  const finished = summary.finishedAt === null ? NaN : Date.parse(summary.finishedAt);
  return {
    runId: summary.runId,
    parentRunId: summary.parentRunId,
    role: jobRole(summary),
    status: summary.status,
    crashed: summary.crashed,
    depth,
    startedAt: summary.startedAt,
    finishedAt: summary.finishedAt,
    durationMs: Number.isFinite(started) && Number.isFinite(finished) ? finished - started : null,
    lastSequence: summary.lastSequence ?? (summary.eventCount > 0 ? summary.eventCount : null),
    reportError: facts === undefined ? 'not read' : facts.reportError,
    inFlightCalls: summary.inFlightCalls ?? 0,
    costUsd: usage?.costUsd ?? null,
    inputTokens: usage?.inputTokens ?? 0,
    cachedInputTokens: usage?.cachedInputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
    reasoningTokens: usage?.reasoningTokens ?? 0,
    pricedCalls: usage?.pricedCalls ?? 0,
    unpricedCalls: usage?.unpricedCalls ?? 0,
  };
}

function ownResume(summary: RunSummary, facts: MemberFacts): OwnResume {
  const plan = facts.plan!;
  return { lastSequence: summary.lastSequence ?? null, stepsSkipped: plan.stepsSkipped, stepsResumed: plan.stepsResumed, stepsRerun: plan.stepsRerun };
}

/** Sum the reports: the cost stays unknown only when no call of any run could be priced. */
export function jobTotal(runs: readonly JobRun[]): JobTotal {
  let usage = emptyUsageTotals();
  for (const run of runs) {
    if (run.reportError !== null) continue;
    usage = mergeUsageTotals(usage, run);
  }
  return {
    runs: runs.length,
    crashed: runs.filter((run) => run.crashed).length,
    unreported: runs.filter((run) => run.reportError !== null).length,
    inFlightCalls: runs.reduce((n, run) => n + (run.reportError === null ? run.inFlightCalls : 0), 0),
    costUsd: usage.costUsd,
    inputTokens: usage.inputTokens,
    cachedInputTokens: usage.cachedInputTokens,
    outputTokens: usage.outputTokens,
    reasoningTokens: usage.reasoningTokens,
    pricedCalls: usage.pricedCalls,
    unpricedCalls: usage.unpricedCalls,
  };
}

function jobCycles(loop: JobOuterLoop, byId: ReadonlyMap<string, RunSummary>): JobCycle[] {
  const cycles: JobCycle[] = loop.cycles.map((cycle) => ({
    outerLoopId: loop.outerLoopId, cycleNumber: cycle.cycleNumber, runId: cycle.runId, status: byId.get(cycle.runId)?.status ?? 'missing', pending: false,
  }));
  const pending = loop.pendingCycleRunId;
  if (pending !== undefined && !loop.cycles.some((cycle) => cycle.runId === pending)) {
    cycles.push({ outerLoopId: loop.outerLoopId, cycleNumber: null, runId: pending, status: byId.get(pending)?.status ?? 'missing', pending: true });
  }
  return cycles;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "On resume: 30 fast-forwarded, 1 adopted from its own log, 19 re-dispatched under the same ids; 2 of those resume from their own crash points." */
export function jobStory(found: JobMembers, subRuns: readonly JobSubRun[], cycles: readonly JobCycle[], rootFacts: MemberFacts | undefined): string {
  if (found.kind === 'outer-loop') {
    const done = cycles.filter((cycle) => !cycle.pending).length;
    const pending = cycles.find((cycle) => cycle.pending);
    const head = `Outer loop ${found.root}: ${plural(done, 'cycle')} recorded`;
    return pending === undefined ? `${head}, none pending.` : `${head}; on resume the pending cycle reuses ${pending.runId} as its run id (${pending.status}).`;
  }
  if (rootFacts?.plan?.applicable !== true) return subRuns.length === 0 ? 'Nothing to resume: the job finished.' : `Nothing to resume: the root finished (${plural(subRuns.length, 'sub-run')} recorded).`;
  const count = (action: JobSubRun['action']) => subRuns.filter((s) => s.action === action).length;
  const redispatched = count('re-dispatch');
  const ownCrash = subRuns.filter((s) => s.ownResume !== null).length;
  const parts = [`${count('fast-forward')} fast-forwarded`, `${count('adopt')} adopted from ${count('adopt') === 1 ? 'its' : 'their'} own log`, `${redispatched} re-dispatched under the same ids`];
  const tail = ownCrash > 0 ? `; ${ownCrash} of those resume from their own crash points` : '';
  return subRuns.length === 0 ? 'On resume: the root continues; it dispatched no sub-run.' : `On resume: ${parts.join(', ')}${tail}.`;
}
