/**
 * The names on the wire are OpenTelemetry's own: what the loopback receiver decodes from an
 * export of every generated data dir (contents included) is checked against the definitions in
 * @opentelemetry/semantic-conventions (the incubating GenAI attributes):
 * - every `gen_ai.*` attribute key is one the package defines, spelled exactly, and none is a
 *   name it marks "Replaced by" another (gen_ai.system, gen_ai.usage.prompt_tokens, …);
 * - `gen_ai.operation.name` values are its well-known operations; `gen_ai.provider.name` uses
 *   its well-known value wherever one applies (a custom value never shadows one);
 * - span names are `{operation} {name}`: invoke_workflow + gen_ai.workflow.name, invoke_agent +
 *   gen_ai.agent.name, chat + gen_ai.request.model, execute_tool + gen_ai.tool.name;
 * - content attributes parse to the GenAI message shapes ({role, parts[{type}]}, finish_reason).
 * Our own attributes stay out of the `gen_ai.` namespace (they are `little.*`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as semconv from '@opentelemetry/semantic-conventions/incubating';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';

const definedValues = (prefix: string) => new Set(Object.entries(semconv).filter(([name, v]) => name.startsWith(prefix) && typeof v === 'string').map(([, v]) => v as string));
const GEN_AI_KEYS = definedValues('ATTR_GEN_AI_');
const OPERATIONS = definedValues('GEN_AI_OPERATION_NAME_VALUE_');
const PROVIDERS = definedValues('GEN_AI_PROVIDER_NAME_VALUE_');

/** Keys the package's own documentation marks "@deprecated Replaced by …" (a newer name exists). */
function replacedKeys(): Set<string> {
  const entry = createRequire(import.meta.url).resolve('@opentelemetry/semantic-conventions/incubating');
  const text = readFileSync(join(dirname(entry), 'experimental_attributes.d.cts'), 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(/\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*declare const ATTR_GEN_AI_\w+: "([^"]+)"/g)) {
    if (/@deprecated Replaced by/.test(m[1])) out.add(m[2]);
  }
  return out;
}

let receiver: OtlpReceiver;
let spans: ReceivedSpan[];
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const run = await cli('otlp', '--all', '--data-dir', EXAMPLES, '--endpoint', receiver.url, '--content');
  expect(run.code, run.stderr).toBe(0);
  spans = receiver.spans();
});
afterAll(() => receiver.close());

const genAi = (s: ReceivedSpan) => Object.keys(s.attributes).filter((k) => k.startsWith('gen_ai.'));

describe('OTLP export against @opentelemetry/semantic-conventions', () => {
  it('reads the definitions (the check can fail: known keys present, replaced ones found)', () => {
    expect(GEN_AI_KEYS).toContain('gen_ai.usage.cache_read.input_tokens');
    expect(OPERATIONS).toContain('invoke_workflow');
    expect(replacedKeys()).toContain('gen_ai.usage.prompt_tokens');
    expect(spans.length).toBeGreaterThan(100);
  });

  it('sends only gen_ai.* keys the package defines, spelled exactly, none of them replaced', () => {
    const sent = new Set(spans.flatMap(genAi));
    const replaced = replacedKeys();
    for (const key of sent) {
      expect(GEN_AI_KEYS.has(key), `${key} is not an OpenTelemetry GenAI attribute`).toBe(true);
      expect(replaced.has(key), `${key} was replaced by a newer name`).toBe(false);
    }
    // Everything the issue names, and contents, reach the wire.
    for (const key of ['gen_ai.operation.name', 'gen_ai.provider.name', 'gen_ai.request.model', 'gen_ai.response.model', 'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', 'gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.reasoning.output_tokens', 'gen_ai.tool.call.id', 'gen_ai.tool.name', 'gen_ai.workflow.name', 'gen_ai.agent.name', 'gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result']) {
      expect(sent, key).toContain(key);
    }
  });

  it('uses well-known operation and provider values', () => {
    const operations = new Set(spans.map((s) => s.attributes['gen_ai.operation.name']).filter((v) => v !== undefined));
    expect([...operations].sort()).toEqual(['chat', 'execute_tool', 'invoke_agent', 'invoke_workflow']);
    for (const op of operations) expect(OPERATIONS, String(op)).toContain(op);
    const providers = new Set(spans.map((s) => s.attributes['gen_ai.provider.name']).filter((v): v is string => typeof v === 'string'));
    expect(providers).toContain('openai');
    for (const provider of providers) {
      if (PROVIDERS.has(provider)) continue;
      // A custom value must not be a spelling of a well-known one (`mistral` for `mistral_ai`).
      const lookalike = [...PROVIDERS].find((known) => known.split(/[._]/)[0] === provider);
      expect(lookalike, `${provider} should be sent as ${lookalike}`).toBeUndefined();
    }
  });

  it('names spans {operation} {name} as the conventions do', () => {
    const nameOf: Record<string, string> = { invoke_workflow: 'gen_ai.workflow.name', invoke_agent: 'gen_ai.agent.name', chat: 'gen_ai.request.model', execute_tool: 'gen_ai.tool.name' };
    let checked = 0;
    for (const s of spans) {
      const op = s.attributes['gen_ai.operation.name'];
      if (typeof op !== 'string') continue;
      const subject = s.attributes[nameOf[op]] ?? (op === 'chat' ? s.attributes['gen_ai.response.model'] ?? 'unknown' : op === 'execute_tool' ? 'unknown' : undefined);
      expect(s.name, JSON.stringify(s.attributes)).toBe(`${op} ${String(subject)}`);
      checked += 1;
    }
    expect(checked).toBe(spans.filter((s) => s.attributes['little.span.kind'] !== 'step').length);
  });

  it('sends contents in the GenAI message shapes', () => {
    const parse = (s: ReceivedSpan, key: string) => (typeof s.attributes[key] === 'string' ? (JSON.parse(s.attributes[key]) as unknown) : undefined);
    let messages = 0;
    for (const s of spans) {
      for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages']) {
        const list = parse(s, key);
        if (list === undefined) continue;
        expect(Array.isArray(list), key).toBe(true);
        for (const m of list as Array<Record<string, unknown>>) {
          expect(typeof m.role).toBe('string');
          expect(Array.isArray(m.parts)).toBe(true);
          for (const part of m.parts as Array<Record<string, unknown>>) expect(['text', 'tool_call', 'tool_call_response', 'reasoning']).toContain(part.type);
          if (key === 'gen_ai.output.messages') expect(typeof m.finish_reason).toBe('string');
          messages += 1;
        }
      }
      const system = parse(s, 'gen_ai.system_instructions');
      if (system !== undefined) expect((system as Array<Record<string, unknown>>).every((p) => p.type === 'text' && typeof p.content === 'string')).toBe(true);
    }
    expect(messages).toBeGreaterThan(0);
  });
});
