/**
 * The two conventions' modes over a loopback receiver, every generated data dir, both protocols
 * where it matters: without opt-in the export is what 1.45 defines (and what was sent before the
 * choice existed); `OTEL_SEMCONV_STABILITY_OPT_IN` with `gen_ai_latest_experimental` anywhere in
 * its comma-separated list, or `--semconv latest`, selects v0.1.0; other values are ignored; the
 * flag beats the variable. In latest mode `gen_ai.conversation.id` is one per harness session
 * (equal over all of a session's runs and spans, distinct across sessions) and the top run's id
 * for a plain Local World. Token sums equal `little report` in both modes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../shared/events/envelope';
import { materializeRunState } from '../shared/fold/run-state';
import { runReport } from '../shared/report/run-report';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { selectRuns } from '../src-main/otlp/run-span-source';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { createSourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { sourceEvents } from './support/source-events';

let receiver: OtlpReceiver;
type Truth = { runId: string; dataDir: string; parentRunId: string | null; events: EventEnvelope[] };
let truths: Truth[];
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const selection = selectRuns(EXAMPLES, 'all', BUNDLED_PRICE_TABLE);
  if (!selection.ok) throw new Error(selection.error.message);
  const sources = createSourceRegistry();
  truths = [];
  for (const run of selection.value.runs) truths.push({ runId: run.runId, dataDir: run.dataDir, parentRunId: run.parentRunId, events: await sourceEvents(sources, run.dataDir, run.runId) });
  sources.dispose();
});
afterAll(() => receiver.close());

/** Export every run under the examples with `argv` and `env`; the spans received, and what the command said. */
async function exportWith(argv: string[], env: Record<string, string> = {}): Promise<{ spans: ReceivedSpan[]; stderr: string }> {
  const before = receiver.requests.length;
  let stderr = '';
  const code = await otlpCommand(['--all', '--data-dir', EXAMPLES, '--endpoint', receiver.url, ...argv], { stdout: () => undefined, stderr: (t) => void (stderr += t) }, { env });
  expect(code, stderr).toBe(0);
  return { spans: receiver.requests.slice(before).flatMap((r) => r.spans), stderr };
}

const ofKind = (spans: readonly ReceivedSpan[], kind: string) => spans.filter((s) => s.attributes['little.span.kind'] === kind);
const anyHas = (spans: readonly ReceivedSpan[], key: string) => spans.some((s) => key in s.attributes);
const sum = (spans: readonly ReceivedSpan[], key: string) => spans.reduce((n, s) => n + (typeof s.attributes[key] === 'number' ? (s.attributes[key] as number) : 0), 0);
/** The harness session a data dir belongs to, read off its path (`…/sessions/<key>/workflows`, `…/sessions/<key>/dynamic-workflows/<run>`). */
const sessionOf = (dataDir: string) => /[/\\]sessions[/\\]([^/\\]+)[/\\](?:workflows|dynamic-workflows[/\\][^/\\]+)$/.exec(dataDir)?.[1] ?? null;

/** Runs whose id no other data dir of the examples repeats (spans name the run, not its data dir). */
const unique = () => truths.filter((t) => truths.filter((u) => u.runId === t.runId).length === 1);

function expectTokenSumsEqualReport(spans: readonly ReceivedSpan[]) {
  let checked = 0;
  for (const t of unique()) {
    let report;
    try {
      report = runReport(materializeRunState(t.runId, t.events, { priceTable: BUNDLED_PRICE_TABLE }));
    } catch {
      continue; // A log the report refuses (the damaged fixtures) has no totals to compare.
    }
    const chats = ofKind(spans, 'model').filter((s) => s.attributes['little.run.id'] === t.runId);
    expect(sum(chats, 'gen_ai.usage.input_tokens'), t.runId).toBe(report.total.inputTokens);
    expect(sum(chats, 'gen_ai.usage.output_tokens'), t.runId).toBe(report.total.outputTokens);
    expect(sum(chats, 'gen_ai.usage.cache_read.input_tokens'), t.runId).toBe(report.total.cachedInputTokens);
    expect(sum(chats, 'gen_ai.usage.reasoning.output_tokens'), t.runId).toBe(report.total.reasoningTokens);
    checked += report.total.inputTokens;
  }
  expect(checked).toBeGreaterThan(0);
}

