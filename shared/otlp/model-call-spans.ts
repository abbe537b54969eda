/**
 * Model calls as `chat <model>` spans with the GenAI semantic conventions' attributes. Tokens
 * and cost are read from the very event the fold counts (`readModelCall` + `priceModelCall`
 * with the run's table), so the spans' token sums equal `little report`'s totals: every
 * counted event is one span — a paired turn's first response, and also a repeated response to
 * the same callId or a legacy `ModelCallCompleted`, which the fold counts as calls of their own.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { foldedEventType } from '../fold/folded-event-types';
import type { ModelTurn } from '../fold/harness/harness-types';
import { readModelCall } from '../fold/model-call';
import { isRecord, stringValue } from '../fold/payload-values';
import { priceModelCall } from '../pricing/price-model-call';
import { inputMessages, outputMessages, systemInstructionParts } from './gen-ai-messages';
import { genAiProviderName } from './gen-ai-provider';
import type { OtlpSpanData, SpanAttributes, SpanEnd } from './otlp-span-types';
import { attrs, errorMessage, errorType, notBefore, type SpanContext } from './span-context';
import type { StepParents } from './step-attempt-spans';
import { openItemStatus } from '../status/display-status';

/** The non-standard attribute carrying our fold's cost of a call (absent when unpriced). */
export const COST_ATTRIBUTE = 'little.cost.usd';

/** Token and cost attributes of the call `event` carries, or none when the fold does not count it. */
export function usageAttributes(ctx: SpanContext, event: EventEnvelope | undefined): SpanAttributes {
  if (!event || !isRecord(event.payload)) return {};
  const kind = foldedEventType(normalizeHarnessEventType(event.type));
  if (kind !== 'harness.model.responded' && kind !== 'ModelCallCompleted') return {};
  const call = readModelCall(kind, event.payload);
  if (call === undefined) return {};
  const priced = priceModelCall(call.identity, call.usage, ctx.input.table);
  return attrs({
    'gen_ai.usage.input_tokens': priced.inputTokens,
    'gen_ai.usage.output_tokens': priced.outputTokens,
    'gen_ai.usage.cache_read.input_tokens': priced.cachedInputTokens,
    'gen_ai.usage.reasoning.output_tokens': priced.reasoningTokens,
    [COST_ATTRIBUTE]: priced.costUsd ?? undefined,
    'little.cost.price_table': priced.pricedBy?.tableId,
    'little.cost.priced_by': priced.pricedBy?.key,
  });
}

/** Spans of every model call. `sessionSpanIds`: the parent of calls made inside a session. */
export function modelCallSpans(ctx: SpanContext, parents: StepParents, sessionSpanIds: ReadonlyMap<number, string>): OtlpSpanData[] {
  const { harness, events } = ctx.input;
  const responded = new Set<number>();
  const spans = harness.modelTurns.map((turn) => {
    if (turn.respondedSequence !== undefined) responded.add(turn.respondedSequence);
    return turnSpan(ctx, parents, sessionSpanIds, turn);
  });
  for (const event of events) {
    const kind = foldedEventType(normalizeHarnessEventType(event.type));
    if ((kind === 'harness.model.responded' || kind === 'ModelCallCompleted') && !responded.has(event.sequence)) {
      const usage = usageAttributes(ctx, event);
      if (Object.keys(usage).length > 0) spans.push(extraCallSpan(ctx, parents, event, kind, usage));
    }
  }
  return spans;
}

/** The model the turn's request names: from the turn, or from its `called` event when the view keeps no requests (an export without content). */
function requestModelOf(ctx: SpanContext, turn: ModelTurn): string | undefined {
  const request = turn.request ?? (isRecord(ctx.event(turn.calledSequence)?.payload) ? (ctx.event(turn.calledSequence)!.payload as Record<string, unknown>).request : undefined);
  return stringValue(isRecord(request) ? request.model : undefined);
}

