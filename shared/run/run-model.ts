/**
 * One run's detail kept in main, served to the run view in pieces: a small head, windows of
 * the long lists, single items by address, and the cost charts' aggregate. The expensive parts
 * (turn rows, priced calls) are prepared beside the detail in the worker
 * ({@link prepareRunModel}); what happens per request here is slicing and O(n) filtering over
 * the lists' keys. The long lists are read through `ModelLists` (./model-lists.ts): the
 * worker's arrive packed and only the windows asked for are unpacked.
 */
import { ok, type Diagnostic, type Result } from '../diagnostics';
import type { PriceTable } from '../pricing/price-table-types';
import { CHART_STEP_LIMIT, costByModel, cumulativeCost, pricedTurns, stepCostData, topBy, type CumulativePoint } from '../costs/cost-data';
import { formatRunReportTable } from '../report/run-report-table';
import type { ResumePlan } from '../fold/crash/crash-types';
import type { RunDetail } from './run-detail-types';
import { joinRunDetail, runDetailLists, type FoldedRun } from './folded-run';
import type {
  CostsModel,
  HarnessRefs,
  HarnessSelection,
  RunHead,
  RunHeadCore,
  Slice,
  SliceItem,
  ModelSliceSpec,
  StepView,
  TimelineFold,
  TimelineHead,
} from './run-head-types';
import { harnessRefs, headOfDetail, planRefs as namedByPlan, timelineHead, type LiteItems } from './run-head';
import { buildTurnRows, showsItem, type TurnRow } from './turn-rows';
import { visibleRows } from '../timeline/visible-rows';
import { listedDetail, wholeDetail, wholeDetailInTurns, type ItemList, type ListedDetail, type RowKey } from './model-lists';

/** Calls listed under the cumulative chart. */
export const CALL_TABLE_LIMIT = 200;
/** Most points of the cumulative-cost area sent to the renderer. */
export const MAX_CUMULATIVE_POINTS = 500;

/** A detail with what the worker derived from it. */
export type RunModelData = { detail: RunDetail; turnRows: TurnRow[]; costs: CostsModel };
/** The same, its detail read through its lists (the worker's lists, unpacked in main on demand). */
export type ListedModelData = { listed: ListedDetail; turnRows: TurnRow[]; costs: CostsModel };

/** The whole detail of either form (a listed one's lists unpacked whole). */
export function modelDetail(data: RunModelData | ListedModelData): RunDetail {
  return 'detail' in data ? data.detail : wholeDetail(data.listed);
}

/**
 * The lists of a folded run (step rows, the harness view cut to previews and the timeline) with
 * its turn rows and priced calls (O(n log n) over every turn): what the worker sends after the head.
 */
export function modelDataOfFolded(folded: FoldedRun, table: PriceTable, now: Date): RunModelData {
  return prepareRunModel(joinRunDetail(folded.core, runDetailLists(folded, table)), table, now);
}

/** Derive the turn rows and the cost aggregate (run in the worker: O(n log n) over every turn); prices from `table`. */
export function prepareRunModel(detail: RunDetail, table: PriceTable, now: Date): RunModelData {
  return { detail, turnRows: buildTurnRows(detail.harness), costs: costsModel(detail, table, now) };
}

/** The cost charts of `detail`; per-call figures priced with `table` (the library's active table, as the report). */
export function costsModel(detail: RunDetail, table: PriceTable, now: Date): CostsModel {
  const steps = detail.report ? stepCostData(detail.report) : [];
  const unpriced = steps.filter((d) => d.costUsd === null);
  const priced = topBy(
    steps.filter((d) => d.costUsd !== null),
    (d) => d.costUsd ?? 0,
    Math.max(0, CHART_STEP_LIMIT - Math.min(unpriced.length, CHART_STEP_LIMIT)),
  );
  const calls = pricedTurns(detail.harness.modelTurns, table);
  const cumulative = cumulativeCost(calls);
  return {
    stepCosts: [...priced, ...unpriced.slice(0, CHART_STEP_LIMIT)],
    stepTokens: topBy(steps, (d) => d.totalTokens, CHART_STEP_LIMIT),
    stepsWithCalls: steps.length,
    unpricedStepCalls: steps.reduce((n, d) => n + d.unpricedCalls, 0),
    points: thinPoints(cumulative.points, MAX_CUMULATIVE_POINTS),
    unpricedCalls: cumulative.unpricedCalls,
    callCount: calls.length,
    firstCalls: calls.slice(0, CALL_TABLE_LIMIT),
    models: costByModel(calls, table, now),
  };
}

