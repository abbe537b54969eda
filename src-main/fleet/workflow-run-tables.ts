/**
 * The table rows of one little-workflow run, grown one read at a time: the events go through
 * THE run accumulator (the fold, the harness view, step positions: shared/run/), and beside it
 * each model-call event the fold prices is kept as a `model_calls` row (same reading and pricing
 * as the fold's own `recordModelCall`), so the rows' sums are the run's `little report` totals.
 */
import type { EventEnvelope } from '../../shared/events/envelope';
import { normalizeHarnessEventType } from '../../shared/events/event-names';
import type { HarnessView, ModelTurn } from '../../shared/fold/harness/harness-types';
import { foldedEventType } from '../../shared/fold/folded-event-types';
import { readModelCall } from '../../shared/fold/model-call';
import { isRecord, stringValue } from '../../shared/fold/payload-values';
import type { MaterializedRunState, UsageTotals } from '../../shared/fold/run-state-types';
import type { RunSummary } from '../../shared/library';
import { errorMessage } from '../../shared/otlp/span-context';
import { priceModelCall, type PricedModelCall } from '../../shared/pricing/price-model-call';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { addPricedCall, emptyUsageTotals, mergeUsageTotals } from '../../shared/pricing/usage-totals';
import { RunAccumulator } from '../../shared/run/run-accumulator';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import { stepDetailsOf } from '../../shared/run/step-details';
import type { EventRead } from '../sources/little-workflow/store-types';
import { spanMs, type AttemptRow, type FleetTables, type ModelCallRow, type RunRow, type StepRow, type ToolCallRow, type UsageColumns } from './table-rows';

/** A counted call, as read when its event came by (the step's current attempt then). */
type SeenCall = { event: EventEnvelope; priced: PricedModelCall; stepPath: string | null; attemptId: string | null };

/** The rows of one little-workflow run: `add` every read of its log in order, then `finish`. */
export class WorkflowRunTables {
  private readonly accumulator: RunAccumulator;
  private readonly calls: SeenCall[] = [];
  private readonly stepIds = new Map<string, string>();
  private readonly stepUses = new Map<string, string>();
  private readonly undecodable: number[] = [];
  private workflowId: string | null = null;

  constructor(
    private readonly summary: RunSummary,
    private readonly table: PriceTable,
  ) {
    this.accumulator = RunAccumulator.create(summary.runId, table, 'detail');
  }

  /** The next read of the run's log (undecodable rows count for the last sequence only). */
  add(read: EventRead): void {
    if (!read.ok) {
      if (read.sequence !== null) this.undecodable.push(read.sequence);
      return;
    }
    const event = read.event;
    this.accumulator.add(event);
    const payload = event.payload;
    if (!isRecord(payload)) return;
    const stepPath = stringValue(payload.stepPath);
    if (stepPath !== undefined) {
      const stepId = stringValue(payload.stepId);
      if (stepId !== undefined && !this.stepIds.has(stepPath)) this.stepIds.set(stepPath, stepId);
      const uses = stringValue(payload.uses);
      if (uses !== undefined && !this.stepUses.has(stepPath)) this.stepUses.set(stepPath, uses);
    }
    const kind = foldedEventType(normalizeHarnessEventType(event.type));
    if (kind === 'ModelCallCompleted' || kind === 'harness.model.responded') {
      const call = readModelCall(kind, payload);
      if (call === undefined) return;
      const path = call.stepPath ?? null;
      // The fold has just added this call to the step: its last attempt is the one it ran in.
      const attemptId = path === null ? null : (this.accumulator.state().steps[path]?.attempts.at(-1)?.attemptId ?? null);
      this.calls.push({ event, priced: priceModelCall(call.identity, call.usage, this.table), stepPath: path, attemptId });
    } else if (event.type === 'OrchestrationRequested') {
      this.workflowId ??= stringValue(payload.workflowId) ?? null;
    }
  }

