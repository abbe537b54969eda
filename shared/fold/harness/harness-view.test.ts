import { describe, expect, it } from 'vitest';
import { TestLogBuilder } from '../../../test/support/log-builder';
import { buildHarnessView, HarnessViewBuilder } from './harness-view';

const RUN = 'run_harness_test';

function workerManifest(stepPath: string) {
  return {
    harnessId: 'workflowHarness@1.0.0', workflowDefinitionHash: 'sha256:def', workflowVersionId: 'wfver_1', stepPath,
    stepConfigHash: 'sha256:cfg', skillsHash: 'sha256:s', allowedToolsHash: 'sha256:t', memoryStoreIds: [], bashCapabilitiesHash: 'sha256:b',
  };
}

const orchestratorManifest = {
  harnessId: 'workflowHarness@1.0.0', orchestratorModelSlotId: 'model.orchestrator', systemPromptHash: 'sha256:p', skillsHash: 'sha256:s',
  availableWorkflows: [], globalToolsHash: 'sha256:g', memoryStoreIds: [], bashCapabilitiesHash: 'sha256:b', maxConcurrentSubRuns: 2,
};

function startWorker(log: TestLogBuilder, stepPath: string) {
  return log.add('harness.session.started', {
    runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest: workerManifest(stepPath), manifestHash: 'sha256:w', stepPath,
  });
}

