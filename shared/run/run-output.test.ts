import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../events/envelope';
import { eventOutput, previewValue, runCompletedSequence, runOutputSource } from './run-output';

const head = (outputRef: string | undefined, lastType: string | null) =>
  ({
    state: { outputRef },
    boundary: lastType === null ? null : { lastEvent: { sequence: 9, type: lastType, recordedAt: '2026-11-20T09:00:00.000Z' } },
  }) as never;
const event = (payload: unknown): EventEnvelope => ({ eventId: 'e', runId: 'run_a', sequence: 9, type: 'RunCompleted', recordedAt: 'x', payload }) as EventEnvelope;

describe('run output', () => {
  it('fetches from the output artifact first, else from the RunCompleted event, else nowhere', () => {
    expect(runOutputSource(head('artifact_1', 'RunCompleted'))).toEqual({ kind: 'artifact', ref: 'artifact_1' });
    expect(runOutputSource(head(undefined, 'RunCompleted'))).toEqual({ kind: 'event', sequence: 9 });
    expect(runOutputSource(head(undefined, 'StepCompleted'))).toBeNull();
    expect(runOutputSource(head(undefined, null))).toBeNull();
    expect(runCompletedSequence(head(undefined, 'RunFailed'))).toBeUndefined();
  });

  it("reads an event's output, null when it has none or no parsed payload", () => {
    expect(eventOutput(event({ output: { answer: 42 } }))).toEqual({ answer: 42 });
    expect(eventOutput(event({ output: null }))).toBeNull();
    expect(eventOutput(event({ status: 'completed' }))).toBeNull();
    expect(eventOutput(event('not an object'))).toBeNull();
    expect(eventOutput(null)).toBeNull();
  });

  it('shows a cut preview as text that says it was cut', () => {
    expect(previewValue({ truncated: false, value: [1, 2] } as never)).toEqual([1, 2]);
    expect(previewValue({ truncated: true, text: '{"a":', totalChars: 12345 } as never)).toBe('{"a":… (12,345 characters; cut)');
  });
});
