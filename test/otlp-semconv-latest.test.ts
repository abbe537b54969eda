/**
 * `--semconv latest` against the GenAI conventions' new home: what the loopback receiver decodes
 * from an export of every generated data dir (contents included) is checked against
 * semantic-conventions-genai v0.1.0 — the registry excerpt in test/fixtures/semconv-genai with
 * the release's renames and internal-agent-span removals applied (README.md there says which
 * version and why it is built so):
 * - every `gen_ai.*` key sent is one v0.1.0 defines, none a name it replaced
 *   (`gen_ai.workflow.name`, `gen_ai.usage.cache_creation.input_tokens`);
 * - the run and session spans are internal agent spans: no `gen_ai.agent.id`,
 *   `gen_ai.provider.name`, `gen_ai.agent.version` or cache usage on them; the run keeps
 *   `gen_ai.operation.name = invoke_workflow` and is named after `gen_ai.agent.name`;
 * - operation and provider values are the registry's well-known ones where one applies;
 * - every span carries `gen_ai.conversation.id`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';

const FIXTURES = join(__dirname, 'fixtures', 'semconv-genai');

/** Keys and enum members of the registry excerpt (one `key:` per attribute, `value: "…"` per member). */
function readRegistry(): { keys: Set<string>; members: Map<string, Set<string>> } {
  const keys = new Set<string>();
  const members = new Map<string, Set<string>>();
  let current = '';
  for (const line of readFileSync(join(FIXTURES, 'registry-excerpt.yaml'), 'utf8').split('\n')) {
    const key = /^\s*- \{?\s*key: ([\w.]+)/.exec(line)?.[1];
    if (key !== undefined) keys.add((current = key));
    const value = /value: "([^"]+)"/.exec(line)?.[1];
    if (value !== undefined) members.set(current, (members.get(current) ?? new Set()).add(value));
  }
  return { keys, members };
}

/** The release's changes (our transcription of its CHANGELOG and migration guide). */
function readChanges(): { renamed: Array<{ from: string; to: string }>; internalRemoved: string[] } {
  const text = readFileSync(join(FIXTURES, 'v0.1.0-changes.yaml'), 'utf8');
  const renamed = [...text.matchAll(/\{ from: ([\w.]+), to: ([\w.]+) \}/g)].map((m) => ({ from: m[1], to: m[2] }));
  const removed = /removed: \[([^\]]+)\]/.exec(text)?.[1].split(',').map((k) => k.trim()) ?? [];
  return { renamed, internalRemoved: removed };
}

const registry = readRegistry();
const changes = readChanges();
/** v0.1.0's keys: the excerpt, renamed. */
const V010_KEYS = new Set([...registry.keys].filter((k) => !changes.renamed.some((r) => r.from === k)).concat(changes.renamed.map((r) => r.to)));
const OPERATIONS = registry.members.get('gen_ai.operation.name') ?? new Set<string>();
const PROVIDERS = registry.members.get('gen_ai.provider.name') ?? new Set<string>();

let receiver: OtlpReceiver;
let spans: ReceivedSpan[];
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const run = await cli('otlp', '--all', '--data-dir', EXAMPLES, '--endpoint', receiver.url, '--content', '--semconv', 'latest');
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('GenAI conventions latest');
  spans = receiver.spans();
});
afterAll(() => receiver.close());

const genAi = (s: ReceivedSpan) => Object.keys(s.attributes).filter((k) => k.startsWith('gen_ai.'));
const kind = (s: ReceivedSpan) => s.attributes['little.span.kind'];

