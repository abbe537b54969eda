/**
 * `otlp --follow` against a live writer child, with the receiver down for part of the time:
 * every span arrives exactly once, and what arrived equals a one-shot export of the final log
 * (same ids, parents, names, times, statuses and attributes). Spans are re-derived from the log,
 * so nothing is lost while the backend is away; ids are marked sent only once accepted.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { otlpCommand } from '../src-main/cli/commands/otlp';
import { until } from './support/live-support';
import { simpleRun, startScriptWriter, type ScriptWriter, type WriterEvent } from './support/live-writer';
import { startOtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { tempRoot } from './support/store-test-fixtures';

const roots: string[] = [];
const writers: ScriptWriter[] = [];
afterAll(async () => {
  for (const w of writers) await w.kill();
  roots.forEach((root) => rmSync(root, { recursive: true, force: true }));
});

/** A worker step with a session, a model call and a tool call. */
function agentStep(runId: string, stepPath: string, n: number): WriterEvent[] {
  const callId = `call_${stepPath}`;
  return [
    { runId, type: 'StepAttemptStarted', payload: { stepPath, stepId: stepPath, attempt: 1, attemptId: 'attempt_1' } },
    { runId, type: 'harness.session.started', payload: { runId, role: 'worker.ai-generate', task: { kind: 'execute_step' }, stepPath } },
    { runId, type: 'harness.model.called', payload: { callId, turn: 1, request: { model: 'gpt-4o-mini' }, stepPath } },
    { runId, type: 'harness.model.responded', payload: { callId, turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { text: 'ok', usage: { inputTokens: 100 + n, outputTokens: 10 } }, stepPath } },
    { runId, type: 'harness.tool_call.started', payload: { callId: `tool_${stepPath}`, caller: 'code', toolName: 'web.fetch', args: {}, callIndex: 1, scope: {}, stepPath } },
    { runId, type: 'harness.tool_call.succeeded', payload: { callId: `tool_${stepPath}`, caller: 'code', toolName: 'web.fetch', args: {}, callIndex: 1, result: n, scope: {}, stepPath } },
    { runId, type: 'harness.session.completed', payload: { runId, output: { result: n }, usage: {}, stepPath } },
    { runId, type: 'StepCompleted', payload: { stepPath, stepId: stepPath, attempt: 1, outputRef: `artifact://art_${n}`, artifactRefs: [] } },
  ];
}
const spanKey = (s: ReceivedSpan) => `${s.traceId}/${s.spanId}`;
const comparable = (s: ReceivedSpan) => JSON.stringify({ ...s, attributes: Object.entries(s.attributes).sort() });

/** A fresh data dir with a live writer child and a receiver, cleaned up after the file. */
async function followWorld(prefix: string) {
  const root = tempRoot(prefix);
  roots.push(root);
  const dir = join(root, '.little-workflow');
  const writer = await startScriptWriter(dir);
  writers.push(writer);
  return { dir, writer, receiver: await startOtlpReceiver() };
}

/** What `--follow` delivered equals a one-shot export of the final log: same ids, parents, names, times, statuses, attributes. */
async function expectSameAsOneShot(dir: string, followed: readonly ReceivedSpan[]) {
  const oneShot = await startOtlpReceiver();
  expect(await otlpCommand(['--all', '--data-dir', dir, '--endpoint', oneShot.url], { stdout: () => undefined, stderr: () => undefined })).toBe(0);
  expect(followed.map(comparable).sort()).toEqual(oneShot.spans().map(comparable).sort());
  await oneShot.close();
}

