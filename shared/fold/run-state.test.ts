import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { RunNotFoundError, RunStateEventMismatchError } from './fold-errors';
import { applyEvent, createRunState, materializeRunState } from './run-state';

const RUN = 'run_t';
const at = (seq: number) => `2026-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`;

/** Events numbered from 1 in array order, recordedAt = 00:00:<seq>. */
function log(...specs: Array<[type: string, payload: unknown]>): EventEnvelope[] {
  return specs.map(([type, payload], index) => ({
    eventId: `evt_${index + 1}`,
    runId: RUN,
    sequence: index + 1,
    type,
    recordedAt: at(index + 1),
    payload,
  }));
}
const fold = (...specs: Array<[string, unknown]>) => materializeRunState(RUN, log(...specs), { priceTable: BUNDLED_PRICE_TABLE });

describe('materializeRunState: log shape', () => {
  it('throws RunNotFoundError for an empty log', () => {
    expect(() => materializeRunState(RUN, [], { priceTable: BUNDLED_PRICE_TABLE })).toThrowError(RunNotFoundError);
    expect(() => materializeRunState(RUN, [], { priceTable: BUNDLED_PRICE_TABLE })).toThrowError('Run not found: run_t');
    try {
      materializeRunState(RUN, [], { priceTable: BUNDLED_PRICE_TABLE });
    } catch (error) {
      expect((error as Error).name).toBe('RunNotFoundError');
    }
  });

  it('rejects a foreign runId with the index in the message', () => {
    const events = log(['RunStarted', {}], ['RunCompleted', {}]);
    events[1] = { ...events[1]!, runId: 'run_other' };
    expect(() => materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE })).toThrowError(
      'Event runId mismatch at index 1: expected run_t, received run_other.',
    );
  });

  it('rejects a sequence gap, as a TypeError subclass named RunStateEventMismatchError', () => {
    const events = log(['RunStarted', {}], ['RunCompleted', {}]);
    events[1] = { ...events[1]!, sequence: 3 };
    let caught: unknown;
    try {
      materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RunStateEventMismatchError);
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as Error).name).toBe('RunStateEventMismatchError');
    expect((caught as Error).message).toBe('Event sequence mismatch for run_t: expected 2, received 3.');
  });

  it('checks the whole shape before folding any payload', () => {
    const events = log(['RunStarted', null], ['StepScheduled', {}]);
    events[1] = { ...events[1]!, sequence: 5 };
    expect(() => materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE })).toThrowError(RunStateEventMismatchError);
  });

  it('applyEvent enforces the next sequence and the runId', () => {
    const state = createRunState(RUN);
    const [first, second] = log(['RunStarted', {}], ['RunCompleted', {}]);
    expect(() => applyEvent(state, second!, { priceTable: BUNDLED_PRICE_TABLE })).toThrowError('Event sequence mismatch for run_t: expected 1, received 2.');
    applyEvent(state, first!, { priceTable: BUNDLED_PRICE_TABLE });
    expect(() => applyEvent(state, { ...second!, runId: 'run_x' }, { priceTable: BUNDLED_PRICE_TABLE })).toThrowError(
      'Event runId mismatch at index 1: expected run_t, received run_x.',
    );
    expect(state.eventCount).toBe(1);
  });
});

