/**
 * loopctl runs in the inspector's existing view models: a `RunSummary` row for the run list
 * and a `RunDetail` for the run view (no steps, no `little report`, turns and tool calls in
 * the harness view, findings = the run's diagnostics with their line numbers).
 */
import { priceTurn } from '../costs/cost-data';
import type { Diagnostic } from '../diagnostics';
import type { HarnessSession } from '../fold/harness/harness-types';
import type { RunSummary } from '../library';
import type { PriceTable } from '../pricing/price-table-types';
import { pricingProvenance } from '../pricing/staleness';
import { jsonPreview } from './json-preview';
import type { LiteHarnessView, RunDetail } from './run-detail-types';
import { buildTimeline } from '../timeline/build-timeline';
import { withLoopEventsRow } from '../loopctl/loopctl-timeline-row';
import type { LoopctlModelTurn, LoopctlRun, LoopctlToolCall } from '../loopctl/loopctl-types';
import { runRecordCount } from '../loopctl/run-records';

/** What the run view of a loopctl run carries besides `RunDetail`: the fold itself (harness-shaped turns and calls). */
export type LoopctlRunDetail = { summary: RunSummary; run: LoopctlRun; findings: Diagnostic[] };

/** Why a loopctl run has no report, shown in place of it. */
export const LOOPCTL_REPORT_ERROR = 'loopctl runs have no `little report`: they come from loopctl observer ledgers (trajectory.jsonl / events.jsonl), not a little-workflow event log.';

const PREVIEW = 600;

/** The run-list row of a loopctl run (same fields as every other row, plus `source`). */
export function loopctlRunSummary(run: LoopctlRun, dataDir: string): RunSummary {
  const status = run.ended ? (run.outcome === 'success' ? 'completed' : 'failed') : run.abandoned ? 'failed' : 'running';
  const verdict = run.abandoned
    ? 'a later run of the same session started before this run ended'
    : !run.ended
      ? 'no run.ended yet: still running, or its process died (loopctl keeps no lock)'
      : run.outcome === 'partial'
        ? 'partial: the run failed, but some tool calls succeeded'
        : null;
  const session = run.sessionId.length > 8 ? `${run.sessionId.slice(0, 8)}…` : run.sessionId;
  return {
    runId: run.id,
    dataDir,
    status,
    statusInferred: !run.ended,
    crashed: run.abandoned,
    verdict,
    eventCount: run.eventCount,
    lastSequence: runRecordCount(run),
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    lastEventType: run.lastKind ?? (run.trajectoryRunId !== null ? 'trajectory.record' : null),
    parentRunId: null,
    outerLoopId: null,
    workflowVersionId: null,
    label: `loopctl session ${session} run ${run.ordinal || 't'}${run.eventsRunId !== null ? ` (run_id ${run.eventsRunId})` : ''}`,
    tags: ['loopctl', ...(run.outcome !== null ? [`outcome:${run.outcome}`] : [])],
    inputTokens: run.usage.inputTokens,
    outputTokens: run.usage.outputTokens,
    costUsd: run.usage.costUsd,
    source: 'loopctl',
  };
}

/** The harness-view part: one synthetic session holding every turn and tool call (turns priced with `table`). */
export function loopctlHarness(run: LoopctlRun, table: PriceTable): LiteHarnessView {
  const session: Omit<HarnessSession, 'result' | 'error'> = {
    id: 0,
    role: 'loopctl',
    manifestKind: 'unknown',
    scopeKey: '__global__',
    status: run.ended ? (run.outcome === 'success' ? 'completed' : 'failed') : 'open',
    startSequence: 1,
    startedAt: run.startedAt ?? '',
    ...(run.finishedAt !== null ? { endedAt: run.finishedAt } : {}),
    modelTurnIds: run.modelTurns.map((t) => t.id),
    toolCallIds: run.toolCalls.map((c) => c.id),
    executeStepIds: [],
    sequences: [],
  };
  return {
    runId: run.id,
    sessions: [session],
    modelTurns: run.modelTurns.map((t) => liteTurn(t, table)),
    toolCalls: run.toolCalls.map(liteCall),
    subRuns: [],
    resumes: [],
    unpairedSequences: run.toolCalls.filter((c) => c.startedSequence === undefined && c.endSequence !== undefined).map((c) => c.endSequence!),
    eventCount: run.eventCount,
    ...(run.lastSeq > 0 ? { lastSequence: run.lastSeq } : {}),
  };
}

function liteTurn(t: LoopctlModelTurn, table: PriceTable): LiteHarnessView['modelTurns'][number] {
  const { query, querySource: _qs, responseText, usage, durationMs: _d, stopReason: _s, modelSource: _m, costUsd: _c, lines: _l, ...rest } = t;
  return {
    ...rest,
    sessionId: 0,
    price: priceTurn({ ...rest, usage }, table),
    ...(usage !== undefined ? { usage } : {}),
    ...(query !== undefined ? { requestText: jsonPreview(query, PREVIEW) } : {}),
    ...(responseText !== undefined ? { responseText: jsonPreview(responseText, PREVIEW) } : {}),
  };
}

function liteCall(c: LoopctlToolCall): LiteHarnessView['toolCalls'][number] {
  const { attempt: _a, resultHash: _h, isError: _e, durationMs: _d, source: _s, lines: _l, args: _args, result: _result, error: _error, ...rest } = c;
  return { ...rest, sessionId: 0 };
}

/** The run view's `RunDetail` of a loopctl run. */
export function loopctlRunDetailView(detail: LoopctlRunDetail, table: PriceTable, now: Date): RunDetail {
  const { run, summary } = detail;
  const harness = loopctlHarness(run, table);
  const times = [run.startedAt, ...run.timeline.map((e) => e.ts), ...run.modelTurns.flatMap((t) => [t.calledAt, t.respondedAt]), ...run.toolCalls.flatMap((c) => [c.startedAt, c.endedAt]), run.finishedAt].filter(
    (t): t is string => typeof t === 'string' && t !== '',
  );
  const recordedAt = [...times].sort();
  const status = summary.status;
  return {
    ref: { dataDir: summary.dataDir, runId: run.id },
    summary,
    state: {
      runId: run.id,
      status,
      ...(run.startedAt !== null ? { startedAt: run.startedAt } : {}),
      ...(run.finishedAt !== null ? { finishedAt: run.finishedAt } : {}),
      ...(run.error !== null ? { error: jsonPreview(run.error, 4000) } : {}),
      usage: run.usage,
      artifacts: [],
      eventCount: run.eventCount,
    },
    steps: [],
    report: null,
    reportError: LOOPCTL_REPORT_ERROR,
    boundary: null,
    harness,
    timeline: withLoopEventsRow(buildTimeline({ steps: [], harness, boundary: null, recordedAt }), run.timeline),
    findings: detail.findings,
    pricing: pricingProvenance(table, now),
    lock: { state: 'none', pid: null, createdAt: null },
    eventTypeCounts: { ...run.kindCounts },
    firstRecordedAt: recordedAt[0] ?? null,
    lastRecordedAt: recordedAt.at(-1) ?? null,
    lastSequence: runRecordCount(run),
  };
}

/** The findings of one run: its own diagnostics, then line diagnostics of the files, then notes as info. */
export function loopctlFindings(run: LoopctlRun, fileDiagnostics: readonly Diagnostic[]): Diagnostic[] {
  const notes: Diagnostic[] = run.notes.map((message) => ({ code: 'unsupported', severity: 'info', message, runId: run.id }));
  return [...run.diagnostics.map((d) => ({ ...d, runId: run.id })), ...fileDiagnostics, ...notes];
}
