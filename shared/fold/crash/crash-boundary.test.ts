import { BUNDLED_PRICE_TABLE } from '../../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import { createRunState, materializeRunState } from '../run-state';
import { TestLogBuilder } from '../../../test/support/log-builder';
import { crashBoundary } from './crash-boundary';
import { runVerdict } from './run-verdict';

const RUN = 'run_crash_test';

function manifest(stepPath: string) {
  return { harnessId: 'workflowHarness@1.0.0', workflowDefinitionHash: 'd', workflowVersionId: 'wfver_1', stepPath, stepConfigHash: 'c', skillsHash: 's', allowedToolsHash: 't', memoryStoreIds: [], bashCapabilitiesHash: 'b' };
}

const orchestratorManifest = { harnessId: 'h', orchestratorModelSlotId: 'm', systemPromptHash: 'p', skillsHash: 's', availableWorkflows: [], globalToolsHash: 'g', memoryStoreIds: [], bashCapabilitiesHash: 'b', maxConcurrentSubRuns: 2 };

/** A tool.call branch step run through the worker harness; stops after `stopAfter` phases. */
function branchStep(log: TestLogBuilder, stepPath: string, stop: 'tool-started' | 'step-completed') {
  log.add('StepScheduled', { stepPath, stepId: 'score', uses: 'tool.call' });
  log.add('StepAttemptStarted', { stepPath, stepId: 'score', attempt: 1, attemptId: 'attempt_1' });
  log.add('harness.session.started', { runId: RUN, role: 'worker.tool-call', task: { kind: 'execute_step' }, manifest: manifest(stepPath), manifestHash: 'sha256:m', stepPath });
  log.add('harness.execute_step.started', { runId: RUN, stepId: 'score', uses: 'tool.call', stepPath, visitIndex: 0 });
  const args = { candidate: stepPath };
  log.add('harness.tool_call.started', { callId: `tc:${stepPath}`, caller: 'code', toolName: 'demo.score', args, callIndex: 1, scope: { stepPath }, stepPath }, { occurrenceId: `o:${stepPath}` });
  if (stop === 'tool-started') return;
  log.add('harness.tool_call.succeeded', { callId: `tc:${stepPath}`, caller: 'code', toolName: 'demo.score', args, callIndex: 1, result: 1, scope: { stepPath }, stepPath });
  log.add('harness.execute_step.succeeded', { runId: RUN, stepId: 'score', uses: 'tool.call', stepPath, visitIndex: 0, output: 1 });
  log.add('harness.session.completed', { runId: RUN, output: { result: { kind: 'execute_step', output: 1 } }, usage: {}, stepPath });
  log.add('StepCompleted', { stepPath, stepId: 'score', attempt: 1, output: 1, outputRef: 'artifact://art_x', artifactRefs: [], metadata: { uses: 'tool.call' } });
}

function parallelPrefix(log: TestLogBuilder) {
  log.add('WorkflowVersionRegistered', { workflowVersionId: 'wfver_1', workflowVersionHash: 'sha256:v' });
  log.add('RunStarted', { workflowVersionId: 'wfver_1', input: { candidates: ['fast-a', 'slow-b'] } });
  log.add('StepScheduled', { stepPath: 'review', stepId: 'review', uses: 'parallel' });
  log.add('StepAttemptStarted', { stepPath: 'review', stepId: 'review', attempt: 1, attemptId: 'attempt_1' });
  log.add('ParallelGroupStarted', { stepPath: 'review', stepId: 'review', attempt: 1, attemptId: 'attempt_1', branchCount: 2, maxConcurrency: 2, failureMode: 'fail_fast' });
  log.add('ParallelBranchScheduled', { stepPath: 'review', attempt: 1, attemptId: 'attempt_1', branchPath: 'review[fast-a]', itemKey: 'fast-a', branchIndex: 0 });
  log.add('ParallelBranchScheduled', { stepPath: 'review', attempt: 1, attemptId: 'attempt_1', branchPath: 'review[slow-b]', itemKey: 'slow-b', branchIndex: 1 });
}

