/**
 * The span mapping on hand-built logs: retries and branches as separate spans under the right
 * parents, repeated responses and legacy ModelCallCompleted counted like the fold counts them,
 * unpriced calls without a cost, model retries as events, resumes, crash and open ends, ids.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TestLogBuilder } from '../../test/support/log-builder';
import { materializeRunState } from '../fold/run-state';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { runReport } from '../report/run-report';
import { rootSpanIdFor, traceIdFor } from './otlp-ids';
import type { OtlpSpanData } from './otlp-span-types';
import { runSpanInput } from './run-span-input';
import { runSpans } from './run-spans';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const PRICED = { provider: 'openai.responses', modelId: 'gpt-4o-mini' };
const UNPRICED = { provider: 'acme', modelId: 'no-such-model' };

function spansOf(log: TestLogBuilder, facts: Parameters<typeof runSpanInput>[3] = { lockOwner: 'none' }, content = false): OtlpSpanData[] {
  return runSpans(runSpanInput(log.runId, log.events, BUNDLED_PRICE_TABLE, facts), { content, sha256Hex });
}
const named = (spans: OtlpSpanData[], name: string) => spans.filter((s) => s.name === name);
const byId = (spans: OtlpSpanData[]) => new Map(spans.map((s) => [s.spanId, s]));

/** A run with a retried step, a parallel step with two branches (one with a nested step) and calls. */
function retriedAndParallel(): TestLogBuilder {
  const log = new TestLogBuilder('run_map_1', sha256Hex);
  log.add('RunStarted', { workflowVersionId: 'wfver_x', label: 'Mapping' });
  log.add('StepAttemptStarted', { stepPath: 'fetch', stepId: 'fetch', attempt: 1, attemptId: 'attempt_1' });
  log.add('StepFailed', { stepPath: 'fetch', stepId: 'fetch', attempt: 1, attemptId: 'attempt_1', error: { name: 'StepFailedError', message: 'boom', retriable: true } });
  log.add('StepAttemptStarted', { stepPath: 'fetch', stepId: 'fetch', attempt: 2, attemptId: 'attempt_2' });
  log.add('harness.session.started', { runId: 'run_map_1', role: 'worker.ai-generate', task: { kind: 'execute_step' }, stepPath: 'fetch' });
  log.add('harness.model.called', { callId: 'c1', turn: 1, request: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'secret prompt' }] }, stepPath: 'fetch' });
  log.add('harness.model.failed', { callId: 'c1', turn: 1, error: { name: 'RateLimit', message: '429' }, willRetry: true, stepPath: 'fetch' });
  log.add('harness.model.responded', { callId: 'c1', turn: 1, model: PRICED, response: { text: 'hi', usage: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 40, reasoningTokens: 3 } }, stepPath: 'fetch' });
  // A second response to the same callId: the fold counts (and prices) it again.
  log.add('harness.model.responded', { callId: 'c1', turn: 1, model: PRICED, response: { text: 'again', usage: { inputTokens: 7, outputTokens: 1 } }, stepPath: 'fetch' });
  log.add('harness.model.called', { callId: 'c2', turn: 2, request: { model: 'no-such-model' }, stepPath: 'fetch' });
  log.add('harness.model.responded', { callId: 'c2', turn: 2, model: UNPRICED, response: { text: 'x', usage: { inputTokens: 5, outputTokens: 5 } }, stepPath: 'fetch' });
  log.add('harness.tool_call.started', { callId: 't1', caller: 'model', toolName: 'web.fetch', args: { url: 'https://x' }, callIndex: 1, turn: 2, scope: {}, stepPath: 'fetch' });
  log.add('harness.tool_call.succeeded', { callId: 't1', caller: 'model', toolName: 'web.fetch', args: {}, callIndex: 1, turn: 2, result: { ok: true }, scope: {}, stepPath: 'fetch' });
  log.add('harness.session.completed', { runId: 'run_map_1', output: { result: null }, usage: {}, stepPath: 'fetch' });
  log.add('StepCompleted', { stepPath: 'fetch', stepId: 'fetch', attempt: 2, outputRef: 'artifact://art_1', artifactRefs: [] });
  log.add('ModelCallCompleted', { stepPath: 'fetch', model: PRICED, usage: { inputTokens: 1000, outputTokens: 100 } });
  log.add('StepAttemptStarted', { stepPath: 'fan', stepId: 'fan', attempt: 1, attemptId: 'attempt_1' });
  for (const key of ['a', 'b']) {
    log.add('StepAttemptStarted', { stepPath: `fan[${key}].score`, stepId: 'score', attempt: 1, attemptId: 'attempt_1' });
    log.add('StepCompleted', { stepPath: `fan[${key}].score`, stepId: 'score', attempt: 1, outputRef: 'artifact://art_2', artifactRefs: [] });
  }
  log.add('StepCompleted', { stepPath: 'fan', stepId: 'fan', attempt: 1, outputRef: 'artifact://art_3', artifactRefs: [] });
  log.add('RunCompleted', { workflowVersionId: 'wfver_x', output: 1, outputRef: 'artifact://art_3', terminalStepPath: 'fan' });
  return log;
}