/** At most ~`max` points of a running total, evenly picked, always keeping the last (the exact total). */
export function thinPoints(points: readonly CumulativePoint[], max: number): CumulativePoint[] {
  if (points.length <= max) return [...points];
  const stride = Math.ceil(points.length / max);
  const kept = points.filter((_, i) => i % stride === 0);
  if (kept.at(-1) !== points.at(-1)) kept.push(points.at(-1)!);
  return kept;
}

/** Served views of one run's model. */
export type RunModel = {
  /** The whole detail (exports): its lists are unpacked whole on each call, in turns, so nothing keeps it. */
  detail(): Promise<RunDetail>;
  head(): RunHead;
  /** The timeline's axis, breaks and row count (its rows come by window). */
  timeline(): TimelineHead;
  slice(spec: ModelSliceSpec): Slice;
  step(stepPath: string): StepView | null;
  harness(selection: HarnessSelection): HarnessRefs | null;
  /** Sessions and turns a resume plan names (so its lists can link them). */
  planRefs(plan: ResumePlan | null): HarnessRefs;
  costs(): CostsModel;
  reportText(): string | null;
  /** Why the run has no report (null when it has one). */
  reportError(): string | null;
  /** The integrity findings once checked (the detail's `findings` are filled in then). */
  findings(): Promise<Diagnostic[]>;
};

/**
 * Wrap prepared data as build number `build`; indexes are built on first use. `findings`:
 * the integrity check still running in the worker (absent: the detail has its findings).
 * `head`: the head the build sent first (absent: cut from the detail).
 */
/** What the integrity check found; a failed check is itself a finding: the log was not verified. */
export function findingsOfCheck(result: Result<Diagnostic[]>): Diagnostic[] {
  return result.ok ? result.value : [{ ...result.error, message: `The integrity check could not run: ${result.error.message}` }];
}

