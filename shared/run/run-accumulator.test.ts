import { describe, expect, it } from 'vitest';
import { TestLogBuilder } from '../../test/support/log-builder';
import { modelFacts } from '../../test/support/model-facts';
import type { EventEnvelope } from '../events/envelope';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { buildRunDetail } from './build-run-detail';
import type { RunModelFacts } from './run-model-facts';
import { RunAccumulator } from './run-accumulator';

const RUN = 'run_accumulator_test';
const table = BUNDLED_PRICE_TABLE;

const facts = (): RunModelFacts => modelFacts(RUN);

/** A run with a harness session, a model call, a retried step, a `__proto__` step path and a step left running. */
function sampleLog(): EventEnvelope[] {
  const log = new TestLogBuilder(RUN);
  log.add('RunStarted', { workflowVersionId: 'wfver_acc' });
  log.add('StepScheduled', { stepPath: 'draft' });
  log.add('StepAttemptStarted', { stepPath: 'draft', attemptId: 'attempt_1' });
  log.add('harness.session.started', { runId: RUN, role: 'worker', task: { kind: 'execute_step' }, stepPath: 'draft' });
  log.add('harness.model.called', { callId: 'c1', turn: 1, stepPath: 'draft', request: { messages: [{ role: 'user', content: 'x'.repeat(5000) }] } });
  log.add('harness.model.responded', { callId: 'c1', turn: 1, stepPath: 'draft', model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { text: 'hello', output: 'hello', usage: { inputTokens: 10, outputTokens: 3 } } });
  log.add('harness.session.completed', { runId: RUN, stepPath: 'draft', output: { result: { kind: 'step_output', output: 'hello' } } });
  log.add('StepFailed', { stepPath: 'draft', error: { message: 'bad', retriable: true } });
  log.wait(120_000);
  log.add('StepAttemptStarted', { stepPath: 'draft', attemptId: 'attempt_2' });
  log.add('StepCompleted', { stepPath: 'draft', output: { text: 'done' } });
  log.add('StepScheduled', { stepPath: '__proto__' });
  log.add('StepAttemptStarted', { stepPath: '__proto__', attemptId: 'attempt_1' });
  log.add('harness.tool_call.started', { callId: 't1', caller: 'code', toolName: 'grep', args: { q: 'x' }, stepPath: '__proto__' });
  return log.events;
}

// JSON is what crosses IPC: two details are the same when their JSON is.
const json = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('RunAccumulator', () => {
  it('resumed from a checkpoint at every k, then fed the rest, equals the fold of the whole log', () => {
    const events = sampleLog();
    const whole = json(buildRunDetail({ events, facts: facts(), table }));
    for (let k = 0; k <= events.length; k += 1) {
      const first = RunAccumulator.create(RUN, table);
      for (const event of events.slice(0, k)) first.add(event);
      const checkpoint = first.checkpoint();
      // The checkpoint is plain data: it survives a JSON-free structured clone and stays reusable.
      const resumed = RunAccumulator.resume(structuredClone(checkpoint), table);
      for (const event of events.slice(k)) resumed.add(event);
      expect(json(resumed.detail(facts())), `checkpoint after ${k} events`).toEqual(whole);
      expect(resumed.state().steps['__proto__']?.status, `own __proto__ step after ${k}`).toBe('running');
    }
  });

  it('a checkpoint does not change when the accumulator goes on', () => {
    const events = sampleLog();
    const accumulator = RunAccumulator.create(RUN, table);
    for (const event of events.slice(0, 6)) accumulator.add(event);
    const checkpoint = accumulator.checkpoint();
    const before = json(RunAccumulator.resume(checkpoint, table).detail(facts()));
    for (const event of events.slice(6)) accumulator.add(event);
    expect(json(RunAccumulator.resume(checkpoint, table).detail(facts()))).toEqual(before);
  });

  it('keeps no model request body and answers the strict fold like little report', () => {
    const events = sampleLog();
    const accumulator = RunAccumulator.create(RUN, table);
    for (const event of events) accumulator.add(event);
    expect(JSON.stringify(accumulator.checkpoint())).not.toContain('x'.repeat(100));
    expect(accumulator.strictError()).toBeNull();
    expect(RunAccumulator.create(RUN, table).strictError()).toEqual({ name: 'RunNotFoundError', message: `Run not found: ${RUN}` });
  });

  it('forks the tolerant fold at the first non-object payload, and a later gap wins over the payload error', () => {
    const events = sampleLog();
    const broken: EventEnvelope[] = [
      ...events.slice(0, 3),
      { ...events[3], type: 'RunFailed', payload: null },
      ...events.slice(4, 8),
      ...events.slice(9).map((e) => ({ ...e })),
    ];
    const whole = json(buildRunDetail({ events: broken, facts: facts(), table }));
    expect(whole.reportError).toMatch(/^RunStateEventMismatchError: /);
    for (let k = 0; k <= broken.length; k += 1) {
      const first = RunAccumulator.create(RUN, table, 'detail');
      for (const event of broken.slice(0, k)) first.add(event);
      const resumed = RunAccumulator.resume(first.checkpoint(), table);
      for (const event of broken.slice(k)) resumed.add(event);
      expect(json(resumed.detail(facts())), `checkpoint after ${k}`).toEqual(whole);
    }
    const strict = RunAccumulator.create(RUN, table, 'fold');
    for (const event of broken.slice(0, 8)) strict.add(event);
    expect(strict.strictError()?.name).toBe('TypeError');
  });
});
