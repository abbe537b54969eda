import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { crashBoundary } from './crash/crash-boundary';
import { buildHarnessView } from './harness/harness-view';
import { integrityFindings } from './integrity/integrity-findings';
import { materializeRunState } from './run-state';

const RUN = 'run_scale';
const ZERO_HASH = '0'.repeat(64);

// 200k events: 2 run events, then worker steps of 11 events; the last step is cut mid-tool-call.
function syntheticLog(target: number): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  const base = Date.parse('2026-11-01T00:00:00.000Z');
  const push = (type: string, payload: Record<string, unknown>) => {
    const sequence = events.length + 1;
    events.push({ eventId: 'evt_0000000000000000', runId: RUN, sequence, type, recordedAt: new Date(base + sequence).toISOString(), payload });
  };
  push('WorkflowVersionRegistered', { workflowVersionId: 'wfver_1', workflowVersionHash: 'sha256:v' });
  push('RunStarted', { workflowVersionId: 'wfver_1', input: {} });
  for (let step = 0; events.length < target; step += 1) {
    const stepPath = `s${step}`;
    const manifest = { harnessId: 'h', workflowDefinitionHash: 'd', workflowVersionId: 'wfver_1', stepPath, stepConfigHash: 'c', skillsHash: 's', allowedToolsHash: 't', memoryStoreIds: [], bashCapabilitiesHash: 'b' };
    const phases: [string, Record<string, unknown>][] = [
      ['StepScheduled', { stepPath, stepId: stepPath, uses: 'ai.generate' }],
      ['StepAttemptStarted', { stepPath, stepId: stepPath, attempt: 1, attemptId: 'attempt_1' }],
      ['harness.session.started', { runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest, manifestHash: `sha256:${ZERO_HASH}`, stepPath }],
      ['harness.execute_step.started', { runId: RUN, stepId: stepPath, uses: 'ai.generate', stepPath, visitIndex: 0 }],
      ['harness.model.called', { callId: `c${step}`, turn: 1, promptHash: `sha256:${ZERO_HASH}`, request: { model: 'm' }, stepPath }],
      ['harness.model.responded', { callId: `c${step}`, turn: 1, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, response: { output: 'x', usage: { inputTokens: 3, outputTokens: 1 }, toolCalls: [{ toolName: 't', args: {}, toolCallId: 'call_1' }] }, stepPath }],
      ['harness.tool_call.started', { callId: `t${step}`, caller: 'model', toolName: 't', args: {}, callIndex: 1, turn: 1, stepPath }],
      ['harness.tool_call.succeeded', { callId: `t${step}`, caller: 'model', toolName: 't', args: {}, callIndex: 1, turn: 1, result: 1, stepPath }],
      ['harness.execute_step.succeeded', { runId: RUN, stepId: stepPath, uses: 'ai.generate', stepPath, visitIndex: 0, output: 'x' }],
      ['harness.session.completed', { runId: RUN, output: { result: null }, usage: {}, stepPath }],
      ['StepCompleted', { stepPath, stepId: stepPath, attempt: 1, output: 'x', outputRef: 'artifact://art_x', artifactRefs: [], metadata: {} }],
    ];
    for (const [type, payload] of phases) {
      if (events.length >= target) break;
      push(type, payload);
    }
  }
  return events;
}

describe('linear-time smoke', () => {
  it('derives the harness view, crash boundary and integrity findings of 200k events', () => {
    const events = syntheticLog(200_000);
    expect(events).toHaveLength(200_000);
    const view = buildHarnessView(events);
    expect(view.sessions.length).toBeGreaterThan(18_000);
    expect(view.modelTurns.every((turn) => turn.status === 'responded')).toBe(true);
    const boundary = crashBoundary(events, materializeRunState(RUN, events, { priceTable: BUNDLED_PRICE_TABLE }), { harnessView: view, lockOwner: 'dead' });
    expect(boundary.verdict.kind).toBe('crashed');
    expect(boundary.resumePlan.toolCallsReinvoked).toHaveLength(1);
    // A constant fake hash keeps this fast: every recomputed id is evt_0…0, like the stored ones.
    expect(integrityFindings(events, { sha256Hex: () => ZERO_HASH })).toEqual([]);
  });
});