describe('buildHarnessView', () => {
  it('pairs an orchestrator turn with its tool call, sub-run and the requesting turn', () => {
    const log = new TestLogBuilder(RUN);
    log.add('RunStarted', { workflowVersionId: 'orchestrated', input: {} });
    log.add('harness.session.started', { runId: RUN, role: 'orchestrator', task: { kind: 'orchestrate' }, manifest: orchestratorManifest, manifestHash: 'sha256:o', parentRunId: 'run_parent' });
    log.add('harness.model.called', { callId: 'c1', turn: 1, promptHash: 'sha256:p1', request: {} }, { occurrenceId: 'o1' });
    log.add('harness.model.responded', {
      callId: 'c1', turn: 1, model: { provider: 'openai.responses', modelId: 'gpt-4o-mini' },
      response: { text: '[tool_calls]', output: '', usage: { inputTokens: 10, outputTokens: 2 }, toolCalls: [{ toolName: 'run_workflow', args: { workflowId: 'w' }, toolCallId: 'call_1' }] },
    }, { occurrenceId: 'o1' });
    log.add('harness.tool_call.started', { callId: 't1', caller: 'model', toolName: 'run_workflow', args: { workflowId: 'w', subRunId: 'run_sub1' }, callIndex: 1, turn: 1, scope: { role: 'orchestrator' } });
    log.add('harness.tool_call.succeeded', { callId: 't1', caller: 'model', toolName: 'run_workflow', args: { workflowId: 'w', subRunId: 'run_sub1' }, callIndex: 1, turn: 1, result: { runId: 'run_sub1', status: 'completed' }, scope: { role: 'orchestrator' } });
    log.add('harness.model.called', { callId: 'c2', turn: 2, promptHash: 'sha256:p2', request: {} });
    log.add('harness.model.responded', { callId: 'c2', turn: 2, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { text: 'done', output: 'done', usage: {} } });
    log.add('harness.session.completed', { runId: RUN, output: { result: { kind: 'orchestrate', output: 'done' } }, usage: { inputTokens: 10 } });

    const view = buildHarnessView(log.events);
    expect(view.parentRunId).toBe('run_parent');
    expect(view.sessions).toHaveLength(1);
    expect(view.sessions[0]).toMatchObject({ status: 'completed', manifestKind: 'orchestrator', scopeKey: '__global__', startSequence: 2, endSequence: 9, modelTurnIds: [0, 1], toolCallIds: [0] });
    expect(view.modelTurns.map((t) => [t.callId, t.status, t.calledSequence, t.respondedSequence])).toEqual([['c1', 'responded', 3, 4], ['c2', 'responded', 7, 8]]);
    expect(view.modelTurns[0].toolCalls[0]).toEqual({ toolName: 'run_workflow', args: { workflowId: 'w' }, toolCallId: 'call_1' });
    expect(view.toolCalls[0]).toMatchObject({ status: 'succeeded', requestedByTurnId: 0, requestedVia: 'turn', subRunId: 'run_sub1', startedSequence: 5, endSequence: 6, caller: 'model' });
    expect(view.modelTurns[0].toolCallItemIds).toEqual([0]);
    expect(view.subRuns).toEqual([{ runId: 'run_sub1', via: ['args.subRunId', 'result.runId'], toolCallId: 0, toolName: 'run_workflow', reportedStatus: 'completed', sequences: [5, 6] }]);
    expect(view.resumes).toEqual([]);
    expect(view.unpairedSequences).toEqual([]);
  });

  it('links a tool call to its turn through the response toolCallId when the callId is that id', () => {
    const log = new TestLogBuilder(RUN);
    log.add('harness.session.started', { runId: RUN, role: 'orchestrator', task: { kind: 'orchestrate' }, manifest: orchestratorManifest, manifestHash: 'sha256:o' });
    log.add('harness.model.called', { callId: 'c1', turn: 3, request: {} });
    log.add('harness.model.responded', { callId: 'c1', turn: 3, response: { toolCalls: [{ toolName: 'x', args: {}, toolCallId: 'call_x' }] } });
    log.add('harness.tool_call.started', { callId: 'call_x', caller: 'model', toolName: 'x', args: {}, callIndex: 1 });
    const view = buildHarnessView(log.events);
    expect(view.toolCalls[0]).toMatchObject({ requestedByTurnId: 0, requestedVia: 'toolCallId', status: 'in-flight' });
  });

  it('counts a resumed in-flight model call once, completed later with the same callId', () => {
    const log = new TestLogBuilder(RUN);
    log.add('StepScheduled', { stepPath: 'a', stepId: 'a', uses: 'ai.generate' });
    log.add('StepAttemptStarted', { stepPath: 'a', stepId: 'a', attempt: 1, attemptId: 'attempt_1' });
    startWorker(log, 'a');
    log.add('harness.execute_step.started', { runId: RUN, stepId: 'a', uses: 'ai.generate', stepPath: 'a', visitIndex: 0 });
    log.add('harness.model.called', { callId: 'c1', turn: 1, promptHash: 'sha256:p', request: {}, stepPath: 'a' }, { occurrenceId: 'occ1' });
    log.wait(60_000); // the process dies here and comes back a minute later
    startWorker(log, 'a');
    log.add('harness.execute_step.started', { runId: RUN, stepId: 'a', uses: 'ai.generate', stepPath: 'a', visitIndex: 0 });
    log.add('harness.model.responded', { callId: 'c1', turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { output: 'x', usage: { inputTokens: 5, outputTokens: 1 } }, stepPath: 'a' }, { occurrenceId: 'occ1' });
    log.add('harness.execute_step.succeeded', { runId: RUN, stepId: 'a', uses: 'ai.generate', stepPath: 'a', visitIndex: 0, output: 'x' });
    log.add('harness.session.completed', { runId: RUN, output: { result: { kind: 'execute_step' } }, usage: {}, stepPath: 'a' });

    const view = buildHarnessView(log.events);
    expect(view.modelTurns).toHaveLength(1);
    expect(view.modelTurns[0]).toMatchObject({ callId: 'c1', status: 'responded', calledSequence: 5, respondedSequence: 8, sessionId: 0, completedAfterResume: true, occurrenceId: 'occ1' });
    expect(view.sessions.map((s) => [s.status, s.supersededBySessionId, s.resumeOfSessionId])).toEqual([['open', 1, undefined], ['completed', undefined, 0]]);
    expect(view.resumes).toEqual([{ sessionId: 1, previousSessionId: 0, sequence: 6, recordedAt: log.events[5].recordedAt, reason: 'previous-session-open', previousEventSequence: 5, previousEventAt: log.events[4].recordedAt, gapMs: 61_000 }]);
    expect(view.executeSteps.map((s) => [s.status, s.supersededBySequence, s.succeededSequence])).toEqual([['open', 7, undefined], ['succeeded', undefined, 9]]);
  });

  it('pairs by callId, not adjacency, and keeps willRetry failures as retries of one call', () => {
    const log = new TestLogBuilder(RUN);
    startWorker(log, 'p[a].s');
    startWorker(log, 'p[b].s');
    log.add('harness.model.called', { callId: 'ca', turn: 1, stepPath: 'p[a].s' });
    log.add('harness.model.called', { callId: 'cb', turn: 1, stepPath: 'p[b].s' });
    log.add('harness.model.failed', { callId: 'ca', turn: 1, error: { message: 'rate limit' }, attempt: 1, willRetry: true, durationMs: 0, stepPath: 'p[a].s' });
    log.add('harness.model.responded', { callId: 'cb', turn: 1, response: {}, stepPath: 'p[b].s' });
    log.add('harness.model.failed', { callId: 'ca', turn: 1, error: { message: 'rate limit' }, attempt: 2, willRetry: true, stepPath: 'p[a].s' });
    log.add('harness.model.responded', { callId: 'ca', turn: 1, response: {}, stepPath: 'p[a].s' });
    const view = buildHarnessView(log.events);
    expect(view.modelTurns).toHaveLength(2);
    const [a, b] = view.modelTurns;
    expect(a).toMatchObject({ callId: 'ca', status: 'responded', sessionId: 0, respondedSequence: 8, sequences: [3, 5, 7, 8] });
    expect(a.failures.map((f) => [f.sequence, f.attempt, f.willRetry])).toEqual([[5, 1, true], [7, 2, true]]);
    expect(b).toMatchObject({ callId: 'cb', status: 'responded', sessionId: 1, respondedSequence: 6, failures: [] });
    expect(view.sessions[0].modelTurnIds).toEqual([0]);
    expect(view.sessions[1].modelTurnIds).toEqual([1]);
  });

  it('reads legacy PascalCase names and pairs callId-less turns by turn number', () => {
    const log = new TestLogBuilder(RUN);
    log.add('HarnessSessionStarted', { runId: RUN, role: 'planner', task: { kind: 'plan' }, manifest: { harnessId: 'h', plannerModelSlotId: 'm' }, manifestHash: 'sha256:p' });
    log.add('HarnessModelCalled', { turn: 1, request: {} });
    log.add('HarnessModelResponded', { turn: 1, response: { toolCalls: [{ toolName: 'read', args: {} }] } });
    log.add('HarnessToolCallStarted', { callId: 'tc1', caller: 'model', toolName: 'read', args: {}, callIndex: 1, turn: 1 });
    log.add('HarnessToolCallSucceeded', { callId: 'tc1', caller: 'model', toolName: 'read', args: {}, callIndex: 1, turn: 1, result: null, resultUndefined: true });
    log.add('HarnessModelCalled', { turn: 2, request: {} });
    log.add('HarnessModelFailed', { turn: 2, error: { message: 'boom' } });
    log.add('HarnessSessionFailed', { runId: RUN, error: { name: 'Error', message: 'boom' } });
    const view = buildHarnessView(log.events);
    expect(view.sessions[0]).toMatchObject({ status: 'failed', manifestKind: 'planner', error: { name: 'Error', message: 'boom' } });
    expect(view.modelTurns.map((t) => [t.callId, t.turn, t.status, t.sequences])).toEqual([[undefined, 1, 'responded', [2, 3]], [undefined, 2, 'failed', [6, 7]]]);
    expect(view.toolCalls[0]).toMatchObject({ status: 'succeeded', resultUndefined: true, result: null, requestedByTurnId: 0, requestedVia: 'turn' });
  });

  it('marks a repeated session start without a retry as a resume, and a retry after StepFailed as none', () => {
    const log = new TestLogBuilder(RUN);
    startWorker(log, 'a');
    log.add('harness.session.completed', { runId: RUN, output: { result: { kind: 'execute_step' } }, stepPath: 'a' });
    log.wait(5_000);
    startWorker(log, 'a'); // crashed after the session, before StepCompleted
    log.add('harness.session.failed', { runId: RUN, error: { message: 'x' }, stepPath: 'a' });
    log.add('StepFailed', { stepPath: 'a', attempt: 1, error: { retriable: true } });
    log.add('StepAttemptStarted', { stepPath: 'a', attempt: 2, attemptId: 'attempt_2' });
    startWorker(log, 'a'); // an ordinary retry
    const view = buildHarnessView(log.events);
    expect(view.resumes.map((r) => [r.sessionId, r.previousSessionId, r.reason, r.gapMs])).toEqual([[1, 0, 'repeated-without-retry', 6_000]]);
    expect(view.sessions[2].resumeOfSessionId).toBeUndefined();
  });

  it('keeps unstamped (older) worker events in one lane and still sees retries of the manifest step', () => {
    const log = new TestLogBuilder(RUN);
    log.add('HarnessSessionStarted', { runId: RUN, role: 'worker.tool-call', task: { kind: 'execute_step' }, manifest: workerManifest('a'), manifestHash: 'sha256:w' });
    log.add('HarnessModelCalled', { callId: 'c1', turn: 1 });
    log.add('HarnessSessionFailed', { runId: RUN, error: { message: 'x' } });
    log.add('StepFailed', { stepPath: 'a', attempt: 1, error: { retriable: true } });
    log.add('HarnessSessionStarted', { runId: RUN, role: 'worker.tool-call', task: { kind: 'execute_step' }, manifest: workerManifest('a'), manifestHash: 'sha256:w' });
    const view = buildHarnessView(log.events);
    expect(view.sessions.map((s) => [s.stepPath, s.status])).toEqual([['a', 'failed'], ['a', 'open']]);
    expect(view.modelTurns[0]).toMatchObject({ sessionId: 0, status: 'orphaned' });
    expect(view.resumes).toEqual([]);
  });

  it('tells in-flight tool calls from orphaned ones and records terminals with no opener', () => {
    const log = new TestLogBuilder(RUN);
    startWorker(log, 'a');
    log.add('harness.tool_call.started', { callId: 't1', caller: 'code', toolName: 'demo.score', args: { x: 1 }, callIndex: 1, stepPath: 'a' });
    log.add('harness.session.failed', { runId: RUN, error: { message: 'x' }, stepPath: 'a' });
    startWorker(log, 'b');
    log.add('harness.tool_call.started', { callId: 't2', caller: 'code', toolName: 'demo.score', args: { x: 2 }, callIndex: 1, stepPath: 'b' });
    log.add('harness.tool_call.failed', { callId: 'ghost', caller: 'code', toolName: 'x', args: {}, error: { message: 'e' }, stepPath: 'b' });
    const view = buildHarnessView(log.events);
    expect(view.toolCalls.map((c) => [c.callId, c.status])).toEqual([['t1', 'orphaned'], ['t2', 'in-flight'], ['ghost', 'failed']]);
    expect(view.toolCalls[1].requestedByTurnId).toBeUndefined();
    expect(view.unpairedSequences).toEqual([6]);
  });

  it('gives the same result incrementally as in one pass, and snapshots do not share state', () => {
    const log = new TestLogBuilder(RUN);
    startWorker(log, 'a');
    log.add('harness.model.called', { callId: 'c1', turn: 1, stepPath: 'a' });
    const builder = new HarnessViewBuilder();
    builder.add(log.events[0]);
    builder.add(log.events[1]);
    const early = builder.snapshot();
    expect(early.modelTurns[0].status).toBe('in-flight');
    log.add('harness.model.responded', { callId: 'c1', turn: 1, response: {}, stepPath: 'a' });
    builder.add(log.events[2]);
    expect(early.modelTurns[0].status).toBe('in-flight');
    expect(builder.snapshot()).toEqual(buildHarnessView(log.events));
  });
});