export function createRunModel(data: RunModelData | ListedModelData, build = 0, findings?: Promise<Result<Diagnostic[]>>, head?: RunHeadCore): RunModel {
  const { turnRows, costs } = data;
  const { shell, lists } = 'listed' in data ? data.listed : listedDetail(data.detail);
  const { keys } = lists;
  // The shell holds the findings once checked; a plain detail is whole already and kept in step.
  const whole = (): RunDetail => Object.assign(modelDetail(data), { findings: shell.findings });
  const wholeInTurns = async (): Promise<RunDetail> => Object.assign('detail' in data ? data.detail : await wholeDetailInTurns(data.listed), { findings: shell.findings });
  let checked = findings === undefined;
  const checkedFindings: Promise<Diagnostic[]> = (findings ?? Promise.resolve(ok(shell.findings))).then((result) => {
    shell.findings = findingsOfCheck(result);
    checked = true;
    return shell.findings;
  });
  const lite: LiteItems = { session: (id) => lists.sessions.at(id), turn: (id) => lists.modelTurns.at(id), tool: (id) => lists.toolCalls.at(id) };
  let headCore: RunHeadCore | null = head ?? null;
  let timeline: TimelineHead | null = null;
  let stepIndex: Map<string, number> | null = null;
  const stepAt = (path: string) => {
    stepIndex ??= new Map(keys.stepPaths.map((p, i) => [p, i]));
    return stepIndex.get(path);
  };
  const each = <T,>(list: ItemList<T>, indices: readonly number[]) => indices.map((i) => list.at(i)!);

  const refs = (sessions: Iterable<number>, turns: Iterable<number>, tools: Iterable<number>): HarnessRefs => harnessRefs(lite, sessions, turns, tools);
  const planRefs = (plan: ResumePlan | null): HarnessRefs => namedByPlan(lite, plan);

  return {
    detail: wholeInTurns,
    head() {
      headCore ??= headOfDetail(whole());
      return { ...headCore, build, findings: checked ? shell.findings : null };
    },
    timeline: () => (timeline ??= timelineHead(shell.timeline, keys.rows)),
    slice(spec) {
      const window = <T,>(list: readonly T[]) => list.slice(spec.from, spec.from + spec.count);
      const base = { section: spec.section, from: spec.from, build };
      switch (spec.section) {
        case 'steps': {
          const needle = spec.query?.trim().toLowerCase() ?? '';
          const paths = keys.stepPaths;
          // Filtered, the list is the indices of the steps whose path holds the needle.
          const matching = needle ? paths.flatMap((p, i) => (p.toLowerCase().includes(needle) ? [i] : [])) : null;
          const total = matching?.length ?? paths.length;
          const items = matching ? each(lists.steps, window(matching)) : lists.steps.slice(spec.from, spec.from + spec.count);
          const found = spec.find === undefined ? undefined : matching ? matching.findIndex((i) => paths[i] === spec.find) : paths.indexOf(spec.find);
          return { ...base, total, items, ...(found === undefined ? {} : { found }) };
        }
        case 'timeline': {
          const shown = visibleRowIndices(keys.rows, spec.fold);
          const found = spec.find === undefined ? undefined : shown.findIndex((i) => keys.rows[i].stepPath === spec.find);
          const items: Array<SliceItem['timeline']> = window(shown).map((index) => ({ index, row: lists.rows.at(index)! }));
          return { ...base, total: shown.length, items, ...(found === undefined ? {} : { found }) };
        }
        case 'turns': {
          const items = window(turnRows);
          const ids = rowIds(items);
          const found = spec.find === undefined ? undefined : turnRows.findIndex((r) => showsItem(r, spec.find!));
          return { ...base, total: turnRows.length, items, refs: refs(ids.sessions, ids.turns, ids.tools), ...(found === undefined ? {} : { found }) };
        }
        case 'skipped':
          return { ...base, total: shell.boundary?.resumePlan.stepsSkipped.length ?? 0, items: window(shell.boundary?.resumePlan.stepsSkipped ?? []) };
        case 'report': {
          const rows = shell.report ? (shell.report.unattributed ? [...shell.report.steps, shell.report.unattributed] : shell.report.steps) : [];
          return { ...base, total: rows.length, items: window(rows) };
        }
        default: {
          const never: never = spec;
          throw new Error(`unknown section ${(never as { section: string }).section}`);
        }
      }
    },
    step(stepPath) {
      const index = stepAt(stepPath);
      if (index === undefined) return null;
      const sessions = keys.sessionStepPaths.flatMap((p, i) => (p === stepPath ? [i] : []));
      return { step: lists.steps.at(index)!, sessions: each(lists.sessions, sessions) };
    },
    harness(selection) {
      if (selection.kind === 'session') {
        const s = lists.sessions.at(selection.id);
        return s ? refs([s.id], s.modelTurnIds, s.toolCallIds) : null;
      }
      if (selection.kind === 'turn') {
        const t = lists.modelTurns.at(selection.id);
        return t ? refs(t.sessionId === undefined ? [] : [t.sessionId], [t.id], t.toolCallItemIds) : null;
      }
      const c = lists.toolCalls.at(selection.id);
      return c ? refs(c.sessionId === undefined ? [] : [c.sessionId], c.requestedByTurnId === undefined ? [] : [c.requestedByTurnId], [c.id]) : null;
    },
    planRefs,
    costs: () => costs,
    reportText: () => (shell.report ? formatRunReportTable(shell.report) : null),
    reportError: () => shell.reportError,
    findings: () => checkedFindings,
  };
}

/** Indices of the timeline rows outside every folded group. */
function visibleRowIndices(rows: readonly RowKey[], fold: TimelineFold): number[] {
  return visibleRows(rows, { allCollapsed: fold.allCollapsed, ids: Object.fromEntries(fold.ids.map((id) => [id, true as const])) });
}

function rowIds(rows: readonly TurnRow[]) {
  const ids = { sessions: [] as number[], turns: [] as number[], tools: [] as number[] };
  for (const r of rows) {
    if (r.kind === 'session') ids.sessions.push(r.sessionId);
    else if (r.kind === 'resume') ids.sessions.push(r.sessionId, r.previousSessionId);
    else if (r.kind === 'turn') ids.turns.push(r.turnId);
    else if (r.kind === 'tool') ids.tools.push(r.toolId);
  }
  return ids;
}