describe('materializeRunState: run lifecycle', () => {
  it('starts pending with empty usage and a null-prototype steps map', () => {
    const state = fold(['PlannerStarted', { requestId: 'r' }]);
    expect(JSON.stringify(state)).toBe(
      '{"runId":"run_t","status":"pending","usage":{"inputTokens":0,"outputTokens":0,"cachedInputTokens":0,' +
        '"reasoningTokens":0,"costUsd":0,"pricedCalls":0,"unpricedCalls":0},"steps":{},"artifacts":[],"eventCount":1}',
    );
    expect(Object.getPrototypeOf(state.steps)).toBeNull();
  });

  it('takes workflowVersionId from WorkflowVersionRegistered and RunStarted, status only from RunStarted', () => {
    const registered = fold(['WorkflowVersionRegistered', { workflowVersionId: 'wfver_a' }]);
    expect(registered.status).toBe('pending');
    expect(registered.workflowVersionId).toBe('wfver_a');
    const started = fold(['WorkflowVersionRegistered', { workflowVersionId: 'wfver_a' }], ['RunStarted', { workflowVersionId: 7 }]);
    expect(started).toMatchObject({ status: 'running', startedAt: at(2), workflowVersionId: 'wfver_a' });
    expect(Object.keys(started)).toEqual(['runId', 'status', 'usage', 'steps', 'artifacts', 'eventCount', 'workflowVersionId', 'startedAt']);
  });

  it('lets RunCompleted override RunFailed and a later RunStarted reopen the run', () => {
    const state = fold(
      ['RunStarted', { workflowVersionId: 'wfver_a' }],
      ['RunFailed', { error: { message: 'boom' } }],
      ['RunCompleted', { output: { ok: 1 }, outputRef: 'artifact://art_out' }],
      ['RunStarted', {}],
    );
    expect(state.status).toBe('running');
    expect(state.startedAt).toBe(at(4));
    expect(state.finishedAt).toBe(at(3));
    expect('error' in state).toBe(false);
    expect(state.output).toEqual({ ok: 1 });
    expect(state.outputRef).toBe('artifact://art_out');
    expect(state.artifacts).toEqual(['artifact://art_out']);
  });

  it('RunFailed without error keeps an undefined error key that JSON drops', () => {
    const state = fold(['RunStarted', {}], ['RunFailed', {}]);
    expect('error' in state).toBe(true);
    expect(state.error).toBeUndefined();
    expect(JSON.parse(JSON.stringify(state))).not.toHaveProperty('error');
  });

  it('RunCompleted ignores non-artifact outputRefs and sets output only when the key exists', () => {
    const state = fold(['RunCompleted', { outputRef: 'file:///x' }]);
    expect('output' in state).toBe(false);
    expect(state.outputRef).toBeUndefined();
    expect(state.artifacts).toEqual([]);
    expect(fold(['RunCompleted', { output: null }]).output).toBeNull();
  });
});