  /** The run's rows (its sessions table is empty: sessions are rows of their own data dirs). */
  finish(now = new Date()): FleetTables {
    const summary = this.summary;
    const folded = this.accumulator.folded(this.facts(now));
    const { state, harness } = folded;
    const base = { data_dir: summary.dataDir, run_id: summary.runId };
    const attemptUsage = this.usageByAttempt();
    const steps: StepRow[] = [];
    const attempts: AttemptRow[] = [];
    let failedAttemptUsage = emptyUsageTotals();
    for (const detail of stepDetailsOf(state, folded.positions)) {
      const step = state.steps[detail.stepPath];
      const stepId = this.stepIds.get(detail.stepPath) ?? stepIdOfPath(detail.stepPath);
      step.attempts.forEach((a, index) => {
        const used = attemptUsage.get(attemptKey(detail.stepPath, a.attemptId)) ?? { usage: emptyUsageTotals(), calls: 0 };
        if (a.status === 'failed') failedAttemptUsage = mergeUsageTotals(failedAttemptUsage, used.usage);
        attempts.push({
          ...base,
          step_path: detail.stepPath,
          step_id: stepId,
          attempt: index + 1,
          attempt_id: a.attemptId,
          status: a.status,
          started_at: a.startedAt,
          ended_at: a.finishedAt ?? null,
          duration_ms: spanMs(a.startedAt, a.finishedAt),
          error: errorMessage(a.error) ?? null,
          model_calls: used.calls,
          ...usageColumns(used.usage),
        });
      });
      const first = step.attempts[0];
      const last = step.attempts.at(-1);
      const endedAt = step.status === 'completed' || step.status === 'failed' ? (last?.finishedAt ?? null) : null;
      steps.push({
        ...base,
        step_path: detail.stepPath,
        step_id: stepId,
        uses: this.stepUses.get(detail.stepPath) ?? stringValue(step.metadata?.uses) ?? null,
        visit: visitOfPath(detail.stepPath),
        status: step.status,
        attempts: step.attempts.length,
        failed_attempts: step.attempts.filter((a) => a.status === 'failed').length,
        started_at: first?.startedAt ?? null,
        ended_at: endedAt,
        duration_ms: spanMs(first?.startedAt, endedAt),
        first_sequence: detail.firstSequence ?? null,
        last_sequence: detail.lastSequence ?? null,
        error: errorMessage(step.error) ?? null,
        ...usageColumns(step.usage),
      });
    }
    const modelCalls = this.modelCallRows(harness);
    const toolCalls = toolCallRows(base, harness);
    const run = this.runRow(state, harness, { steps, attempts, modelCalls, toolCalls, failedAttemptUsage, reportError: folded.core.reportError, lastSequence: folded.core.lastSequence });
    return { runs: [run], steps, attempts, model_calls: modelCalls, tool_calls: toolCalls, sessions: [] };
  }

  private runRow(
    state: MaterializedRunState,
    harness: HarnessView,
    parts: { steps: StepRow[]; attempts: AttemptRow[]; modelCalls: ModelCallRow[]; toolCalls: ToolCallRow[]; failedAttemptUsage: UsageTotals; reportError: string | null; lastSequence: number },
  ): RunRow {
    const summary = this.summary;
    const startedAt = state.startedAt ?? summary.startedAt;
    const terminal = summary.status === 'completed' || summary.status === 'failed';
    const endedAt = state.finishedAt ?? (terminal ? summary.finishedAt : null);
    return {
      data_dir: summary.dataDir,
      run_id: summary.runId,
      source: 'little-workflow',
      workflow_id: this.workflowId,
      workflow_version: summary.workflowVersionId ?? state.workflowVersionId ?? null,
      parent_run_id: summary.parentRunId,
      outer_loop_id: summary.outerLoopId,
      label: summary.label,
      status: summary.status,
      status_inferred: summary.statusInferred,
      crashed: summary.crashed,
      started_at: startedAt,
      ended_at: endedAt,
      duration_ms: spanMs(startedAt, endedAt),
      last_event_at: summary.finishedAt,
      event_count: summary.eventCount,
      last_sequence: Math.max(summary.lastSequence ?? 0, parts.lastSequence),
      steps: parts.steps.length,
      failed_steps: parts.steps.filter((s) => s.status === 'failed').length,
      attempts: parts.attempts.length,
      failed_attempts: parts.attempts.filter((a) => a.status === 'failed').length,
      failed_attempt_cost_usd: parts.failedAttemptUsage.costUsd,
      model_calls: state.usage.pricedCalls + state.usage.unpricedCalls,
      tool_calls: parts.toolCalls.length,
      failed_tool_calls: parts.toolCalls.filter((c) => c.status === 'failed').length,
      resumes: harness.resumes.length,
      resume_downtime_ms: harness.resumes.reduce((sum, r) => sum + (r.gapMs ?? 0), 0),
      report_error: parts.reportError,
      price_table: this.table.id,
      ...usageColumns(state.usage),
    };
  }

