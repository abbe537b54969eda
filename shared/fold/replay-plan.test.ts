import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { replayPlan, stepPathsInEventOrder } from './replay-plan';
import { materializeRunState } from './run-state';

const RUN = 'run_r';
function log(...specs: Array<[type: string, payload: unknown]>): EventEnvelope[] {
  return specs.map(([type, payload], index) => ({
    eventId: `evt_${index + 1}`, runId: RUN, sequence: index + 1, type,
    recordedAt: `2026-01-01T00:00:0${index + 1}.000Z`, payload,
  }));
}

const events = log(
  ['RunStarted', { workflowVersionId: 'wfver_a' }],
  ['harness.session.started', { stepPath: 'b', role: 'worker.tool-call' }],
  ['StepScheduled', { stepPath: 'a' }],
  ['StepScheduled', { stepPath: 'b' }],
  ['harness.execute_step.started', { stepPath: 'ghost' }],
  ['StepCompleted', { stepPath: 'b', output: { v: 1 }, outputRef: 'artifact://art_b' }],
  ['StepAttemptStarted', { stepPath: 'a' }],
  ['StepFailed', { stepPath: 'c', error: 'x' }],
);
const state = materializeRunState(RUN, events);

describe('replayPlan', () => {
  it('orders steps by first stepPath mention in any event, dropping paths the state lacks', () => {
    expect(stepPathsInEventOrder(events)).toEqual(['b', 'a', 'ghost', 'c']);
    const plan = replayPlan(state, events);
    expect(plan.steps.map((step) => step.stepPath)).toEqual(['b', 'a', 'c']);
    expect(plan.completedStepPaths).toEqual(['b']);
    expect(plan.pendingStepPaths).toEqual(['a', 'c']);
  });

  it('builds plan steps with upstream key order and optional output/outputRef', () => {
    const [b, a, c] = replayPlan(state, events).steps;
    expect(JSON.stringify(b)).toBe(
      '{"stepPath":"b","status":"completed","shouldRun":false,"artifactRefs":["artifact://art_b"],"output":{"v":1},"outputRef":"artifact://art_b"}',
    );
    expect(a).toEqual({ stepPath: 'a', status: 'running', shouldRun: true, artifactRefs: [] });
    expect('output' in a!).toBe(false);
    expect(c).toMatchObject({ status: 'failed', shouldRun: true });
  });

  it('appends state steps never mentioned by the given events, in state order', () => {
    expect(replayPlan(state, []).steps.map((step) => step.stepPath)).toEqual(['a', 'b', 'c']);
    expect(replayPlan(state, events.slice(0, 3)).steps.map((step) => step.stepPath)).toEqual(['b', 'a', 'c']);
  });

  it('carries an output key even when its value is undefined', () => {
    const hand = log(['StepCompleted', { stepPath: 'u', output: undefined }]);
    const [step] = replayPlan(materializeRunState(RUN, hand), hand).steps;
    expect('output' in step!).toBe(true);
  });

  it('mirrors ReplayResult: key order, hydrated artifacts passed through', () => {
    const artifacts = [{ ref: 'artifact://art_b', manifest: { runId: RUN }, payload: { v: 1 } }];
    const plan = replayPlan(state, events, artifacts);
    expect(Object.keys(plan)).toEqual(['runId', 'events', 'state', 'steps', 'completedStepPaths', 'pendingStepPaths', 'artifacts']);
    expect(plan.artifacts).toBe(artifacts);
    expect(replayPlan(state, events).artifacts).toEqual([]);
  });

  it('throws TypeError for a null payload anywhere, as replayRun does', () => {
    const withNull = log(['RunStarted', {}], ['Custom', null]);
    const folded = materializeRunState(RUN, withNull);
    expect(() => replayPlan(folded, withNull)).toThrowError(TypeError);
  });
});
