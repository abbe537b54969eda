/**
 * A run as one OTLP trace: the root `invoke_workflow <workflow>` span, then its step attempts,
 * harness sessions, model calls and tool calls (span count = 1 + attempts + sessions + model
 * calls + tool calls). Pure and deterministic: the same log gives the same spans, ids included.
 */
import { normalizeHarnessEventType } from '../events/event-names';
import { foldedEventType } from '../fold/folded-event-types';
import { isRecord, stringValue } from '../fold/payload-values';
import { rootSpanIdFor, traceIdFor } from './otlp-ids';
import type { OtlpSpanData, SpanEnd, SpanEventData, SpanLinkData } from './otlp-span-types';
import { modelCallSpans } from './model-call-spans';
import { sessionSpans } from './session-spans';
import { toLatestConventions } from './semconv-latest';
import { attrs, errorMessage, errorType, notBefore, type RunSpanInput, type RunSpanOptions, SpanContext } from './span-context';
import { stepAttemptSpans } from './step-attempt-spans';
import { toolCallSpans } from './tool-call-spans';

export type { RunSpanInput, RunSpanOptions } from './span-context';

/** Every span of one run, root first. */
export function runSpans(input: RunSpanInput, options: RunSpanOptions): OtlpSpanData[] {
  const ctx = new SpanContext(input, options);
  const steps = stepAttemptSpans(ctx);
  const sessions = sessionSpans(ctx, steps.parents);
  const spans = [
    rootSpan(ctx),
    ...steps.spans,
    ...sessions.spans,
    ...modelCallSpans(ctx, steps.parents, sessions.spanIds),
    ...toolCallSpans(ctx, steps.parents, sessions.spanIds),
  ];
  if (options.semconv !== 'latest') return spans;
  const conversationId = input.conversationId ?? runFacts(input).parentRunId ?? input.runId;
  return spans.map((span) => toLatestConventions(span, conversationId));
}

/** Facts of the run: its workflow's name (LWIR name, else the run label, the requested workflow id, the version id), label, parent. */
export function runFacts(input: RunSpanInput): { workflowName: string; label?: string; parentRunId?: string; outerLoopId?: string } {
  let label: string | undefined;
  let workflowId: string | undefined;
  let parentRunId: string | undefined;
  let outerLoopId: string | undefined;
  for (const event of input.events) {
    const kind = normalizeHarnessEventType(event.type);
    if (!isRecord(event.payload)) continue;
    if (kind === 'RunStarted') {
      label ??= stringValue(event.payload.label);
      parentRunId ??= stringValue(event.payload.parentRunId);
      outerLoopId ??= stringValue(event.payload.outerLoopId);
    } else if (kind === 'OrchestrationRequested') {
      workflowId ??= stringValue(event.payload.workflowId);
    }
  }
  parentRunId ??= input.harness.parentRunId;
  const workflowName = input.workflow?.name ?? label ?? workflowId ?? input.state.workflowVersionId ?? input.runId;
  return { workflowName, label, parentRunId, outerLoopId };
}