  private modelCallRows(harness: HarnessView): ModelCallRow[] {
    const turnAt = new Map<number, ModelTurn>();
    for (const turn of harness.modelTurns) if (turn.respondedSequence !== undefined) turnAt.set(turn.respondedSequence, turn);
    return this.calls.map(({ event, priced, stepPath, attemptId }) => {
      const payload = event.payload as Record<string, unknown>;
      const turn = turnAt.get(event.sequence);
      const model = isRecord(payload.model) ? payload.model : undefined;
      const startedAt = turn?.calledAt ?? null;
      return {
        data_dir: this.summary.dataDir,
        run_id: this.summary.runId,
        sequence: event.sequence,
        event_type: event.type,
        call_id: stringValue(payload.callId) ?? turn?.callId ?? null,
        turn: typeof payload.turn === 'number' && Number.isFinite(payload.turn) ? payload.turn : null,
        step_path: stepPath,
        attempt_id: attemptId,
        provider: stringValue(model?.provider) ?? null,
        model: stringValue(model?.modelId) ?? null,
        input_tokens: priced.inputTokens,
        cached_input_tokens: priced.cachedInputTokens,
        output_tokens: priced.outputTokens,
        reasoning_tokens: priced.reasoningTokens,
        cost_usd: priced.costUsd,
        priced: priced.costUsd !== null,
        price_key: priced.pricedBy?.key ?? null,
        started_at: startedAt,
        responded_at: event.recordedAt,
        duration_ms: spanMs(startedAt, event.recordedAt),
        failures: turn?.failures.length ?? 0,
      };
    });
  }

  private usageByAttempt(): Map<string, { usage: UsageTotals; calls: number }> {
    const byAttempt = new Map<string, { usage: UsageTotals; calls: number }>();
    for (const call of this.calls) {
      if (call.stepPath === null || call.attemptId === null) continue;
      const key = attemptKey(call.stepPath, call.attemptId);
      const seen = byAttempt.get(key) ?? { usage: emptyUsageTotals(), calls: 0 };
      byAttempt.set(key, { usage: addPricedCall(seen.usage, call.priced), calls: seen.calls + 1 });
    }
    return byAttempt;
  }

  // The tables need no lock or sub-run facts (the crash verdict is the run row's): unknown ones.
  private facts(now: Date): RunModelFacts {
    return {
      ref: { dataDir: this.summary.dataDir, runId: this.summary.runId },
      summary: this.summary,
      subRunStatuses: {},
      lock: { state: 'unknown', pid: null, createdAt: null },
      pendingCycle: {},
      undecodableSequences: this.undecodable,
      now,
    };
  }
}

/** The tool calls of a harness view as rows. */
export function toolCallRows(base: { data_dir: string; run_id: string }, harness: Pick<HarnessView, 'toolCalls'>): ToolCallRow[] {
  return harness.toolCalls.map((call) => ({
    ...base,
    sequence: call.startedSequence ?? call.endSequence ?? 0,
    call_id: call.callId ?? null,
    tool: call.toolName ?? null,
    caller: call.caller ?? null,
    step_path: call.stepPath ?? null,
    status: call.status,
    error: errorMessage(call.error) ?? null,
    started_at: call.startedAt ?? null,
    ended_at: call.endedAt ?? null,
    duration_ms: spanMs(call.startedAt, call.endedAt),
    sub_run_id: call.subRunId ?? null,
  }));
}

/** The usage columns of a usage total. */
export function usageColumns(usage: UsageTotals): UsageColumns {
  return {
    input_tokens: usage.inputTokens,
    cached_input_tokens: usage.cachedInputTokens,
    output_tokens: usage.outputTokens,
    reasoning_tokens: usage.reasoningTokens,
    cost_usd: usage.costUsd,
    priced_calls: usage.pricedCalls,
    unpriced_calls: usage.unpricedCalls,
  };
}

const VISIT = /\.visit\[(\d+)\]$/;

/** The step id a path names when no event said it: its last segment (after any branch), without `.visit[n]`. */
export function stepIdOfPath(stepPath: string): string {
  const bare = stepPath.replace(VISIT, '');
  const close = bare.lastIndexOf(']');
  const tail = close === -1 ? bare : bare.slice(close + 1);
  const dot = tail.lastIndexOf('.');
  const id = dot === -1 ? tail : tail.slice(dot + 1);
  // A branch path (`step[key]`) names its parallel step.
  return id === '' ? bare.replace(/(?:@attempt_\d+)?\[[^\]]*\]$/, '').split('.').at(-1) ?? bare : id;
}

/** The `.visit[n]` index of a path (0 without one). */
export function visitOfPath(stepPath: string): number {
  const match = VISIT.exec(stepPath);
  return match === null ? 0 : Number(match[1]);
}

function attemptKey(stepPath: string, attemptId: string): string {
  return `${stepPath}\u0000${attemptId}`;
}
