/**
 * Hand-made run logs for the scan's tests: the harness shapes little-workflow writes
 * (docs/little-workflow-format.md §3), a call at a time, each method answering the sequences it
 * wrote so a test can assert a finding's exact events.
 */
import { TestLogBuilder } from './log-builder';

export type Where = { stepPath?: string; role?: string };
const GPT = { provider: 'openai.responses', modelId: 'gpt-4o-mini' };
export const USAGE = { inputTokens: 1000, outputTokens: 100 };

export class ScanLog {
  readonly log: TestLogBuilder;
  private calls = 0;

  constructor(readonly runId = 'run_scan_test') {
    this.log = new TestLogBuilder(runId);
  }

  get events() {
    return this.log.events;
  }

  private stamp(where: Where): Record<string, unknown> {
    return where.stepPath === undefined ? {} : { stepPath: where.stepPath };
  }

  add(type: string, payload: unknown): number {
    return this.log.add(type, payload).sequence;
  }

  runStarted(workflowVersionId = 'wfv_scan'): number {
    return this.add('RunStarted', { workflowVersionId, input: {} });
  }

  attempt(stepPath: string, attempt = 1): number {
    return this.add('StepAttemptStarted', { stepPath, stepId: stepPath.split(/[.[@]/)[0], attempt, attemptId: `attempt_${attempt}` });
  }

  session(where: Where): number {
    return this.add('harness.session.started', { runId: this.runId, role: where.role ?? 'worker.ai-generate', task: { kind: where.role === undefined ? 'execute_step' : 'plan' }, manifest: {}, manifestHash: 'sha256:0', ...this.stamp(where) });
  }

  sessionCompleted(where: Where): number {
    return this.add('harness.session.completed', { runId: this.runId, output: { result: null }, usage: {}, ...this.stamp(where) });
  }

  sessionFailed(where: Where, error: { name: string; message: string }): number {
    return this.add('harness.session.failed', { runId: this.runId, error, ...this.stamp(where) });
  }

  /** A model call: called, then responded (or failed). Returns [called, answer]. */
  model(where: Where, o: { turn?: number; messages?: unknown[]; fail?: { name: string; message: string }; model?: { provider: string; modelId: string }; toolCalls?: unknown[] } = {}): [number, number] {
    const callId = `call_${++this.calls}`;
    const turn = o.turn ?? 1;
    const model = o.model ?? GPT;
    const scope = where.stepPath === undefined ? { role: where.role } : { stepPath: where.stepPath, attempt: 1 };
    const called = this.add('harness.model.called', { callId, turn, promptHash: `sha256:${callId}`, request: { model: model.modelId, system: '', messages: o.messages ?? [{ role: 'user', content: 'hi' }], tools: [], scope }, ...this.stamp(where) });
    const answer = o.fail
      ? this.add('harness.model.failed', { callId, turn, durationMs: 0, error: o.fail, ...this.stamp(where) })
      : this.add('harness.model.responded', { callId, turn, model, response: { text: 'ok', output: 'ok', usage: USAGE, ...(o.toolCalls ? { toolCalls: o.toolCalls } : {}) }, ...this.stamp(where) });
    return [called, answer];
  }

  /** A tool call: started, then succeeded (or failed). Returns [started, end]. */
  tool(where: Where, toolName: string, args: unknown, o: { caller?: 'model' | 'code'; turn?: number; fail?: boolean } = {}): [number, number] {
    const callId = `tool_${++this.calls}`;
    const caller = o.caller ?? 'model';
    const scope = where.stepPath === undefined ? { role: where.role } : { stepPath: where.stepPath, attempt: 1 };
    const base = { callId, caller, toolName, args, callIndex: 1, ...(caller === 'model' ? { turn: o.turn ?? 1 } : {}), scope, ...this.stamp(where) };
    const started = this.add('harness.tool_call.started', base);
    const end = o.fail ? this.add('harness.tool_call.failed', { ...base, error: { name: 'Error', message: 'boom' } }) : this.add('harness.tool_call.succeeded', { ...base, result: { ok: true } });
    return [started, end];
  }

  stepFailed(stepPath: string, attempt: number, causeCode = 'step_failed'): number {
    return this.add('StepFailed', { stepPath, stepId: stepPath, attempt, attemptId: `attempt_${attempt}`, error: { name: 'StepFailedError', message: 'it failed', causeCode, retriable: true } });
  }

  stepCompleted(stepPath: string, attempt = 1): number {
    return this.add('StepCompleted', { stepPath, stepId: stepPath, attempt, output: 'done', outputRef: 'artifact://x', artifactRefs: [], metadata: {} });
  }

  /** Attempt `attempt` of `stepPath` as far as its session: one model call asked `content`, then the session's end. Returns the call's [called, answer]. */
  attemptCalling(stepPath: string, attempt: number, content: string): [number, number] {
    const where = { stepPath };
    this.attempt(stepPath, attempt);
    this.session(where);
    const call = this.model(where, { messages: [{ role: 'user', content }] });
    this.sessionCompleted(where);
    return call;
  }

  /** A whole healthy agent step: a session whose model asks for `tools` one turn each, then answers. */
  agentStep(stepPath: string, tools: Array<[string, unknown]>, attempt = 1): void {
    const where = { stepPath };
    this.attempt(stepPath, attempt);
    this.session(where);
    tools.forEach(([name, args], i) => {
      this.model(where, { turn: i + 1, messages: [{ role: 'user', content: `turn ${i}` }] });
      this.tool(where, name, args, { turn: i + 1 });
    });
    this.model(where, { turn: tools.length + 1, messages: [{ role: 'user', content: 'last' }] });
    this.sessionCompleted(where);
    this.stepCompleted(stepPath, attempt);
  }
}