function rootSpan(ctx: SpanContext): OtlpSpanData {
  const { input } = ctx;
  const { state, boundary, options } = { ...input, options: ctx.options };
  const facts = runFacts(input);
  const verdict = boundary?.verdict.kind ?? (state.status === 'pending' ? 'pending' : state.status);
  const startTime = input.events[0]?.recordedAt ?? state.startedAt ?? '';
  const ending = rootEnd(ctx, verdict);
  const events: SpanEventData[] = input.harness.resumes.map((r) => ({
    name: 'little.resume',
    time: r.recordedAt,
    attributes: attrs({ 'little.resume.gap_ms': r.gapMs ?? undefined, 'little.resume.reason': r.reason, 'little.resume.sequence': r.sequence, 'little.step.path': input.harness.sessions[r.sessionId]?.stepPath }),
  }));
  if (ctx.crashed && boundary?.lastEvent) {
    events.push({
      name: 'little.crash_boundary',
      time: boundary.lastEvent.recordedAt,
      attributes: attrs({
        'little.crash.last_sequence': boundary.lastEvent.sequence,
        'little.crash.last_type': boundary.lastEvent.type,
        'little.crash.in_flight': boundary.inFlight.filter((i) => i.kind !== 'run').length,
        'little.crash.reason': boundary.verdict.reason,
      }),
    });
  }
  const links: SpanLinkData[] = facts.parentRunId === undefined
    ? []
    : [{ traceId: traceIdFor(facts.parentRunId, options.sha256Hex), spanId: rootSpanIdFor(facts.parentRunId, options.sha256Hex), attributes: { 'little.link.kind': 'parent_run', 'little.run.id': facts.parentRunId } }];
  return {
    item: 'run',
    traceId: ctx.traceId,
    spanId: ctx.rootSpanId,
    name: `invoke_workflow ${facts.workflowName}`,
    spanKind: 'internal',
    startTime,
    endTime: notBefore(startTime, ending.endTime),
    status: ending.status,
    attributes: attrs({
      'little.span.kind': 'run',
      'gen_ai.operation.name': 'invoke_workflow',
      // The workflow's name as semantic-conventions 1.45 spells it on an invoke_workflow span, and
      // as the GenAI conventions' own repository (v0.1.0) records it since (on gen_ai.agent.name;
      // the latest mode drops the first, semconv-latest.ts).
      'gen_ai.workflow.name': facts.workflowName,
      'gen_ai.agent.name': facts.workflowName,
      'little.run.id': input.runId,
      'little.workflow.name': facts.workflowName,
      'little.workflow.version_id': state.workflowVersionId,
      'little.workflow.version': input.workflow?.version ?? undefined,
      'little.run.label': facts.label,
      'little.run.status': state.status,
      'little.run.verdict': verdict,
      'little.run.verdict_reason': boundary?.verdict.reason,
      'little.run.status_inferred': boundary?.verdict.inferred || undefined,
      'little.run.parent_id': facts.parentRunId,
      'little.run.outer_loop_id': facts.outerLoopId,
      'little.run.event_count': input.events.length,
      'little.run.input_tokens': state.usage.inputTokens,
      'little.run.output_tokens': state.usage.outputTokens,
      'little.run.cost_usd': state.usage.costUsd ?? undefined,
      'little.span.open': ending.end.kind === 'open' ? true : undefined,
      'error.type': ending.status.code === 'error' ? (verdict === 'crashed' ? 'crashed' : (errorType(state.error) ?? 'RunFailed')) : undefined,
    }),
    events,
    links,
    end: ending.end,
    openSequence: input.events[0]?.sequence ?? null,
  };
}

function rootEnd(ctx: SpanContext, verdict: string): { end: SpanEnd; endTime: string; status: OtlpSpanData['status'] } {
  const { state, boundary, events } = ctx.input;
  if (verdict === 'crashed') return ctx.unfinished('run stopped');
  if (state.status === 'completed' || state.status === 'failed') {
    const terminal = [...events].reverse().find((e) => {
      const kind = foldedEventType(normalizeHarnessEventType(e.type));
      return kind === 'RunCompleted' || kind === 'RunFailed';
    });
    const message = state.status === 'failed' ? errorMessage(state.error) : undefined;
    return {
      end: { kind: 'event', sequence: terminal?.sequence ?? events.at(-1)?.sequence ?? 0 },
      endTime: state.finishedAt ?? ctx.lastTime,
      status: state.status === 'completed' ? { code: 'ok' } : { code: 'error', ...(message ? { message } : {}) },
    };
  }
  const inferred = boundary?.inferredStatus;
  if (inferred && (inferred.status === 'completed' || inferred.status === 'failed') && inferred.sequence !== undefined) {
    return {
      end: { kind: 'event', sequence: inferred.sequence },
      endTime: ctx.event(inferred.sequence)?.recordedAt ?? ctx.lastTime,
      status: inferred.status === 'completed' ? { code: 'ok' } : { code: 'error', message: `${inferred.basis} failed` },
    };
  }
  return ctx.unfinished('run');
}