describe('runSpans', () => {
  it('makes one span per step attempt, retries included, nested as the step tree', () => {
    const spans = spansOf(retriedAndParallel());
    const root = spans[0];
    expect(root).toMatchObject({ name: 'invoke_workflow Mapping', status: { code: 'ok' }, spanId: rootSpanIdFor('run_map_1', sha256Hex), traceId: traceIdFor('run_map_1', sha256Hex) });
    expect(root.parentSpanId).toBeUndefined();
    const fetch = named(spans, 'step fetch');
    expect(fetch.map((s) => [s.attributes['little.step.attempt_id'], s.status.code])).toEqual([['attempt_1', 'error'], ['attempt_2', 'ok']]);
    expect(fetch[0].status.message).toBe('StepFailedError: boom');
    expect(fetch.every((s) => s.parentSpanId === root.spanId)).toBe(true);
    const fan = named(spans, 'step fan')[0];
    for (const key of ['a', 'b']) expect(named(spans, `step fan[${key}].score`)[0].parentSpanId).toBe(fan.spanId);
  });

  it('hangs sessions under the attempt that ran them, calls and tools under their session', () => {
    const spans = spansOf(retriedAndParallel());
    const ids = byId(spans);
    const session = named(spans, 'invoke_agent worker.ai-generate')[0];
    expect(ids.get(session.parentSpanId!)?.attributes['little.step.attempt_id']).toBe('attempt_2');
    const chat = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat' && s.attributes['little.call.id'] === 'c1');
    expect(chat[0].parentSpanId).toBe(session.spanId);
    expect(chat[0].events.map((e) => e.name)).toEqual(['little.retry']);
    const tool = named(spans, 'execute_tool web.fetch')[0];
    expect(tool.parentSpanId).toBe(session.spanId);
    expect(tool.attributes['gen_ai.tool.call.id']).toBe('t1');
  });

  it('counts every call the fold counts, so token and cost sums equal `little report`', () => {
    const log = retriedAndParallel();
    const chats = spansOf(log).filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    // c1, its repeated response, c2 and the legacy ModelCallCompleted.
    expect(chats).toHaveLength(4);
    const report = runReport(materializeRunState(log.runId, log.events, { priceTable: BUNDLED_PRICE_TABLE }));
    const total = (key: string) => chats.reduce((n, s) => n + ((s.attributes[key] as number | undefined) ?? 0), 0);
    expect(total('gen_ai.usage.input_tokens')).toBe(report.total.inputTokens);
    expect(total('gen_ai.usage.output_tokens')).toBe(report.total.outputTokens);
    expect(total('gen_ai.usage.cache_read.input_tokens')).toBe(report.total.cachedInputTokens);
    expect(total('gen_ai.usage.reasoning.output_tokens')).toBe(report.total.reasoningTokens);
    expect(total('little.cost.usd')).toBeCloseTo(report.total.costUsd!, 15);
    const unpriced = chats.find((s) => s.attributes['gen_ai.response.model'] === 'no-such-model')!;
    expect(unpriced.attributes).not.toHaveProperty('little.cost.usd');
    expect(unpriced.attributes['gen_ai.usage.input_tokens']).toBe(5);
    expect(chats[0].attributes).toMatchObject({ 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': 'gpt-4o-mini', 'gen_ai.response.model': 'gpt-4o-mini' });
  });

  it('derives the same ids every time, different ids for another run, unique within the trace', () => {
    const log = retriedAndParallel();
    const a = spansOf(log);
    // A span's id is the hash of the run id and the id of the event that opened its item (docs/OTLP.md).
    const opened = log.events.find((e) => e.type === 'StepAttemptStarted')!;
    expect(named(a, 'step fetch')[0].spanId).toBe(sha256Hex(`little-inspector/span\u0000run_map_1\u0000${opened.eventId}`).slice(0, 16));
    const called = log.events.find((e) => e.type === 'harness.model.called')!;
    expect(a.find((s) => s.attributes['little.call.id'] === 'c1')!.spanId).toBe(sha256Hex(`little-inspector/span\u0000run_map_1\u0000${called.eventId}`).slice(0, 16));
    const b = spansOf(retriedAndParallel());
    expect(b.map((s) => [s.spanId, s.parentSpanId])).toEqual(a.map((s) => [s.spanId, s.parentSpanId]));
    expect(new Set(a.map((s) => s.spanId)).size).toBe(a.length);
    const other = new TestLogBuilder('run_map_2', sha256Hex);
    other.add('RunStarted', { workflowVersionId: 'wfver_x' });
    expect(spansOf(other)[0].traceId).not.toBe(a[0].traceId);
  });

  it('ends work in flight at the crash boundary with an error saying so, or leaves it open while the run lives', () => {
    const log = new TestLogBuilder('run_map_3', sha256Hex);
    log.add('RunStarted', { workflowVersionId: 'wfver_x' });
    log.add('StepAttemptStarted', { stepPath: 's', stepId: 's', attempt: 1, attemptId: 'attempt_1' });
    log.add('harness.session.started', { runId: 'run_map_3', role: 'worker.ai-generate', task: { kind: 'execute_step' }, stepPath: 's' });
    log.add('harness.model.called', { callId: 'c9', turn: 1, request: { model: 'gpt-4o-mini' }, stepPath: 's' });
    const crashed = spansOf(log, { lockOwner: 'dead' });
    const last = log.events.at(-1)!.recordedAt;
    for (const span of crashed) {
      expect(span.end, span.name).toEqual({ kind: 'crash' });
      expect(span.endTime).toBe(last);
      expect(span.status.code).toBe('error');
      expect(span.status.message).toMatch(/at the crash boundary: .*lock owner process is dead/);
    }
    expect(crashed[0].events.map((e) => e.name)).toEqual(['little.crash_boundary']);
    const live = spansOf(log, { lockOwner: 'alive' });
    for (const span of live) {
      expect(span.end).toEqual({ kind: 'open' });
      expect(span.status.code).toBe('unset');
      expect(span.attributes['little.span.open']).toBe(true);
    }
  });

  it('ends a session cut off by a crash where the run stopped, marks the resume, and links a sub-run to its parent', () => {
    const log = new TestLogBuilder('run_map_4', sha256Hex);
    log.add('RunStarted', { workflowVersionId: 'wfver_x', parentRunId: 'run_parent' });
    log.add('StepAttemptStarted', { stepPath: 's', stepId: 's', attempt: 1, attemptId: 'attempt_1' });
    log.add('harness.session.started', { runId: 'run_map_4', role: 'worker.tool-call', task: { kind: 'execute_step' }, stepPath: 's' });
    const cut = log.add('harness.tool_call.started', { callId: 't9', caller: 'code', toolName: 'slow', args: {}, callIndex: 1, scope: {}, stepPath: 's' });
    log.wait(42 * 60_000);
    log.add('harness.session.started', { runId: 'run_map_4', role: 'worker.tool-call', task: { kind: 'execute_step' }, stepPath: 's' });
    log.add('harness.tool_call.succeeded', { callId: 't9', caller: 'code', toolName: 'slow', args: {}, callIndex: 1, result: 1, scope: {}, stepPath: 's' });
    log.add('harness.session.completed', { runId: 'run_map_4', output: { result: 1 }, usage: {}, stepPath: 's' });
    log.add('StepCompleted', { stepPath: 's', stepId: 's', attempt: 1, outputRef: 'artifact://art_1', artifactRefs: [] });
    log.add('RunCompleted', { workflowVersionId: 'wfver_x', output: 1, outputRef: 'artifact://art_1', terminalStepPath: 's' });
    const spans = spansOf(log);
    const [first, second] = named(spans, 'invoke_agent worker.tool-call');
    expect(first.endTime).toBe(cut.recordedAt);
    expect(first.status).toMatchObject({ code: 'error' });
    expect(second.events[0]).toMatchObject({ name: 'little.resume', attributes: { 'little.resume.gap_ms': 42 * 60_000 + 1000 } });
    expect(spans[0].events.map((e) => e.name)).toContain('little.resume');
    const tool = named(spans, 'execute_tool slow')[0];
    expect(tool).toMatchObject({ status: { code: 'ok' }, attributes: { 'little.call.completed_after_resume': true } });
    expect(spans[0].links).toEqual([{ traceId: traceIdFor('run_parent', sha256Hex), spanId: rootSpanIdFor('run_parent', sha256Hex), attributes: { 'little.link.kind': 'parent_run', 'little.run.id': 'run_parent' } }]);
  });

  it("sends contents in the GenAI conventions' message shapes: typed parts, tool calls and their responses, a finish reason", () => {
    const log = new TestLogBuilder('run_map_5', sha256Hex);
    log.add('RunStarted', { workflowVersionId: 'wfver_x' });
    const toolCall = { toolName: 'web.fetch', args: { url: 'https://x' }, toolCallId: 'tc_1' };
    const messages = [
      { role: 'user', content: { topic: 'otlp' } },
      { role: 'assistant', content: 'fetching', toolCalls: [toolCall] },
      { role: 'tool', content: [{ toolName: 'web.fetch', toolCallId: 'tc_1', result: { body: 'page' } }] },
    ];
    log.add('harness.model.called', { callId: 'c1', turn: 2, request: { model: 'gpt-4o-mini', system: 'Be brief.', messages } });
    log.add('harness.model.responded', { callId: 'c1', turn: 2, model: PRICED, response: { text: 'done', usage: { inputTokens: 1, outputTokens: 1 }, toolCalls: [{ ...toolCall, toolCallId: 'tc_2' }] } });
    const chat = spansOf(log, { lockOwner: 'none' }, true).find((s) => s.item === 'model')!;
    const parse = (key: string) => JSON.parse(String(chat.attributes[key])) as unknown;
    expect(parse('gen_ai.system_instructions')).toEqual([{ type: 'text', content: 'Be brief.' }]);
    expect(parse('gen_ai.input.messages')).toEqual([
      { role: 'user', parts: [{ type: 'text', content: '{"topic":"otlp"}' }] },
      { role: 'assistant', parts: [{ type: 'text', content: 'fetching' }, { type: 'tool_call', id: 'tc_1', name: 'web.fetch', arguments: { url: 'https://x' } }] },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'tc_1', response: { body: 'page' } }] },
    ]);
    expect(parse('gen_ai.output.messages')).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'done' }, { type: 'tool_call', id: 'tc_2', name: 'web.fetch', arguments: { url: 'https://x' } }], finish_reason: 'tool_call' },
    ]);
  });

  it("names providers by the conventions' well-known values, on calls and on a session whose calls agree", () => {
    const log = new TestLogBuilder('run_map_6', sha256Hex);
    log.add('RunStarted', { workflowVersionId: 'wfver_x' });
    log.add('harness.session.started', { runId: 'run_map_6', role: 'planner', task: { kind: 'plan' } });
    const providers = ['mistral.chat', 'google.generative-ai', 'google.vertex.chat', 'amazon-bedrock', 'xai.chat', 'acme.chat'];
    providers.forEach((provider, i) => {
      log.add('harness.model.called', { callId: `c${i}`, turn: i + 1, request: { model: 'm' } });
      log.add('harness.model.responded', { callId: `c${i}`, turn: i + 1, model: { provider, modelId: 'm' }, response: { text: '', usage: { inputTokens: 1, outputTokens: 1 } } });
    });
    log.add('harness.session.completed', { runId: 'run_map_6', output: { result: null }, usage: {} });
    const spans = spansOf(log);
    expect(spans.filter((s) => s.item === 'model').map((s) => s.attributes['gen_ai.provider.name'])).toEqual(['mistral_ai', 'gcp.gemini', 'gcp.vertex_ai', 'aws.bedrock', 'x_ai', 'acme']);
    // Several providers: the session names none rather than one of them.
    expect(spans.find((s) => s.item === 'session')!.attributes).not.toHaveProperty('gen_ai.provider.name');
    const one = new TestLogBuilder('run_map_7', sha256Hex);
    one.add('RunStarted', { workflowVersionId: 'wfver_x' });
    one.add('harness.session.started', { runId: 'run_map_7', role: 'planner', task: { kind: 'plan' } });
    ['openai.chat', 'openai.responses'].forEach((provider, i) => {
      one.add('harness.model.called', { callId: `c${i}`, turn: i + 1, request: { model: 'm' } });
      one.add('harness.model.responded', { callId: `c${i}`, turn: i + 1, model: { provider, modelId: 'm' }, response: { text: '', usage: { inputTokens: 1, outputTokens: 1 } } });
    });
    expect(spansOf(one).find((s) => s.item === 'session')!.attributes['gen_ai.provider.name']).toBe('openai');
  });

  it('includes message contents only when asked', () => {
    const log = retriedAndParallel();
    const off = JSON.stringify(spansOf(log));
    expect(off).not.toContain('secret prompt');
    const on = spansOf(log, { lockOwner: 'none' }, true).find((s) => s.attributes['little.call.id'] === 'c1')!;
    expect(on.attributes['gen_ai.input.messages']).toContain('secret prompt');
  });
});