describe('--semconv 1.45 (the default)', () => {
  let spans: ReceivedSpan[];
  let stderr: string;
  beforeAll(async () => {
    ({ spans, stderr } = await exportWith([], { OTEL_SEMCONV_STABILITY_OPT_IN: 'http,database' }));
  });

  it('is chosen without opt-in (other categories of the variable are ignored) and says so', () => {
    expect(stderr).toContain('GenAI conventions 1.45');
  });

  it('keeps what 1.45 defines: gen_ai.workflow.name on the run, agent id and provider on sessions, no conversation id', () => {
    const roots = ofKind(spans, 'run');
    expect(roots.length).toBe(truths.length);
    expect(roots.every((s) => s.attributes['gen_ai.workflow.name'] === s.attributes['little.workflow.name'])).toBe(true);
    expect(anyHas(ofKind(spans, 'session'), 'gen_ai.agent.id')).toBe(true);
    expect(anyHas(ofKind(spans, 'session'), 'gen_ai.provider.name')).toBe(true);
    expect(anyHas(spans, 'gen_ai.conversation.id')).toBe(false);
    expect(anyHas(spans, 'gen_ai.usage.cache_write.input_tokens')).toBe(false);
    // Tool calls keep the client kind they were always sent with.
    expect(ofKind(spans, 'tool').length).toBeGreaterThan(0);
    expect(ofKind(spans, 'tool').every((s) => s.kind === 3)).toBe(true);
  });

  it('sums token attributes to `little report`', () => expectTokenSumsEqualReport(spans));

  it('is what --semconv 1.45 sends, even when the variable asks for the latest (the flag wins)', async () => {
    const flagged = await exportWith(['--semconv', '1.45'], { OTEL_SEMCONV_STABILITY_OPT_IN: 'gen_ai_latest_experimental' });
    const key = (s: ReceivedSpan) => `${s.spanId} ${JSON.stringify(s.attributes)}`;
    expect(flagged.spans.map(key).sort()).toEqual(spans.map(key).sort());
  });
});

describe.each([
  ['OTEL_SEMCONV_STABILITY_OPT_IN=" http , gen_ai_latest_experimental"', [], { OTEL_SEMCONV_STABILITY_OPT_IN: ' http , gen_ai_latest_experimental' }],
  ['--semconv latest (http/json)', ['--semconv', 'latest', '--protocol', 'http/json'], {}],
] as const)('latest through %s', (_how, argv, env) => {
  let spans: ReceivedSpan[];
  let stderr: string;
  beforeAll(async () => {
    ({ spans, stderr } = await exportWith([...argv], { ...env }));
  });

  it('says so, and sends what v0.1.0 defines: the workflow on gen_ai.agent.name only, no agent id or provider on agent spans', () => {
    expect(stderr).toContain('GenAI conventions latest');
    const roots = ofKind(spans, 'run');
    expect(roots.length).toBe(truths.length);
    expect(anyHas(spans, 'gen_ai.workflow.name')).toBe(false);
    expect(roots.every((s) => s.attributes['gen_ai.agent.name'] === s.attributes['little.workflow.name'] && s.attributes['gen_ai.operation.name'] === 'invoke_workflow')).toBe(true);
    expect(anyHas([...roots, ...ofKind(spans, 'session')], 'gen_ai.agent.id')).toBe(false);
    expect(anyHas([...roots, ...ofKind(spans, 'session')], 'gen_ai.provider.name')).toBe(false);
    expect(anyHas(ofKind(spans, 'model'), 'gen_ai.provider.name')).toBe(true);
    expect(anyHas(spans, 'gen_ai.usage.cache_creation.input_tokens')).toBe(false);
    expect(ofKind(spans, 'tool').every((s) => s.kind === 1)).toBe(true);
  });

  it('gives every span a conversation id: one per harness session, equal within it and distinct across sessions; the top run for a plain Local World', () => {
    const bySession = new Map<string, Set<unknown>>();
    const parents = new Map(truths.map((t) => [t.runId, t.parentRunId]));
    const top = (runId: string): string => {
      const parent = parents.get(runId);
      return parent && parents.has(parent) ? top(parent) : runId;
    };
    // A run id repeated in another data dir of the same session (the demo copies the fixtures) names one conversation still.
    const sameSession = truths.filter((t) => truths.every((u) => u.runId !== t.runId || sessionOf(u.dataDir) === sessionOf(t.dataDir)));
    for (const t of sameSession) {
      const ids = new Set(spans.filter((s) => s.attributes['little.run.id'] === t.runId).map((s) => s.attributes['gen_ai.conversation.id']));
      expect(ids.size, t.runId).toBe(1);
      const session = sessionOf(t.dataDir);
      if (session === null) expect([...ids][0], t.runId).toBe(top(t.runId));
      else bySession.set(session, new Set([...(bySession.get(session) ?? []), ...ids]));
    }
    expect(bySession.size).toBeGreaterThanOrEqual(3);
    for (const [session, ids] of bySession) expect([...ids], session).toEqual([session]);
    // Distinct across sessions: as many ids as sessions, none shared with a plain world's run.
    const sessionIds = [...bySession.values()].flatMap((ids) => [...ids]);
    expect(new Set(sessionIds).size).toBe(bySession.size);
    const plainIds = new Set(sameSession.filter((t) => sessionOf(t.dataDir) === null).map((t) => top(t.runId)));
    for (const id of sessionIds) expect(plainIds.has(id as string)).toBe(false);
  });

  it('sums token attributes to `little report`', () => expectTokenSumsEqualReport(spans));
});
