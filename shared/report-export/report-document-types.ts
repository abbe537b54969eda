/**
 * The exported run report as data: one versioned, JSON-able document built from a RunDetail.
 * Every format (HTML, Markdown, JSON, PDF) renders this one document; `docs/report-schema.json`
 * describes its JSON form.
 */
import type { ResumeAudit } from '../compare/resume-audit';
import type { Diagnostic } from '../diagnostics';
import type { InFlightItem, InferredRunStatus, ResumePlan, RunVerdict } from '../fold/crash/crash-types';
import type { ResumeMarker, SubRunLink } from '../fold/harness/harness-types';
import type { StepStatus, UsageTotals } from '../fold/run-state-types';
import type { PricingProvenance } from '../pricing/staleness';
import type { RunReport } from '../report/run-report';
import type { RedactionSummary } from '../redact/redaction-types';
import type { LockInfo } from '../run/run-detail-types';
import type { NoteTarget } from '../notes/note-types';

/** The `format` tag of every exported document; bumped on any breaking change. */
export const REPORT_DOCUMENT_FORMAT = 'little-inspector/run-report@1';

/** Default cap, in characters, of every untrusted text in the report (outputs, args, responses). */
export const DEFAULT_MAX_TEXT = 2000;

/** The four export formats. */
export type ExportFormat = 'html' | 'md' | 'json' | 'pdf';

/** Every export format, in the order the CLI lists them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['html', 'md', 'json', 'pdf'];

/** A text cut to the report's `maxText` characters; `totalChars` is its full length. */
export type CappedText = { text: string; truncated: boolean; totalChars: number };

/** Run-level facts: status, verdict, times, version, label and tags. */
export type RunOverview = {
  runId: string;
  dataDir: string;
  status: string;
  statusInferred: boolean;
  crashed: boolean;
  verdict: { kind: string; reason: string } | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  workflowVersionId: string | null;
  label: string | null;
  tags: string[];
  parentRunId: string | null;
  outerLoopId: string | null;
  eventCount: number;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
  lock: LockInfo;
  output: CappedText | null;
  error: CappedText | null;
};

/** Cost and tokens: the run totals, the `little report --table` text and the price table used. */
export type CostSummary = {
  totals: UsageTotals;
  /** Model calls the log ends inside: their cost is unknown, so `totals.costUsd` is no measured figure beside them. */
  inFlightCalls: number;
  /** Byte-identical to `little report --table`, or null when the report could not be built. */
  table: string | null;
  pricing: PricingProvenance;
};

/** One attempt bar of the timeline; `open` when it has no end (in flight at the end of the log). */
export type TimelineBar = { attemptId: string; status: string; startMs: number; endMs: number; open: boolean };

/** One timeline row: a step (indented by `depth` under its parent) and its attempt bars. */
export type TimelineRow = { stepPath: string; label: string; depth: number; status: string; bars: TimelineBar[] };

/**
 * A quiet stretch drawn as a break (a crash and its resume, or a long idle): `startMs`/`endMs`
 * on the timeline's axis, `gapMs` of real time it stands for.
 */
export type TimelineBreak = { startMs: number; endMs: number; gapMs: number; label: string };

/**
 * The step timeline in axis milliseconds from `origin` (an ISO time). Outside breaks the axis
 * runs at real time; each break stands for `gapMs` of real time.
 */
export type TimelineModel = { origin: string | null; endMs: number; rows: TimelineRow[]; breaks: TimelineBreak[] };

/** One step attempt as exported. */
export type ReportAttempt = { attemptId: string; status: string; startedAt: string; finishedAt: string | null; durationMs: number | null; error: CappedText | null };

/** One step: attempts, errors, usage, cost, output preview. */
export type ReportStep = {
  stepPath: string;
  status: StepStatus;
  uses: string | null;
  usage: UsageTotals;
  /** This step's model calls the log ends inside (their cost is unknown). */
  inFlightCalls: number;
  attempts: ReportAttempt[];
  error: CappedText | null;
  output: CappedText | null;
  outputRef: string | null;
  artifactRefs: string[];
  firstSequence: number | null;
  lastSequence: number | null;
};

/** A harness session, without its result body. */
export type ReportSession = {
  id: number;
  role: string | null;
  stepPath: string | null;
  status: string;
  startedAt: string;
  endedAt: string | null;
  resumeOfSessionId: number | null;
  modelTurns: number;
  toolCalls: number;
};

/** A model turn: model, status, usage and the answer's text (capped). */
export type ReportModelTurn = {
  id: number;
  callId: string | null;
  turn: number | null;
  sessionId: number | null;
  stepPath: string | null;
  status: string;
  model: string | null;
  calledAt: string | null;
  respondedAt: string | null;
  durationMs: number | null;
  failures: number;
  completedAfterResume: boolean;
  usage: Record<string, number>;
  /** The turn priced with the table the export was made with (null: unpriced or no usage). */
  costUsd: number | null;
  response: CappedText | null;
  calledSequence: number | null;
  respondedSequence: number | null;
};

/** A tool call: name, status, args, result or error (each capped). */
export type ReportToolCall = {
  id: number;
  callId: string | null;
  toolName: string | null;
  sessionId: number | null;
  stepPath: string | null;
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
  completedAfterResume: boolean;
  subRunId: string | null;
  args: CappedText | null;
  result: CappedText | null;
  error: CappedText | null;
  startedSequence: number | null;
  endSequence: number | null;
};

/** Harness activity of the run. */
export type ReportHarness = {
  sessions: ReportSession[];
  modelTurns: ReportModelTurn[];
  toolCalls: ReportToolCall[];
  subRuns: SubRunLink[];
  resumes: ResumeMarker[];
};

/** The crash boundary: where the log stops, what was open, the verdict. */
export type ReportBoundary = {
  lastEvent: { sequence: number; type: string; recordedAt: string } | null;
  inFlight: InFlightItem[];
  inferredStatus: InferredRunStatus | null;
  verdict: RunVerdict;
};

/** A note a person pinned to the run, a step or an event (the user's own text, never HTML). */
export type ReportNote = { target: NoteTarget; text: string; createdAt: string; updatedAt: string };

/** The whole exported report (see docs/report-schema.json). */
export type RunReportDocument = {
  format: typeof REPORT_DOCUMENT_FORMAT;
  exportedAt: string;
  inspector: { name: string; version: string };
  maxText: number;
  run: RunOverview;
  /** Exactly `little report`'s JSON, or null when little-workflow would refuse the log. */
  report: RunReport | null;
  reportError: string | null;
  cost: CostSummary;
  timeline: TimelineModel;
  steps: ReportStep[];
  harness: ReportHarness;
  boundary: ReportBoundary | null;
  resumePlan: ResumePlan | null;
  /** The resume audit (shared/compare) when the run was resumed, else null. */
  audit: ResumeAudit | null;
  findings: Diagnostic[];
  /** What redaction took out (rule, count, where; never values), or null when the export was not redacted. */
  redactions: RedactionSummary | null;
  /** Notes pinned in the app (its state folder), run notes first, then steps by path, then events by sequence. */
  notes: ReportNote[];
};
