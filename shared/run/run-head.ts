/**
 * The run's head (`run.detail`), cut either from a folded run before its lists are built (the
 * worker sends it first: the overview shows while the step rows, harness previews and timeline
 * are still being built) or from a whole detail (loopctl runs, time travel, tests). Both go
 * through {@link runHead}, so the head is the same whichever way it was made.
 */
import type { HarnessView } from '../fold/harness/harness-types';
import type { ResumePlan } from '../fold/crash/crash-types';
import type { StepStatus } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';
import type { FoldedRun, RunDetailCore } from './build-run-detail';
import { liteSession, liteTurn } from './lite-harness-view';
import type { RunDetail } from './run-detail-types';
import type { HarnessRefs, HarnessSelection, LiteSession, LiteTool, LiteTurn, RunHeadCore, TimelineHead } from './run-head-types';
import { stepCounts } from './step-counts';
import type { TimelineModel } from '../timeline/timeline-types';

/** Skipped steps the head's resume plan lists (the rest by window). */
export const HEAD_SKIPPED_STEPS = 50;

/** Harness items by id, cut to what the run view shows (only the few the head names are asked for). */
export type LiteItems = { session(id: number): LiteSession | undefined; turn(id: number): LiteTurn | undefined; tool(id: number): LiteTool | undefined };

/** What the head reads of a harness view, full or already cut to previews. */
type HeadHarness = Pick<HarnessView, 'runId' | 'parentRunId' | 'subRuns' | 'resumes'> & {
  sessions: ReadonlyArray<{ id: number }>;
  modelTurns: ReadonlyArray<{ id: number; status: string }>;
  toolCalls: ReadonlyArray<{ id: number; status: string }>;
};

/** The items of `ids` that exist, by id. */
export function harnessRefs(lite: LiteItems, sessions: Iterable<number>, turns: Iterable<number>, tools: Iterable<number>): HarnessRefs {
  const out: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };
  for (const id of sessions) {
    const item = lite.session(id);
    if (item) out.sessions[id] = item;
  }
  for (const id of turns) {
    const item = lite.turn(id);
    if (item) out.modelTurns[id] = item;
  }
  for (const id of tools) {
    const item = lite.tool(id);
    if (item) out.toolCalls[id] = item;
  }
  return out;
}

/** Sessions and turns a resume plan names (so its lists can link them). */
export function planRefs(lite: LiteItems, plan: ResumePlan | null): HarnessRefs {
  return harnessRefs(lite, plan?.sessionsRestarted ?? [], plan?.modelCallsReinvoked.map((m) => m.modelTurnId) ?? [], []);
}

/** The harness items of a detail (already cut to previews). */
export function detailItems(harness: RunDetail['harness']): LiteItems {
  return { session: (id) => harness.sessions[id], turn: (id) => harness.modelTurns[id], tool: (id) => harness.toolCalls[id] };
}

/** The head of a folded run, before its lists exist; the items it names are cut to previews here, priced with `table`. */
export function headOfFolded(folded: Pick<FoldedRun, 'core' | 'steps' | 'harness'>, table: PriceTable): RunHeadCore {
  const { harness } = folded;
  const lite: LiteItems = {
    session: (id) => (harness.sessions[id] ? liteSession(harness.sessions[id]) : undefined),
    turn: (id) => (harness.modelTurns[id] ? liteTurn(harness.modelTurns[id], table) : undefined),
    tool: () => undefined,
  };
  const { steps } = folded;
  // One report row per step (the rows themselves are sorted only when read: runReportSortedOnRead).
  return runHead(folded.core, steps, harness, lite, steps.length);
}

/** The head of a whole detail. */
export function headOfDetail(detail: RunDetail): RunHeadCore {
  const { steps, harness, timeline: _timeline, ...core } = detail;
  return runHead(core, steps, harness, detailItems(harness), core.report?.steps.length ?? 0);
}

/** The timeline without its rows: axis, breaks, resumes and how many rows come by window (`rows`: its rows, or their ids). */
export function timelineHead(timeline: TimelineModel, rows: ReadonlyArray<{ id: string }> = timeline.rows): TimelineHead {
  const { rows: _rows, ...rest } = timeline;
  return { ...rest, rowCount: rows.length, hasLoopEvents: rows.some((r) => r.id === 'loopctl:events') };
}

/** The head: the core with the steps counted by status and the harness view's counts and named items. */
function runHead(core: RunDetailCore, steps: ReadonlyArray<{ status: StepStatus }>, harness: HeadHarness, lite: LiteItems, reportSteps: number): RunHeadCore {
  const { report, findings: _findings, boundary, ...rest } = core;
  const plan = planRefs(lite, boundary?.resumePlan ?? null);
  const resumed = harnessRefs(
    lite,
    harness.resumes.flatMap((r) => [r.sessionId, r.previousSessionId]),
    [],
    [],
  );
  return {
    ...rest,
    // A completed 22,000-step run's plan skips 22,000 steps: the head keeps the first few.
    boundary: boundary === null ? null : { ...boundary, resumePlan: { ...boundary.resumePlan, stepsSkipped: boundary.resumePlan.stepsSkipped.slice(0, HEAD_SKIPPED_STEPS) } },
    stepsSkippedCount: boundary?.resumePlan.stepsSkipped.length ?? 0,
    steps: { count: steps.length, byStatus: stepCounts(steps) },
    harness: {
      runId: harness.runId,
      parentRunId: harness.parentRunId,
      subRuns: harness.subRuns,
      resumes: harness.resumes,
      counts: {
        sessions: harness.sessions.length,
        modelTurns: harness.modelTurns.length,
        toolCalls: harness.toolCalls.length,
        inFlightTurns: harness.modelTurns.filter((t) => t.status === 'in-flight').length,
        inFlightTools: harness.toolCalls.filter((c) => c.status === 'in-flight').length,
      },
      refs: { sessions: { ...plan.sessions, ...resumed.sessions }, modelTurns: plan.modelTurns, toolCalls: {} },
      initial: initialSelection(harness),
    },
    // The rows counted, not read (reading a folded run's sorts them).
    report: report === null ? null : { runId: report.runId, status: report.status, ...(report.unattributed ? { unattributed: report.unattributed } : {}), total: report.total, hasUnpricedCalls: report.hasUnpricedCalls, rowCount: reportSteps + (report.unattributed ? 1 : 0) },
  };
}

/** Deep-linked nothing: the first thing in flight (the reason people come here), else the first turn, tool or session. */
function initialSelection(harness: HeadHarness): HarnessSelection | null {
  const turn = harness.modelTurns.find((t) => t.status === 'in-flight');
  if (turn) return { kind: 'turn', id: turn.id };
  const tool = harness.toolCalls.find((c) => c.status === 'in-flight');
  if (tool) return { kind: 'tool', id: tool.id };
  if (harness.modelTurns[0]) return { kind: 'turn', id: 0 };
  if (harness.toolCalls[0]) return { kind: 'tool', id: 0 };
  return harness.sessions[0] ? { kind: 'session', id: harness.sessions[0].id } : null;
}