describe('materializeRunState: steps', () => {
  it('StepScheduled creates a pending step once; non-string paths are ignored', () => {
    const state = fold(['StepScheduled', { stepPath: 'a' }], ['StepScheduled', { stepPath: 42 }], ['StepScheduled', { stepPath: 'a' }]);
    expect(Object.keys(state.steps)).toEqual(['a']);
    expect(JSON.stringify(state.steps.a)).toBe(
      '{"stepPath":"a","status":"pending","usage":{"inputTokens":0,"outputTokens":0,"cachedInputTokens":0,' +
        '"reasoningTokens":0,"costUsd":0,"pricedCalls":0,"unpricedCalls":0},"attempts":[],"artifactRefs":[]}',
    );
  });

  it('treats __proto__ and constructor as ordinary step paths and orders integer-like keys first', () => {
    const state = fold(
      ['StepScheduled', { stepPath: '__proto__' }],
      ['StepScheduled', { stepPath: 'constructor' }],
      ['StepScheduled', { stepPath: '10' }],
      ['StepScheduled', { stepPath: '9' }],
    );
    expect(Object.keys(state.steps)).toEqual(['9', '10', '__proto__', 'constructor']);
    expect(state.steps.__proto__!.status).toBe('pending');
  });

  it('StepAttemptStarted runs the step, numbers attempts and clears only the last result', () => {
    const state = fold(
      ['StepAttemptStarted', { stepPath: 's', attemptId: 'attempt_1' }],
      ['StepCompleted', { stepPath: 's', output: 'x', outputRef: 'artifact://art_1', artifactRefs: ['artifact://art_2'], metadata: { uses: 'tool.call' } }],
      ['StepFailed', { stepPath: 's', error: { message: 'late' } }],
      ['StepAttemptStarted', { stepPath: 's', attemptId: 5 }],
    );
    const step = state.steps.s!;
    expect(step.status).toBe('running');
    expect('output' in step || 'outputRef' in step || 'error' in step).toBe(false);
    expect(step.metadata).toEqual({ uses: 'tool.call' });
    expect(step.artifactRefs).toEqual(['artifact://art_1', 'artifact://art_2']);
    expect(step.attempts.map((attempt) => attempt.attemptId)).toEqual(['attempt_1', 'attempt_2']);
    expect(step.attempts[1]).toEqual({ attemptId: 'attempt_2', startedAt: at(4), status: 'running' });
  });

  it('StepCompleted completes the last attempt (keeping its error) or synthesises attempt_1', () => {
    const retried = fold(
      ['StepAttemptStarted', { stepPath: 's', attemptId: 'a1' }],
      ['StepFailed', { stepPath: 's', error: 'e1' }],
      ['StepCompleted', { stepPath: 's' }],
    );
    expect(retried.steps.s!.status).toBe('completed');
    expect('error' in retried.steps.s!).toBe(false);
    expect(JSON.stringify(retried.steps.s!.attempts)).toBe(
      `[{"attemptId":"a1","startedAt":"${at(1)}","status":"completed","finishedAt":"${at(3)}","error":"e1"}]`,
    );
    const direct = fold(['StepCompleted', { stepPath: 'd', metadata: ['not', 'a', 'record'] }]);
    expect(JSON.stringify(direct.steps.d!.attempts)).toBe(
      `[{"attemptId":"attempt_1","startedAt":"${at(1)}","finishedAt":"${at(1)}","status":"completed"}]`,
    );
    expect(direct.steps.d!.metadata).toBeUndefined();
    expect('output' in direct.steps.d!).toBe(false);
  });

  it('StepCompleted filters refs and de-duplicates them into the run list', () => {
    const state = fold(
      ['ArtifactCreated', { stepPath: 's', artifactRef: 'artifact://art_1' }],
      ['StepCompleted', { stepPath: 's', outputRef: 'artifact://art_1', artifactRefs: ['artifact://art_1', 'nope', 3, 'artifact://art_3'] }],
    );
    expect(state.steps.s!.outputRef).toBe('artifact://art_1');
    expect(state.steps.s!.artifactRefs).toEqual(['artifact://art_1', 'artifact://art_3']);
    expect(state.artifacts).toEqual(['artifact://art_1', 'artifact://art_3']);
  });

  it('StepFailed without error sets an undefined error on the step and a synthesised attempt', () => {
    const state = fold(['StepFailed', { stepPath: 'f' }]);
    const step = state.steps.f!;
    expect(step.status).toBe('failed');
    expect('error' in step).toBe(true);
    expect('error' in step.attempts[0]!).toBe(true);
    expect(JSON.stringify(step.attempts)).toBe(
      `[{"attemptId":"attempt_1","startedAt":"${at(1)}","finishedAt":"${at(1)}","status":"failed"}]`,
    );
  });

  it('StepFailed after StepCompleted overwrites the same attempt', () => {
    const state = fold(
      ['StepAttemptStarted', { stepPath: 's' }],
      ['StepCompleted', { stepPath: 's' }],
      ['StepFailed', { stepPath: 's', error: { message: 'x' } }],
    );
    expect(state.steps.s!.attempts).toEqual([
      { attemptId: 'attempt_1', startedAt: at(1), status: 'failed', finishedAt: at(3), error: { message: 'x' } },
    ]);
  });

  it('ArtifactCreated without stepPath adds to the run only; non-artifact refs are ignored everywhere', () => {
    const state = fold(
      ['ArtifactCreated', { artifactRef: 'artifact://art_run' }],
      ['ArtifactCreated', { stepPath: 'ghost', artifactRef: 'blob://x' }],
      ['ArtifactCreated', { stepPath: 'real', artifactRef: 'artifact://art_run' }],
    );
    expect(state.artifacts).toEqual(['artifact://art_run']);
    expect(Object.keys(state.steps)).toEqual(['real']);
    expect(state.steps.real!.artifactRefs).toEqual(['artifact://art_run']);
  });

  it('ignores every other event type, including inherited member names', () => {
    const state = fold(
      ['constructor', { stepPath: 'x' }],
      ['__proto__', { stepPath: 'x' }],
      ['toString', null],
      ['ParallelGroupStarted', { stepPath: 'x' }],
      ['StepOutputValidated', { stepPath: 'x', outputRef: 'artifact://art_x' }],
      ['harness.execute_step.started', { stepPath: 'x' }],
    );
    expect(Object.keys(state.steps)).toEqual([]);
    expect(state.artifacts).toEqual([]);
    expect(state.eventCount).toBe(6);
  });
});

describe('materializeRunState: malformed payloads behave like upstream', () => {
  it('throws TypeError for a null payload on a handled type, reading the same first field', () => {
    expect(() => fold(['RunStarted', null])).toThrowError(TypeError);
    expect(() => fold(['RunStarted', null])).toThrowError(/workflowVersionId/);
    expect(() => fold(['harness.model.responded', null])).toThrowError(/response/);
    expect(() => fold(['RunCompleted', 5])).toThrowError(TypeError);
  });

  it('passes null payloads on ignored types and harness.session.completed', () => {
    expect(fold(['harness.session.completed', null], ['Custom', null]).eventCount).toBe(2);
  });

  it('tolerates array and number payloads where upstream does', () => {
    expect(fold(['RunStarted', ['x']]).status).toBe('running');
    expect(Object.keys(fold(['StepCompleted', 3]).steps)).toEqual([]);
  });
});