function turnSpan(ctx: SpanContext, parents: StepParents, sessionSpanIds: ReadonlyMap<number, string>, turn: ModelTurn): OtlpSpanData {
  const firstSequence = turn.calledSequence ?? turn.sequences[0];
  const startTime = turn.calledAt ?? turn.respondedAt ?? turn.failures[0]?.recordedAt ?? ctx.lastTime;
  const requestModel = requestModelOf(ctx, turn);
  const responseModel = turn.model?.modelId;
  const ending = turnEnd(ctx, turn);
  const content = ctx.options.content ? contentAttributes(turn) : {};
  return {
    item: 'model',
    traceId: ctx.traceId,
    spanId: ctx.spanIdAt(firstSequence, `model\u0000${turn.id}`),
    parentSpanId: (turn.sessionId !== undefined ? sessionSpanIds.get(turn.sessionId) : undefined) ?? parents.forStep(turn.stepPath, startTime),
    // The conventions name a chat span after the requested model; the answering one when no request is in the log.
    name: `chat ${requestModel ?? responseModel ?? 'unknown'}`,
    spanKind: 'client',
    startTime,
    endTime: notBefore(startTime, ending.endTime),
    status: ending.status,
    attributes: {
      ...attrs({
        'little.span.kind': 'model',
        'little.run.id': ctx.input.runId,
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': genAiProviderName(turn.model?.provider),
        'gen_ai.request.model': requestModel,
        'gen_ai.response.model': responseModel,
        'little.model.provider': turn.model?.provider,
        'little.call.id': turn.callId,
        'little.call.turn': turn.turn,
        'little.call.status': openItemStatus(turn.status, 'in-flight', ctx.crashed),
        'little.call.retries': turn.failures.filter((f) => f.willRetry === true).length || undefined,
        'little.call.completed_after_resume': turn.completedAfterResume || undefined,
        'little.step.path': turn.stepPath,
        'little.span.open': ending.end.kind === 'open' ? true : undefined,
        'error.type': ending.status.code === 'error' ? ending.errorType : undefined,
      }),
      ...usageAttributes(ctx, ctx.event(turn.respondedSequence)),
      ...content,
    },
    events: turn.failures.map((f) => ({
      name: f.willRetry === true ? 'little.retry' : 'little.failure',
      time: f.recordedAt,
      attributes: attrs({ 'little.call.attempt': f.attempt, 'error.type': errorType(f.error), 'little.error.message': errorMessage(f.error) }),
    })),
    links: [],
    end: ending.end,
    openSequence: firstSequence ?? null,
  };
}

type Ending = { end: SpanEnd; endTime: string; status: OtlpSpanData['status']; errorType?: string };

function turnEnd(ctx: SpanContext, turn: ModelTurn): Ending {
  if (turn.respondedSequence !== undefined && turn.respondedAt !== undefined) {
    return { end: { kind: 'event', sequence: turn.respondedSequence }, endTime: turn.respondedAt, status: { code: 'ok' } };
  }
  const last = turn.failures.at(-1);
  if (turn.status === 'failed' && last) {
    const message = errorMessage(last.error);
    return { end: { kind: 'event', sequence: last.sequence }, endTime: last.recordedAt, status: { code: 'error', ...(message ? { message } : {}) }, errorType: errorType(last.error) ?? 'ModelCallFailed' };
  }
  if (turn.status === 'orphaned') {
    const owner = turn.sessionId === undefined ? undefined : ctx.input.harness.sessions[turn.sessionId];
    const endedAt = owner?.endedAt ?? ctx.lastTime;
    return {
      end: owner?.endSequence !== undefined ? { kind: 'event', sequence: owner.endSequence } : ctx.unfinished('').end,
      endTime: endedAt,
      status: { code: 'error', message: 'orphaned: its session ended without a response' },
      errorType: 'orphaned',
    };
  }
  return { ...ctx.unfinished('model call in flight (a resume re-invokes it with the same callId)'), errorType: 'crashed' };
}

/** A counted call event no turn stands for: a repeated response, or a legacy ModelCallCompleted. */
function extraCallSpan(ctx: SpanContext, parents: StepParents, event: EventEnvelope, kind: string, usage: SpanAttributes): OtlpSpanData {
  const payload = event.payload as Record<string, unknown>;
  const model = isRecord(payload.model) ? payload.model : undefined;
  const modelId = stringValue(model?.modelId);
  const stepPath = stringValue(payload.stepPath);
  return {
    item: 'model',
    traceId: ctx.traceId,
    spanId: ctx.ids.forEvent(event.eventId, event.sequence),
    parentSpanId: parents.forStep(stepPath, event.recordedAt),
    name: `chat ${modelId ?? 'unknown'}`,
    spanKind: 'client',
    startTime: event.recordedAt,
    endTime: event.recordedAt,
    status: { code: 'ok' },
    attributes: {
      ...attrs({
        'little.span.kind': 'model',
        'little.run.id': ctx.input.runId,
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': genAiProviderName(stringValue(model?.provider)),
        'gen_ai.response.model': modelId,
        'little.model.provider': stringValue(model?.provider),
        'little.call.id': stringValue(payload.callId),
        'little.call.status': kind === 'ModelCallCompleted' ? 'completed' : 'repeated-response',
        'little.step.path': stepPath,
      }),
      ...usage,
    },
    events: [],
    links: [],
    end: { kind: 'event', sequence: event.sequence },
    openSequence: event.sequence,
  };
}

/** Message contents (only with `--content`), in the conventions' message shapes (gen-ai-messages.ts). */
function contentAttributes(turn: ModelTurn): SpanAttributes {
  const request = isRecord(turn.request) ? turn.request : undefined;
  const response = isRecord(turn.response) ? turn.response : undefined;
  return attrs({
    'gen_ai.system_instructions': request?.system === undefined ? undefined : JSON.stringify(systemInstructionParts(request.system)),
    'gen_ai.input.messages': request?.messages === undefined ? undefined : JSON.stringify(inputMessages(request.messages)),
    'gen_ai.output.messages': response === undefined ? undefined : JSON.stringify(outputMessages(response)),
  });
}
