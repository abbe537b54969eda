/**
 * Tool calls as `execute_tool <name>` spans. `gen_ai.tool.call.id` is the model's own id for
 * the call when the log has it (the requesting turn's `toolCalls[].toolCallId`), else the
 * harness callId. A call that started a sub-run links to that run's root span.
 */
import type { ToolCallItem } from '../fold/harness/harness-types';
import { stringField } from '../fold/payload-fields';
import { rootSpanIdFor, traceIdFor } from './otlp-ids';
import type { OtlpSpanData, SpanEnd } from './otlp-span-types';
import { attrs, errorMessage, errorType, json, notBefore, type SpanContext } from './span-context';
import type { StepParents } from './step-attempt-spans';
import { openItemStatus } from '../status/display-status';

/** Spans of every tool call. */
export function toolCallSpans(ctx: SpanContext, parents: StepParents, sessionSpanIds: ReadonlyMap<number, string>): OtlpSpanData[] {
  return ctx.input.harness.toolCalls.map((call) => toolSpan(ctx, parents, sessionSpanIds, call));
}

function toolSpan(ctx: SpanContext, parents: StepParents, sessionSpanIds: ReadonlyMap<number, string>, call: ToolCallItem): OtlpSpanData {
  const firstSequence = call.startedSequence ?? call.sequences[0];
  const startTime = call.startedAt ?? call.endedAt ?? ctx.lastTime;
  const ending = toolEnd(ctx, call);
  const { sha256Hex, content } = ctx.options;
  return {
    item: 'tool',
    traceId: ctx.traceId,
    spanId: ctx.spanIdAt(firstSequence, `tool\u0000${call.id}`),
    parentSpanId: (call.sessionId !== undefined ? sessionSpanIds.get(call.sessionId) : undefined) ?? parents.forStep(call.stepPath, startTime),
    name: `execute_tool ${call.toolName ?? 'unknown'}`,
    spanKind: 'client',
    startTime,
    endTime: notBefore(startTime, ending.endTime),
    status: ending.status,
    attributes: attrs({
      'little.span.kind': 'tool',
      'little.run.id': ctx.input.runId,
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.toolName,
      'gen_ai.tool.type': 'function',
      'gen_ai.tool.call.id': modelToolCallId(ctx, call) ?? call.callId,
      'little.tool.harness_call_id': call.callId,
      'little.tool.caller': call.caller,
      'little.tool.call_index': call.callIndex,
      'little.call.turn': call.turn,
      'little.call.status': openItemStatus(call.status, 'in-flight', ctx.crashed),
      'little.call.completed_after_resume': call.completedAfterResume || undefined,
      'little.step.path': call.stepPath,
      'little.sub_run.id': call.subRunId,
      'little.span.open': ending.end.kind === 'open' ? true : undefined,
      'error.type': ending.status.code === 'error' ? ending.errorType : undefined,
      'gen_ai.tool.call.arguments': content && call.args !== undefined ? json(call.args) : undefined,
      'gen_ai.tool.call.result': content && call.status === 'succeeded' ? json(call.resultUndefined ? null : call.result) : undefined,
    }),
    events: [],
    links: call.subRunId === undefined
      ? []
      : [{ traceId: traceIdFor(call.subRunId, sha256Hex), spanId: rootSpanIdFor(call.subRunId, sha256Hex), attributes: { 'little.link.kind': 'sub_run', 'little.run.id': call.subRunId } }],
    end: ending.end,
    openSequence: firstSequence ?? null,
  };
}

/** The model's id for this call: in the started payload, or in the requesting turn's response. */
function modelToolCallId(ctx: SpanContext, call: ToolCallItem): string | undefined {
  const own = stringField(ctx.event(call.startedSequence)?.payload, 'toolCallId');
  if (own !== undefined) return own;
  if (call.requestedByTurnId === undefined || call.requestedVia !== 'toolCallId') return undefined;
  const turn = ctx.input.harness.modelTurns[call.requestedByTurnId];
  return turn?.toolCalls.find((t) => t.toolCallId !== undefined && t.toolCallId === call.callId)?.toolCallId;
}

type Ending = { end: SpanEnd; endTime: string; status: OtlpSpanData['status']; errorType?: string };

function toolEnd(ctx: SpanContext, call: ToolCallItem): Ending {
  if (call.endSequence !== undefined && call.endedAt !== undefined) {
    const message = call.status === 'failed' ? errorMessage(call.error) : undefined;
    return {
      end: { kind: 'event', sequence: call.endSequence },
      endTime: call.endedAt,
      status: call.status === 'failed' ? { code: 'error', ...(message ? { message } : {}) } : { code: 'ok' },
      errorType: errorType(call.error) ?? 'ToolCallFailed',
    };
  }
  if (call.status === 'orphaned') {
    const owner = call.sessionId === undefined ? undefined : ctx.input.harness.sessions[call.sessionId];
    return {
      end: owner?.endSequence !== undefined ? { kind: 'event', sequence: owner.endSequence } : ctx.unfinished('').end,
      endTime: owner?.endedAt ?? ctx.lastTime,
      status: { code: 'error', message: 'orphaned: its session ended without a result' },
      errorType: 'orphaned',
    };
  }
  return { ...ctx.unfinished('tool call in flight (a resume re-invokes it with the same callId and args)'), errorType: 'crashed' };
}
