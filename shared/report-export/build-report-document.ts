/** Build the exported report document from a run's detail (pure: no I/O, no clock). */
import { boundaryInFlightCalls, inFlightModelCalls } from '../fold/crash/in-flight-calls';
import type { ResumeAudit } from '../compare/resume-audit';
import { formatRunReportTable } from '../report/run-report-table';
import type { RunDetail } from '../run/run-detail-types';
import { sortNotes, type Note } from '../notes/note-types';
import { capMaybePreview, capPreview, capPreviewOrFull } from './capped-text';
import { fromSharedTimeline } from './from-shared-timeline';
import { harnessSection, type ReportBodies } from './harness-section';
import { durationBetween } from './report-time';
import { REPORT_DOCUMENT_FORMAT, type ReportStep, type RunOverview, type RunReportDocument, type TimelineModel } from './report-document-types';
import { buildTimeline } from './timeline-model';
import { runDisplayStatus } from '../status/display-status';

export type { ReportBodies } from './harness-section';

/** Everything besides the detail: who exports, when, the text cap, and optional extras. */
export type BuildReportOptions = {
  exportedAt: string;
  inspectorVersion: string;
  maxText: number;
  /** Full bodies fetched from the log where the detail only has short previews. */
  bodies?: ReportBodies;
  /** A timeline to use instead of the detail's own (`RunDetail.timeline`) or the one drawn from step attempts. */
  timeline?: TimelineModel;
  /** The resume audit (shared/compare) when the run was resumed. */
  audit?: ResumeAudit | null;
  /** The run's notes (src-main/app-state `notesForRun`); none when absent. */
  notes?: readonly Note[];
};

/** The report document of `detail`. */
export function buildReportDocument(detail: RunDetail, options: BuildReportOptions): RunReportDocument {
  const max = options.maxText;
  // The run view's own timeline when the detail has one (same picture as the app), else one
  // drawn from the step attempts.
  const timeline =
    options.timeline ??
    (detail.timeline === undefined ? undefined : fromSharedTimeline(detail.timeline)) ??
    buildTimeline({
      steps: detail.steps,
      resumes: detail.harness.resumes,
      runStartedAt: detail.state.startedAt,
      runFinishedAt: detail.state.finishedAt,
      firstRecordedAt: detail.firstRecordedAt,
      lastRecordedAt: detail.lastRecordedAt,
    });
  return {
    format: REPORT_DOCUMENT_FORMAT,
    exportedAt: options.exportedAt,
    inspector: { name: 'Little Inspector', version: options.inspectorVersion },
    maxText: max,
    run: overview(detail, max),
    report: detail.report,
    reportError: detail.reportError,
    cost: { totals: detail.state.usage, inFlightCalls: boundaryInFlightCalls(detail), table: detail.report === null ? null : formatRunReportTable(detail.report), pricing: detail.pricing },
    timeline,
    steps: detail.steps.map((step): ReportStep => ({
      stepPath: step.stepPath,
      status: step.status,
      uses: step.uses ?? metadataUses(step.metadata),
      usage: step.usage,
      inFlightCalls: inFlightModelCalls(detail.boundary?.inFlight ?? [], step.stepPath),
      attempts: step.attempts.map((a) => ({
        attemptId: a.attemptId,
        status: a.status,
        startedAt: a.startedAt,
        finishedAt: a.finishedAt ?? null,
        durationMs: durationBetween(a.startedAt, a.finishedAt),
        error: a.error === undefined ? null : capMaybePreview(a.error, max),
      })),
      error: step.error === undefined ? null : capPreview(step.error, max),
      output: capPreviewOrFull(step.output, options.bodies?.stepOutputs?.[step.stepPath], max),
      outputRef: step.outputRef ?? null,
      artifactRefs: step.artifactRefs,
      firstSequence: step.firstSequence ?? null,
      lastSequence: step.lastSequence ?? null,
    })),
    harness: harnessSection(detail.harness, max, options.bodies),
    boundary:
      detail.boundary === null
        ? null
        : { lastEvent: detail.boundary.lastEvent ?? null, inFlight: detail.boundary.inFlight, inferredStatus: detail.boundary.inferredStatus ?? null, verdict: detail.boundary.verdict },
    resumePlan: detail.boundary?.resumePlan ?? null,
    audit: options.audit ?? null,
    findings: detail.findings,
    redactions: null,
    notes: sortNotes(options.notes ?? []).map((n) => ({ target: n.target, text: n.text, createdAt: n.createdAt, updatedAt: n.updatedAt })),
  };
}

function overview(detail: RunDetail, max: number): RunOverview {
  const { summary, state, boundary } = detail;
  const startedAt = state.startedAt ?? summary.startedAt ?? detail.firstRecordedAt;
  const finishedAt = state.finishedAt ?? null;
  return {
    runId: summary.runId,
    dataDir: summary.dataDir,
    status: state.status,
    statusInferred: summary.statusInferred,
    crashed: summary.crashed,
    verdict: boundary === null ? (summary.verdict === null ? null : { kind: runDisplayStatus(summary), reason: summary.verdict }) : { kind: boundary.verdict.kind, reason: boundary.verdict.reason },
    startedAt,
    finishedAt,
    // A run without a terminal event lasted at least until its last event.
    durationMs: durationBetween(startedAt, finishedAt ?? detail.lastRecordedAt),
    workflowVersionId: state.workflowVersionId ?? summary.workflowVersionId,
    label: summary.label,
    tags: summary.tags,
    parentRunId: summary.parentRunId,
    outerLoopId: summary.outerLoopId ?? null,
    eventCount: state.eventCount,
    firstRecordedAt: detail.firstRecordedAt,
    lastRecordedAt: detail.lastRecordedAt,
    lock: detail.lock,
    output: state.output === undefined ? null : capPreview(state.output, max),
    error: state.error === undefined ? null : capPreview(state.error, max),
  };
}

function metadataUses(metadata: Record<string, unknown> | undefined): string | null {
  return typeof metadata?.uses === 'string' ? metadata.uses : null;
}