describe('OTLP export with --semconv latest against semantic-conventions-genai v0.1.0', () => {
  it('reads the definitions (the check can fail: known keys and members found, the renames applied)', () => {
    expect(registry.keys.size).toBeGreaterThan(60);
    expect(registry.keys).toContain('gen_ai.workflow.name');
    expect(V010_KEYS).toContain('gen_ai.usage.cache_write.input_tokens');
    expect(V010_KEYS).toContain('gen_ai.conversation.id');
    expect(V010_KEYS).not.toContain('gen_ai.workflow.name');
    expect(V010_KEYS).not.toContain('gen_ai.usage.cache_creation.input_tokens');
    expect(changes.internalRemoved).toEqual(expect.arrayContaining(['gen_ai.agent.id', 'gen_ai.provider.name']));
    expect(OPERATIONS).toContain('invoke_workflow');
    expect(PROVIDERS).toContain('openai');
    expect(spans.length).toBeGreaterThan(100);
  });

  it('sends only gen_ai.* keys v0.1.0 defines, none of the names it replaced', () => {
    const sent = new Set(spans.flatMap(genAi));
    for (const key of sent) expect(V010_KEYS.has(key), `${key} is not a v0.1.0 GenAI attribute`).toBe(true);
    for (const key of ['gen_ai.operation.name', 'gen_ai.provider.name', 'gen_ai.request.model', 'gen_ai.response.model', 'gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', 'gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.reasoning.output_tokens', 'gen_ai.tool.call.id', 'gen_ai.tool.name', 'gen_ai.agent.name', 'gen_ai.conversation.id', 'gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result']) {
      expect(sent, key).toContain(key);
    }
  });

  it('makes the run and the sessions internal agent spans: the removed keys absent, the workflow on gen_ai.agent.name', () => {
    const roots = spans.filter((s) => kind(s) === 'run');
    const sessions = spans.filter((s) => kind(s) === 'session');
    expect(roots.length).toBeGreaterThan(5);
    expect(sessions.length).toBeGreaterThan(5);
    for (const s of [...roots, ...sessions]) {
      for (const key of changes.internalRemoved) expect(s.attributes[key], `${s.name}: ${key}`).toBeUndefined();
      expect(s.kind, s.name).toBe(1); // SPAN_KIND_INTERNAL
    }
    for (const root of roots) {
      expect(root.attributes['gen_ai.operation.name']).toBe('invoke_workflow');
      expect(root.attributes['gen_ai.agent.name']).toBe(root.attributes['little.workflow.name']);
      expect(root.name).toBe(`invoke_workflow ${String(root.attributes['gen_ai.agent.name'])}`);
    }
    for (const session of sessions) expect(session.name).toBe(`invoke_agent ${String(session.attributes['gen_ai.agent.name'])}`);
    // Tool calls are the conventions' internal execute_tool spans; model calls stay client spans.
    expect(spans.filter((s) => kind(s) === 'tool').every((s) => s.kind === 1)).toBe(true);
    expect(spans.filter((s) => kind(s) === 'model').every((s) => s.kind === 3)).toBe(true);
    // The provider stays where v0.1.0 keeps it: on the model calls.
    expect(spans.some((s) => kind(s) === 'model' && s.attributes['gen_ai.provider.name'] === 'openai')).toBe(true);
  });

  it('uses the registry’s well-known operation and provider values', () => {
    const operations = new Set(spans.map((s) => s.attributes['gen_ai.operation.name']).filter((v) => v !== undefined));
    expect([...operations].sort()).toEqual(['chat', 'execute_tool', 'invoke_agent', 'invoke_workflow']);
    for (const op of operations) expect(OPERATIONS, String(op)).toContain(op);
    const providers = new Set(spans.map((s) => s.attributes['gen_ai.provider.name']).filter((v): v is string => typeof v === 'string'));
    for (const provider of providers) {
      if (PROVIDERS.has(provider)) continue;
      const lookalike = [...PROVIDERS].find((known) => known.split(/[._]/)[0] === provider);
      expect(lookalike, `${provider} should be sent as ${lookalike}`).toBeUndefined();
    }
  });

  it('sets gen_ai.conversation.id on every span', () => {
    const missing = spans.filter((s) => typeof s.attributes['gen_ai.conversation.id'] !== 'string' || s.attributes['gen_ai.conversation.id'] === '');
    expect(missing.map((s) => s.name)).toEqual([]);
  });
});
