import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { materializeRunState } from '../fold/run-state';
import { formatEventLine, formatReplayLine } from './cli-lines';

describe('formatEventLine (little events)', () => {
  it('prints rowToEnvelope key order, whatever the input order', () => {
    const scrambled = {
      payload: { b: 1, a: 2 }, recordedAt: '2026-01-01T00:00:00.000Z', occurrenceId: 'occ_1',
      type: 'harness.model.called', sequence: 3, runId: 'run_x', eventId: 'evt_0123456789abcdef',
    } as EventEnvelope;
    expect(formatEventLine(scrambled)).toBe(
      '{"eventId":"evt_0123456789abcdef","runId":"run_x","sequence":3,"type":"harness.model.called",' +
        '"occurrenceId":"occ_1","recordedAt":"2026-01-01T00:00:00.000Z","payload":{"b":1,"a":2}}\n',
    );
  });

  it('omits occurrenceId when absent', () => {
    const line = formatEventLine({ eventId: 'e', runId: 'run_x', sequence: 1, type: 'RunStarted', recordedAt: 't', payload: {} });
    expect(line).toBe('{"eventId":"e","runId":"run_x","sequence":1,"type":"RunStarted","recordedAt":"t","payload":{}}\n');
  });
});

describe('formatReplayLine (little replay)', () => {
  it('prints the state as one JSON line, dropping undefined keys and keeping creation order', () => {
    const t = (n: number) => `2026-01-01T00:00:0${n}.000Z`;
    const events: EventEnvelope[] = [
      { eventId: 'e1', runId: 'run_x', sequence: 1, type: 'RunStarted', recordedAt: t(1), payload: { workflowVersionId: 'wfver_a' } },
      { eventId: 'e2', runId: 'run_x', sequence: 2, type: 'StepFailed', recordedAt: t(2), payload: { stepPath: 's' } },
    ];
    const zeros = '{"inputTokens":0,"outputTokens":0,"cachedInputTokens":0,"reasoningTokens":0,"costUsd":0,"pricedCalls":0,"unpricedCalls":0}';
    expect(formatReplayLine(materializeRunState('run_x', events, { priceTable: BUNDLED_PRICE_TABLE }))).toBe(
      `{"runId":"run_x","status":"running","usage":${zeros},"steps":{"s":{"stepPath":"s","status":"failed","usage":${zeros},` +
        `"attempts":[{"attemptId":"attempt_1","startedAt":"${t(2)}","finishedAt":"${t(2)}","status":"failed"}],"artifactRefs":[]}},` +
        `"artifacts":[],"eventCount":2,"workflowVersionId":"wfver_a","startedAt":"${t(1)}"}\n`,
    );
  });
});
