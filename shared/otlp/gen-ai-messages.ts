/**
 * Message contents (sent only with `--content`) in the shapes the GenAI conventions' JSON
 * schemas give `gen_ai.system_instructions` (a list of parts), `gen_ai.input.messages` (a list
 * of `{role, parts}`) and `gen_ai.output.messages` (the same with `finish_reason`), so a
 * backend that renders conversations (Langfuse, Phoenix) can read them. Parts are typed
 * `text`, `tool_call`, `tool_call_response` or `reasoning`; anything the harness recorded in
 * another shape becomes a text part holding its JSON, never dropped.
 *
 * The harness records a request's messages as `{role, content}` with the step input as the
 * user content, assistant turns with `toolCalls[{toolName, args, toolCallId}]`, and tool turns
 * as `content: [{toolName, toolCallId?, result}]` (little-workflow-format.md); AI SDK content
 * parts (`text`, `tool-call`, `tool-result`, `reasoning`) are read too.
 */
import { isRecord, stringValue } from '../fold/payload-values';

/** One message part. */
export type GenAiPart = { type: string } & Record<string, unknown>;
/** One input message. */
export type GenAiMessage = { role: string; parts: GenAiPart[] };
/** One output message (a choice). */
export type GenAiOutputMessage = GenAiMessage & { finish_reason: string };

/** `gen_ai.system_instructions`: the request's `system` as parts. */
export function systemInstructionParts(system: unknown): GenAiPart[] {
  return Array.isArray(system) ? system.flatMap((item) => contentParts(item)) : contentParts(system);
}

/** `gen_ai.input.messages`: the request's messages, in the order they were sent. */
export function inputMessages(messages: unknown): GenAiMessage[] {
  if (!Array.isArray(messages)) return [{ role: 'user', parts: contentParts(messages) }];
  return messages.map((message): GenAiMessage => {
    if (!isRecord(message)) return { role: 'user', parts: contentParts(message) };
    const parts = contentParts(message.content);
    if (Array.isArray(message.toolCalls)) parts.push(...message.toolCalls.map(toolCallPart));
    return { role: stringValue(message.role) ?? 'user', parts };
  });
}

/** `gen_ai.output.messages`: the response as one assistant choice. */
export function outputMessages(response: Record<string, unknown>): GenAiOutputMessage[] {
  const text = stringValue(response.text);
  const parts: GenAiPart[] = text !== undefined && text !== '' ? [textPart(text)] : response.output !== undefined ? contentParts(response.output) : [];
  const toolCalls = Array.isArray(response.toolCalls) ? response.toolCalls : [];
  parts.push(...toolCalls.map(toolCallPart));
  return [{ role: 'assistant', parts, finish_reason: finishReason(response.finishReason, toolCalls.length > 0) }];
}

// The AI SDK's finish reasons as the conventions name them; without one recorded (the harness
// does not record it), a response that asks for tools finished to call them, else it stopped.
const FINISH_REASONS: Readonly<Record<string, string>> = { 'tool-calls': 'tool_call', 'content-filter': 'content_filter' };
function finishReason(recorded: unknown, calledTools: boolean): string {
  const reason = stringValue(recorded);
  if (reason !== undefined && reason !== '') return FINISH_REASONS[reason] ?? reason;
  return calledTools ? 'tool_call' : 'stop';
}

function textPart(content: string): GenAiPart {
  return { type: 'text', content };
}

function jsonText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}

/** A message's content as parts: a string is one text part, a list is read part by part, anything else is its JSON. */
function contentParts(content: unknown): GenAiPart[] {
  if (content === undefined || content === null) return [];
  if (!Array.isArray(content)) return [textPart(jsonText(content))];
  return content.map(contentPart);
}

function contentPart(part: unknown): GenAiPart {
  if (!isRecord(part)) return textPart(jsonText(part));
  const type = stringValue(part.type);
  if (type === 'text' && typeof part.text === 'string') return textPart(part.text);
  if (type === 'reasoning' && typeof part.text === 'string') return { type: 'reasoning', content: part.text };
  if (type === 'tool-call') return toolCallPart(part);
  // A harness tool turn's entry ({toolName, toolCallId?, result}) or an AI SDK tool-result part.
  if (type === 'tool-result' || (type === undefined && stringValue(part.toolName) !== undefined && 'result' in part)) {
    return { type: 'tool_call_response', id: stringValue(part.toolCallId) ?? null, response: part.result ?? part.output ?? null };
  }
  return textPart(jsonText(part));
}

function toolCallPart(call: unknown): GenAiPart {
  if (!isRecord(call)) return textPart(jsonText(call));
  return { type: 'tool_call', id: stringValue(call.toolCallId) ?? null, name: stringValue(call.toolName) ?? 'unknown', arguments: call.args ?? call.input ?? null };
}
