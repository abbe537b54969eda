/**
 * What the run view receives first (`run.detail`): the run's head, a few kilobytes however
 * long the run. The long lists (steps, timeline rows, turn rows, report rows) stay in main and
 * come by window (`run.slice`), single items by address (`run.step`, `run.harness`), and the
 * cost charts as one aggregate (`run.costs`). A 200,000-event run's full detail is ~78 MB of
 * JSON; parsing that in the renderer froze it for a second.
 */
import type { ModelCost, CallCost, CumulativePoint, StepCostDatum } from '../costs/cost-data';
import type { Diagnostic } from '../diagnostics';
import type { SkippedStep } from '../fold/crash/crash-types';
import type { StepStatus } from '../fold/run-state-types';
import type { RunReport, RunReportRow } from '../report/run-report';
import type { TimelineModel, TimelineRow } from '../timeline/timeline-types';
import type { EventFilterSpec, EventRow, LiteHarnessView, RunDetail, StepDetail } from './run-detail-types';
import type { TurnRow } from './turn-rows';

export type LiteSession = LiteHarnessView['sessions'][number];
export type LiteTurn = LiteHarnessView['modelTurns'][number];
export type LiteTool = LiteHarnessView['toolCalls'][number];

/** Harness items by id, holding only those a view needs (a window, a detail pane, a resume plan). */
export type HarnessRefs = {
  sessions: Record<number, LiteSession>;
  modelTurns: Record<number, LiteTurn>;
  toolCalls: Record<number, LiteTool>;
};

/** A session, turn or tool call of the harness view. */
export type HarnessSelection = { kind: 'session' | 'turn' | 'tool'; id: number };

/** The harness view's small parts, counts, and the items the head's own views name. */
export type HarnessHead = Pick<LiteHarnessView, 'runId' | 'parentRunId' | 'subRuns' | 'resumes'> & {
  counts: { sessions: number; modelTurns: number; toolCalls: number; inFlightTurns: number; inFlightTools: number };
  /** Sessions the resume markers name, and the sessions and turns of the resume plan. */
  refs: HarnessRefs;
  /** What the turns view opens on: the first thing in flight, else the first turn, tool or session. */
  initial: HarnessSelection | null;
};

/** Steps by status, without the steps. */
export type StepsHead = { count: number; byStatus: Record<StepStatus, number> };

/** The timeline without its rows (axis, breaks, resumes); rows come by window. */
export type TimelineHead = Omit<TimelineModel, 'rows'> & { rowCount: number; hasLoopEvents: boolean };

/** `little report` without its step rows (they come by window); `rowCount` counts them. */
export type ReportHead = Omit<RunReport, 'steps'> & { rowCount: number };

/**
 * The run view's first answer: built from the fold alone, before the long lists (the timeline's
 * head comes with them: `run.timeline`).
 */
export type RunHead = Omit<RunDetail, 'steps' | 'harness' | 'timeline' | 'report' | 'findings'> & {
  /** Integrity findings, or null while main still checks them (`run.findings` waits for them). */
  findings: Diagnostic[] | null;
  /**
   * Completed steps a resume skips. The boundary's `resumePlan.stepsSkipped` holds only the
   * first of them (every completed step of a long run otherwise); the rest come by `run.slice`.
   */
  stepsSkippedCount: number;
  /** Which build of the run's model in main this head came from: a new build (more events, a rewritten log, another price table) means every window is fetched again. */
  build: number;
  steps: StepsHead;
  harness: HarnessHead;
  report: ReportHead | null;
};

/** The head as a build makes it; main adds the build's number and the findings once checked. */
export type RunHeadCore = Omit<RunHead, 'build' | 'findings'>;

/** Timeline rows folded away: `collapsed` lists the collapsed groups, or with `allCollapsed` the groups left open. */
export type TimelineFold = { allCollapsed: boolean; ids: string[] };

/** A window request of one long list. */
export type SliceSpec =
  | { section: 'steps'; from: number; count: number; /** Substring of the step path (case-insensitive). */ query?: string; /** Report the index of this step path in the (filtered) list. */ find?: string }
  | { section: 'timeline'; from: number; count: number; fold: TimelineFold; /** Report the visible index of the row opening this step. */ find?: string }
  | { section: 'turns'; from: number; count: number; find?: HarnessSelection }
  | { section: 'report'; from: number; count: number }
  | { section: 'skipped'; from: number; count: number }
  | {
      section: 'events';
      from: number;
      count: number;
      /** Only events passing this filter (unset: every event; item i is then sequence i + 1). */
      filter?: EventFilterSpec;
      /** Report the index of the event with this sequence in the (filtered) list. */
      find?: number;
    };

/** A window of a list the run's model holds (every section but `events`, which is read from the log). */
export type ModelSliceSpec = Exclude<SliceSpec, { section: 'events' }>;

/** What one item of each section is. */
export type SliceItem = {
  steps: StepDetail;
  /** A visible row with its index among all rows (hover and keys address rows by it). */
  timeline: { index: number; row: TimelineRow };
  turns: TurnRow;
  report: RunReportRow;
  /** A completed step a resume skips (the crash boundary's plan). */
  skipped: SkippedStep;
  /** A row of the raw log; null where the log has no event with the sequence (a gap). */
  events: EventRow | null;
};

/** A window of a section: `items` start at `from`; `total` counts the whole (filtered) list. */
export type Slice<S extends SliceSpec['section'] = SliceSpec['section']> = {
  section: S;
  from: number;
  total: number;
  items: Array<SliceItem[S]>;
  /** Index of `find` in the list, -1 when absent (only when asked). */
  found?: number;
  /** Turns windows: the sessions, turns and tool calls their rows show. */
  refs?: HarnessRefs;
  /**
   * The build of the run's model the window was cut from (see {@link RunHead.build}); 0 for
   * `events`, which are read from the log itself (they need no fold, so a big run's log shows at once).
   */
  build: number;
};

/** One step with the harness sessions that ran it. */
export type StepView = { step: StepDetail; sessions: LiteSession[] };

/** The costs tab's charts, aggregated in main. */
export type CostsModel = {
  /** Steps with model calls, top 25 by cost (unpriced ones kept, never drawn as 0). */
  stepCosts: StepCostDatum[];
  /** Steps with model calls, top 25 by tokens. */
  stepTokens: StepCostDatum[];
  /** Steps with model calls in all, and the unpriced calls among them. */
  stepsWithCalls: number;
  unpricedStepCalls: number;
  /** The cumulative priced spend, thinned to at most ~500 points (the last one is the exact total). */
  points: CumulativePoint[];
  unpricedCalls: number;
  /** Responded calls the charts priced, and the first 200 of them for the table. */
  callCount: number;
  firstCalls: CallCost[];
  models: ModelCost[];
};

/** The items of `slice` typed as `section`'s (empty when the slice is of another section). */
export function sliceItems<S extends SliceSpec['section']>(slice: Slice, section: S): Array<SliceItem[S]> {
  return slice.section === section ? (slice.items as Array<SliceItem[S]>) : [];
}
