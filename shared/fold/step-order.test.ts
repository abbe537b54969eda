import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { orderedStepPaths, stepPathsInEventOrder } from './step-order';
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
const state = materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE });

describe('step order', () => {
  it('orders steps by first stepPath mention in any event, dropping paths the state lacks', () => {
    expect(stepPathsInEventOrder(events)).toEqual(['b', 'a', 'ghost', 'c']);
    expect(orderedStepPaths(state, events)).toEqual(['b', 'a', 'c']);
  });

  it('appends state steps never mentioned by the given events, in state order', () => {
    expect(orderedStepPaths(state, [])).toEqual(['a', 'b', 'c']);
    expect(orderedStepPaths(state, events.slice(0, 3))).toEqual(['b', 'a', 'c']);
  });

  it('throws TypeError for a null payload anywhere, as replayRun does', () => {
    const withNull = log(['RunStarted', {}], ['Custom', null]);
    const folded = materializeRunState(RUN, withNull, { priceTable: BUNDLED_PRICE_TABLE });
    expect(() => orderedStepPaths(folded, withNull)).toThrowError(TypeError);
  });
});
