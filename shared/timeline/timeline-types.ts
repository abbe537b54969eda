/**
 * The step timeline (Gantt) model: built in main from a run's folded steps, harness view and
 * event times, sent with the run detail, and drawn by the renderer without further work.
 *
 * Times are kept twice: real ISO timestamps (for tooltips) and "axis" milliseconds on a
 * broken time axis, where every quiet stretch longer than a minute (a crash, a resume, a slow
 * tool) is collapsed to a short break so a 42-minute downtime does not squash a 3-second run.
 */
import type { UsageTotals } from '../fold/run-state-types';
import type { DensityBins, VisitSummary } from './visit-density';

/** Status of a bar or row. `crashed`: open at the end of a log whose run crashed. */
export type TimelineStatus = 'completed' | 'failed' | 'running' | 'crashed' | 'pending';

/** What a row stands for. Only `step` rows (and attempt groups) open a step. */
export type TimelineRowKind = 'step' | 'branch' | 'attempt-group' | 'visits' | 'session';

/** One attempt (or one span of a synthetic row) on the axis. */
export type TimelineSegment = {
  /** `attempt_<n>` for step attempts. */
  attemptId?: string;
  status: TimelineStatus;
  startedAt: string;
  /** Absent while open. */
  finishedAt?: string;
  /** Axis milliseconds (see the module comment). */
  a0: number;
  a1: number;
  /** No terminal event: drawn open-ended to the log's last event. */
  open: boolean;
};

/** A thin sub-segment: a harness session, model call or tool call of the row's step; or a point event (loopctl compaction, fallback, model switch, detection). */
export type TimelineMark = {
  kind: 'session' | 'model' | 'tool' | 'event';
  label: string;
  status: TimelineStatus;
  startedAt?: string;
  finishedAt?: string;
  a0: number;
  a1: number;
  open: boolean;
};

/** One row, in display order (pre-order of the step tree). */
export type TimelineRow = {
  /** Unique: the step path, or a synthetic id for groups (`review@attempt_2`, `session:3`). */
  id: string;
  kind: TimelineRowKind;
  /** Short display label (`[v1.2]`, `visit[1]`, `score`); the full path is `stepPath`/`id`. */
  label: string;
  /** The step this row opens (attempt groups open their parallel step). */
  stepPath?: string;
  depth: number;
  /** Index of the parent row, -1 at the top. */
  parent: number;
  /** Rows below this one that belong to its subtree (skip them when collapsed). */
  descendants: number;
  status: TimelineStatus;
  segments: TimelineSegment[];
  marks: TimelineMark[];
  usage?: UsageTotals;
  /** A visits group of more than a few visits: shown folded as one row (visit-density.ts). */
  visits?: VisitSummary;
  /** Axis span of the row and its subtree. */
  a0: number;
  a1: number;
};

/** A collapsed quiet stretch of the axis. */
export type TimelineBreak = {
  startAt: string;
  endAt: string;
  durationMs: number;
  /** `resume`: a harness session was resumed across it; `idle`: nothing was written. */
  kind: 'resume' | 'idle';
  /** Axis milliseconds where the break starts and ends (its drawn width). */
  a0: number;
  a1: number;
};

/** A "resumed here" marker (a repeated harness session start). */
export type TimelineResume = { a: number; at: string; gapMs: number | null; sessionId: number; stepPath?: string };

/** A stretch of real time drawn at 1:1 scale. `a0` is where `realStart` lands on the axis. */
export type AxisSpan = { realStart: number; realEnd: number; a0: number };

/** The broken time axis: real ms offsets from `originAt` mapped piecewise to axis ms. */
export type TimelineAxis = {
  originAt: string | null;
  /** Real length of the run in ms (first to last event). */
  realMs: number;
  /** Length of the drawn axis in axis ms. */
  axisMs: number;
  spans: AxisSpan[];
  breaks: TimelineBreak[];
};

/** The whole timeline of a run. */
export type TimelineModel = {
  axis: TimelineAxis;
  rows: TimelineRow[];
  resumes: TimelineResume[];
  /** Steps in the fold (rows also include groups and step-less sessions). */
  stepCount: number;
  /** The run's crash verdict made open bars `crashed`. */
  crashed: boolean;
  /** Step attempts and sessions started per slice of the whole axis (the minimap). */
  density: DensityBins;
};
