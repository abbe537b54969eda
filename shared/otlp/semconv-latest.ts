/**
 * A span as the latest GenAI conventions (semantic-conventions-genai v0.1.0, on top of
 * semantic-conventions 1.45.0) want it, from the span the 1.45 mapping made. Only what that
 * release changed is touched, so the 1.45 mapping stays the one mapping of a run
 * (docs/OTLP.md, "Conventions: 1.45 and latest"):
 * - the run's `invoke_workflow` span is an internal invoke-agent span: `gen_ai.workflow.name`
 *   is gone, the workflow's name is on `gen_ai.agent.name` (which the 1.45 mapping sets too);
 * - internal agent spans (our sessions) carry neither `gen_ai.agent.id` nor `gen_ai.provider.name`;
 * - `gen_ai.usage.cache_creation.input_tokens` is spelled `gen_ai.usage.cache_write.input_tokens`;
 * - a tool call is the conventions' `gen_ai.execute_tool.internal` span: kind internal (the
 *   harness runs its tools in process; 1.45 mode keeps the client kind it always sent);
 * - every span carries `gen_ai.conversation.id`: the run's harness session (docs/OTLP.md says why).
 */
import type { OtlpSpanData, SpanAttributes } from './otlp-span-types';

/** Keys the release removed from a span kind. */
const REMOVED: Partial<Record<OtlpSpanData['item'], readonly string[]>> = {
  run: ['gen_ai.workflow.name', 'gen_ai.agent.id', 'gen_ai.provider.name'],
  session: ['gen_ai.agent.id', 'gen_ai.provider.name'],
};

/** Keys the release renamed (old → new), on every span. */
const RENAMED: Readonly<Record<string, string>> = {
  'gen_ai.usage.cache_creation.input_tokens': 'gen_ai.usage.cache_write.input_tokens',
};

/** The span with the latest conventions' attributes (a new object; `span` is not changed). */
export function toLatestConventions(span: OtlpSpanData, conversationId: string): OtlpSpanData {
  const removed = REMOVED[span.item] ?? [];
  const attributes: SpanAttributes = {};
  for (const [key, value] of Object.entries(span.attributes)) {
    if (removed.includes(key)) continue;
    attributes[RENAMED[key] ?? key] = value;
  }
  attributes['gen_ai.conversation.id'] = conversationId;
  return { ...span, attributes, ...(span.item === 'tool' ? { spanKind: 'internal' as const } : {}) };
}