describe('little-inspector otlp --follow', () => {
  it('sends every span exactly once although the backend is down part of the time, and equals a one-shot export', async () => {
    const { dir, writer, receiver } = await followWorld('li-otlp-follow-');
    const stopper = new AbortController();
    let stderr = '';
    let stdout = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
    // An old finished run is there before following starts.
    await writer.append(simpleRun('run_old', 2, true));
    const following = otlpCommand(['--all', '--data-dir', dir, '--endpoint', receiver.url, '--follow'], io, {
      signal: stopper.signal,
      sender: { timeoutMillis: 400 },
      follow: { flushMs: 40, backoffInitialMs: 40, backoffMaxMs: 200, batchSize: 7, observer: { pollMs: 40, discoverMs: 100, lockCheckMs: 100 } },
    });
    try {
      await writer.append([{ runId: 'run_live', type: 'RunStarted', payload: { workflowVersionId: 'wfver_t', label: 'live' } }]);
      await writer.append(agentStep('run_live', 'a', 1));
      await until(() => receiver.spans().some((s) => s.attributes['little.step.path'] === 'a' && s.name.startsWith('execute_tool')), 15_000, 'step a sent');
      await until(() => receiver.spans().some((s) => s.attributes['little.run.id'] === 'run_old' && s.parentSpanId === undefined), 15_000, 'run_old sent');

      // Step a's 8 events after RunStarted: accepted through sequence 9.
      await until(() => /^run_live {2}\+\d+ spans, exported through sequence 9$/m.test(stdout), 15_000, 'run_live exported through 9');
      await receiver.down();
      const linesBeforeDown = stdout.length;
      await writer.append(agentStep('run_live', 'b', 2));
      await writer.append(simpleRun('run_second', 3, false));
      await until(() => /export failed \(attempt 2\)/.test(stderr), 15_000, 'failed exports while down');
      await writer.append(agentStep('run_live', 'c', 3));
      // While the backend is down nothing is accepted, so no run's exported sequence moves.
      expect(stdout.length).toBe(linesBeforeDown);
      await receiver.up();
      await writer.append([{ runId: 'run_live', type: 'RunCompleted', payload: { workflowVersionId: 'wfver_t', output: 1, outputRef: 'artifact://art_3', terminalStepPath: 'c' } }]);
      await writer.append([{ runId: 'run_second', type: 'RunCompleted', payload: { workflowVersionId: 'wfver_t', output: 1 } }]);
      // 1 root + 3 attempts + 3 sessions + 3 model calls + 3 tool calls; run_second: 1 + 3; run_old: 1 + 2.
      await until(() => receiver.spans().length >= 13 + 4 + 3, 20_000, 'all spans after the backend came back');
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      stopper.abort();
    }
    expect(await following).toBe(0);
    const followed = receiver.spans();
    expect(new Set(followed.map(spanKey)).size).toBe(followed.length);

    await expectSameAsOneShot(dir, followed);
    expect(followed).toHaveLength(20);
    // Each run ends exported through its last sequence (= its event count on the root span), never moving back.
    for (const root of followed.filter((s) => s.parentSpanId === undefined)) {
      const runId = String(root.attributes['little.run.id']);
      const marks = [...stdout.matchAll(new RegExp(`^${runId} {2}\\+\\d+ spans, exported through sequence (\\d+)$`, 'gm'))].map((m) => Number(m[1]));
      expect(marks.at(-1), runId).toBe(root.attributes['little.run.event_count']);
      expect([...marks].sort((a, b) => a - b), runId).toEqual(marks);
    }
    await receiver.close();
  }, 60_000);

  it('holds at most maxQueue spans while the backend is down (the log is the backlog), then sends each once', async () => {
    const { dir, writer, receiver } = await followWorld('li-otlp-follow-bounded-');
    await receiver.down();
    // 3 runs of 1 root + 4 steps each: 15 spans against a queue of 4.
    for (const runId of ['run_q1', 'run_q2', 'run_q3']) await writer.append(simpleRun(runId, 4, true));
    const stopper = new AbortController();
    let stderr = '';
    const io = { stdout: () => undefined, stderr: (t: string) => void (stderr += t) };
    const following = otlpCommand(['--all', '--data-dir', dir, '--endpoint', receiver.url, '--follow'], io, {
      signal: stopper.signal,
      sender: { timeoutMillis: 300 },
      follow: { flushMs: 30, backoffInitialMs: 30, backoffMaxMs: 60, batchSize: 2, maxQueue: 4, observer: { pollMs: 30, discoverMs: 60, lockCheckMs: 60 } },
    });
    try {
      await until(() => /export failed \(attempt 3\)/.test(stderr), 15_000, 'failed exports while down');
      const waiting = [...stderr.matchAll(/(\d+) spans waiting/g)].map((m) => Number(m[1]));
      expect(waiting.length).toBeGreaterThan(0);
      expect(Math.max(...waiting)).toBeLessThanOrEqual(4);
      await receiver.up();
      await until(() => receiver.spans().length >= 15, 20_000, 'every span after the backend came back');
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      stopper.abort();
    }
    expect(await following).toBe(0);
    const followed = receiver.spans();
    expect(followed).toHaveLength(15);
    expect(new Set(followed.map(spanKey)).size).toBe(15);
    await expectSameAsOneShot(dir, followed);
    await receiver.close();
  }, 60_000);
});