describe('crashBoundary', () => {
  it('lists every in-flight item of a parallel run killed mid-branch, and its resume plan', () => {
    const log = new TestLogBuilder(RUN);
    parallelPrefix(log);
    branchStep(log, 'review[fast-a].score', 'step-completed');
    log.add('ParallelBranchCompleted', { stepPath: 'review', attempt: 1, attemptId: 'attempt_1', branchPath: 'review[fast-a]', itemKey: 'fast-a', branchIndex: 0, outputRef: 'artifact://art_x', artifactRefs: [] });
    branchStep(log, 'review[slow-b].score', 'tool-started');
    const state = materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE });
    const boundary = crashBoundary(log.events, state, { lockOwner: 'dead' });

    expect(boundary.lastEvent).toEqual({ sequence: 22, type: 'harness.tool_call.started', recordedAt: log.events[21].recordedAt });
    expect(boundary.inFlight).toEqual([
      { kind: 'run', sequence: 2, status: 'running' },
      { kind: 'step-attempt', stepPath: 'review', attemptId: 'attempt_1', sequence: 4 },
      { kind: 'step-attempt', stepPath: 'review[slow-b].score', attemptId: 'attempt_1', sequence: 19 },
      { kind: 'session', sequence: 20, sessionId: 1, role: 'worker.tool-call', stepPath: 'review[slow-b].score' },
      { kind: 'tool-call', sequence: 22, toolCallId: 1, callId: 'tc:review[slow-b].score', toolName: 'demo.score', args: { candidate: 'review[slow-b].score' }, stepPath: 'review[slow-b].score' },
      { kind: 'execute-step', sequence: 21, executeStepId: 1, stepPath: 'review[slow-b].score' },
      { kind: 'parallel-branch', sequence: 7, stepPath: 'review', branchPath: 'review[slow-b]', attempt: 1, itemKey: 'slow-b', branchIndex: 1 },
      { kind: 'parallel-group', sequence: 5, stepPath: 'review', attempt: 1 },
    ]);
    expect(boundary.verdict).toMatchObject({ kind: 'crashed', inferred: false, lockOwner: 'dead' });
    const plan = boundary.resumePlan;
    expect(plan.applicable).toBe(true);
    expect(plan.stepsSkipped).toEqual([{ stepPath: 'review[fast-a].score', sequence: 16 }]);
    expect(plan.stepsResumed).toEqual([{ stepPath: 'review', attemptId: 'attempt_1', sequence: 4 }, { stepPath: 'review[slow-b].score', attemptId: 'attempt_1', sequence: 19 }]);
    expect(plan.stepsRerun).toEqual([]);
    expect(plan.toolCallsReinvoked).toEqual([{ toolCallId: 1, callId: 'tc:review[slow-b].score', toolName: 'demo.score', args: { candidate: 'review[slow-b].score' }, stepPath: 'review[slow-b].score', sequence: 22 }]);
    expect(plan.modelCallsReinvoked).toEqual([]);
    expect(plan.branches).toEqual([{ stepPath: 'review', branchPath: 'review[slow-b]', attempt: 1, expect: 'resume-branch', sequence: 7 }]);
    expect(plan.sessionsRestarted).toEqual([1]);
  });

  it('expects a backfilled branch terminal when the branch finished but its terminal was not written', () => {
    const log = new TestLogBuilder(RUN);
    parallelPrefix(log);
    branchStep(log, 'review[fast-a].score', 'step-completed');
    const boundary = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'none' });
    expect(boundary.resumePlan.branches.map((b) => [b.branchPath, b.expect])).toEqual([['review[fast-a]', 'backfill-terminal'], ['review[slow-b]', 'resume-branch']]);
    expect(boundary.verdict.kind).toBe('crashed');
  });

  it('shows nothing in flight for a model call resumed and completed with the same callId', () => {
    const log = new TestLogBuilder(RUN);
    log.add('RunStarted', { workflowVersionId: 'wfver_1', input: 1 });
    log.add('StepScheduled', { stepPath: 'a', stepId: 'a', uses: 'ai.generate' });
    log.add('StepAttemptStarted', { stepPath: 'a', stepId: 'a', attempt: 1, attemptId: 'attempt_1' });
    log.add('harness.session.started', { runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest: manifest('a'), manifestHash: 'sha256:m', stepPath: 'a' });
    log.add('harness.model.called', { callId: 'c1', turn: 1, stepPath: 'a' });
    const crashed = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'dead' });
    expect(crashed.resumePlan.modelCallsReinvoked).toEqual([{ modelTurnId: 0, callId: 'c1', turn: 1, stepPath: 'a', sequence: 5 }]);
    log.add('harness.session.started', { runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest: manifest('a'), manifestHash: 'sha256:m', stepPath: 'a' });
    log.add('harness.model.responded', { callId: 'c1', turn: 1, response: { usage: { inputTokens: 1, outputTokens: 1 } }, stepPath: 'a' });
    const resumed = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'alive' });
    expect(resumed.inFlight.map((i) => i.kind)).toEqual(['run', 'step-attempt', 'session']);
    expect(resumed.inFlight[2]).toMatchObject({ kind: 'session', sessionId: 1, sequence: 6 });
    expect(resumed.verdict).toMatchObject({ kind: 'running' });
  });

  it('infers the orchestrated top run status from its orchestrator session', () => {
    const base = () => {
      const log = new TestLogBuilder(RUN);
      log.add('RunStarted', { workflowVersionId: 'orchestrated', input: {}, label: 'l', tags: [] });
      log.add('harness.session.started', { runId: RUN, role: 'orchestrator', task: { kind: 'orchestrate' }, manifest: orchestratorManifest, manifestHash: 'sha256:o' });
      return log;
    };
    const done = base();
    done.add('harness.session.completed', { runId: RUN, output: { result: { kind: 'orchestrate', output: 'ok' } }, usage: {} });
    const completed = crashBoundary(done.events, materializeRunState(RUN, done.events, { priceTable: BUNDLED_PRICE_TABLE }));
    expect(completed.inferredStatus).toEqual({ status: 'completed', basis: 'orchestrator-session', sessionId: 0, sequence: 3 });
    expect(completed.verdict).toMatchObject({ kind: 'completed', inferred: true });
    expect(completed.inFlight).toEqual([]);
    expect(completed.resumePlan.applicable).toBe(false);

    const failedLog = base();
    failedLog.add('harness.session.failed', { runId: RUN, error: { name: 'Error', message: 'no' } });
    expect(crashBoundary(failedLog.events, materializeRunState(RUN, failedLog.events, { priceTable: BUNDLED_PRICE_TABLE })).verdict.kind).toBe('failed');

    const open = base();
    const live = crashBoundary(open.events, materializeRunState(RUN, open.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'alive' });
    expect(live.inferredStatus?.status).toBe('running');
    expect(live.verdict.kind).toBe('running');
  });

  it('fast-forwards recorded sub-run calls, adopts finished in-flight ones and re-dispatches the rest under the same id', () => {
    const log = new TestLogBuilder(RUN);
    log.add('RunStarted', { workflowVersionId: 'orchestrated', input: {} });
    log.add('harness.session.started', { runId: RUN, role: 'orchestrator', task: { kind: 'orchestrate' }, manifest: orchestratorManifest, manifestHash: 'sha256:o' });
    log.add('harness.model.called', { callId: 'c1', turn: 1 });
    log.add('harness.model.responded', { callId: 'c1', turn: 1, response: { toolCalls: [{ toolName: 'run_workflow', args: {}, toolCallId: 'call_1' }, { toolName: 'start_workflow', args: {}, toolCallId: 'call_2' }, { toolName: 'run_workflow', args: {}, toolCallId: 'call_3' }, { toolName: 'run_workflow', args: {}, toolCallId: 'call_4' }] } });
    log.add('harness.tool_call.started', { callId: 't1', caller: 'model', toolName: 'run_workflow', args: { subRunId: 'run_sub1' }, callIndex: 1, turn: 1 });
    log.add('harness.tool_call.succeeded', { callId: 't1', caller: 'model', toolName: 'run_workflow', args: { subRunId: 'run_sub1' }, callIndex: 1, turn: 1, result: { runId: 'run_sub1', status: 'completed' } });
    log.add('harness.tool_call.started', { callId: 't2', caller: 'model', toolName: 'start_workflow', args: { subRunId: 'run_sub2' }, callIndex: 2, turn: 1 });
    log.add('harness.tool_call.started', { callId: 't3', caller: 'model', toolName: 'run_workflow', args: { subRunId: 'run_sub3' }, callIndex: 3, turn: 1 });
    log.add('harness.tool_call.started', { callId: 't4', caller: 'model', toolName: 'run_workflow', args: { subRunId: 'run_sub4' }, callIndex: 4, turn: 1 });
    log.add('harness.tool_call.failed', { callId: 't4', caller: 'model', toolName: 'run_workflow', args: { subRunId: 'run_sub4' }, callIndex: 4, turn: 1, error: { message: 'boom' } });
    const boundary = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), {
      lockOwner: 'dead',
      // run_sub1's own log is crashed, but the parent recorded its result: that result is what the resume reads.
      subRunStatuses: new Map([['run_sub1', 'crashed'], ['run_sub2', 'crashed'], ['run_sub3', 'completed'], ['run_sub4', 'running']]),
    });
    const plan = boundary.resumePlan;
    expect(plan.subRunsFastForwarded).toEqual([
      { runId: 'run_sub1', status: 'crashed', action: 'fast-forward', toolCallId: 0, callId: 't1', toolName: 'run_workflow', sequence: 5 },
      { runId: 'run_sub4', status: 'running', action: 'fast-forward', toolCallId: 3, callId: 't4', toolName: 'run_workflow', sequence: 9 },
    ]);
    expect(plan.subRunsAdopted).toEqual([{ runId: 'run_sub3', status: 'completed', action: 'adopt', toolCallId: 2, callId: 't3', toolName: 'run_workflow', sequence: 8 }]);
    expect(plan.subRunsRedispatched).toEqual([{ runId: 'run_sub2', status: 'crashed', action: 're-dispatch', toolCallId: 1, callId: 't2', toolName: 'start_workflow', sequence: 7 }]);
    expect(plan.toolCallsReinvoked.map((t) => t.callId)).toEqual(['t2', 't3']);
    expect(boundary.verdict.kind).toBe('crashed');
    // A plain record works too; unknown ids count as missing and are re-dispatched; a failed child is adopted.
    const other = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { subRunStatuses: { run_sub3: 'failed' } });
    expect(other.resumePlan.subRunsAdopted.map((d) => [d.runId, d.status])).toEqual([['run_sub3', 'failed']]);
    expect(other.resumePlan.subRunsRedispatched.map((d) => [d.runId, d.status])).toEqual([['run_sub2', 'missing']]);
    expect(other.resumePlan.subRunsFastForwarded.map((d) => [d.runId, d.status])).toEqual([['run_sub1', 'missing'], ['run_sub4', 'missing']]);
  });

  it('re-runs failed and pending steps, blocks terminal errors, and notes a pending outer-loop cycle', () => {
    const log = new TestLogBuilder(RUN);
    log.add('RunStarted', { workflowVersionId: 'wfver_1', input: 1, outerLoopId: 'ol_1' });
    log.add('StepScheduled', { stepPath: 'retry', stepId: 'retry', uses: 'tool.call' });
    log.add('StepAttemptStarted', { stepPath: 'retry', stepId: 'retry', attempt: 1, attemptId: 'attempt_1' });
    log.add('StepFailed', { stepPath: 'retry', stepId: 'retry', attempt: 1, attemptId: 'attempt_1', error: { name: 'Error', message: 'x', retriable: true } });
    log.add('StepScheduled', { stepPath: 'drift', stepId: 'drift', uses: 'tool.call' });
    log.add('StepAttemptStarted', { stepPath: 'drift', stepId: 'drift', attempt: 1, attemptId: 'attempt_1' });
    log.add('StepFailed', { stepPath: 'drift', stepId: 'drift', attempt: 1, attemptId: 'attempt_1', error: { name: 'CapabilityDriftError', message: 'x', causeCode: 'capability_drift', retriable: false } });
    log.add('StepScheduled', { stepPath: 'next', stepId: 'next', uses: 'tool.call' });
    const boundary = crashBoundary(log.events, materializeRunState(RUN, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { pendingCycleRunId: RUN, outerLoopId: 'ol_1' });
    expect(boundary.resumePlan.stepsRerun).toEqual([
      { stepPath: 'retry', status: 'failed', newAttempt: true },
      { stepPath: 'drift', status: 'failed', newAttempt: false, blockedReason: 'terminal error (capability_drift): the resume fails again' },
      { stepPath: 'next', status: 'pending', newAttempt: true },
    ]);
    expect(boundary.inFlight.at(-1)).toEqual({ kind: 'outer-loop-cycle', pendingCycleRunId: RUN, outerLoopId: 'ol_1', isThisRun: true, sequence: 1 });
    expect(boundary.resumePlan.notes).toContain(`outer loop reuses pendingCycleRunId ${RUN} as the cycle's runId`);
    expect(boundary.verdict).toMatchObject({ kind: 'running', reason: 'no terminal event; process liveness unknown (no lock fact)' });
  });

  it('infers a harness-only planner run from its session and judges pending logs', () => {
    const log = new TestLogBuilder('run_planner_0123456789abcdef');
    log.add('harness.session.started', { runId: log.runId, role: 'planner', task: { kind: 'plan' }, manifest: { harnessId: 'h', plannerModelSlotId: 'm' }, manifestHash: 'x', parentRunId: RUN });
    log.add('harness.session.completed', { runId: log.runId, output: { result: { kind: 'plan' } }, usage: {} });
    const planner = crashBoundary(log.events, materializeRunState(log.runId, log.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'none' });
    expect(planner.inferredStatus).toMatchObject({ status: 'completed', basis: 'harness-session' });
    expect(planner.verdict.kind).toBe('completed');

    const compile = new TestLogBuilder(RUN);
    compile.add('OrchestrationRequested', { requestId: 'orq_1' });
    const idle = crashBoundary(compile.events, materializeRunState(RUN, compile.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'none' });
    expect(idle.verdict.kind).toBe('pending');
    expect(idle.resumePlan.notes).toContain('no RunStarted yet: the run stopped while compiling/planning');
    compile.add('harness.session.started', { runId: RUN, role: 'planner', task: { kind: 'plan' }, manifest: { harnessId: 'h', plannerModelSlotId: 'm' }, manifestHash: 'x' });
    expect(crashBoundary(compile.events, materializeRunState(RUN, compile.events, { priceTable: BUNDLED_PRICE_TABLE }), { lockOwner: 'none' }).verdict.kind).toBe('crashed');
  });

  it('covers the verdict matrix', () => {
    const state = createRunState(RUN);
    expect(runVerdict({ state, inFlightCount: 0, eventCount: 0 }).kind).toBe('pending');
    state.status = 'running';
    expect(runVerdict({ state, inFlightCount: 0, eventCount: 3, lockOwner: 'none' }).kind).toBe('crashed');
    expect(runVerdict({ state, inFlightCount: 0, eventCount: 3, lockOwner: 'alive' }).kind).toBe('running');
    expect(runVerdict({ state, inFlightCount: 0, eventCount: 3 }).kind).toBe('running');
    state.status = 'pending';
    expect(runVerdict({ state, inFlightCount: 1, eventCount: 3, lockOwner: 'dead' }).kind).toBe('crashed');
    expect(runVerdict({ state, inFlightCount: 1, eventCount: 3, lockOwner: 'alive' }).kind).toBe('running');
    state.status = 'failed';
    expect(runVerdict({ state, inFlightCount: 0, eventCount: 3, lockOwner: 'dead' })).toMatchObject({ kind: 'failed', reason: 'failed (from run events)' });
  });
});
