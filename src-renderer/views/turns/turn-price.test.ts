import { describe, expect, it } from 'vitest';
import type { LiteHarnessView } from '../../../shared/run/run-detail-types';
import { priceTurn } from './turn-price';

const turn = () =>
  ({ id: 0, sessionId: 0, calledSequence: 1, toolCallItemIds: [], failures: [], toolCalls: [], status: 'responded', completedAfterResume: false, duplicateCalledSequences: [], sequences: [1] }) as unknown as LiteHarnessView['modelTurns'][number];

describe('priceTurn', () => {
  it('prices a responded turn with the bundled table and leaves others unpriced', () => {
    const t = { ...turn(), model: { provider: 'openai.responses', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 1200, cachedInputTokens: 800, outputTokens: 340 } };
    expect(priceTurn(t)?.costUsd).toBeCloseTo(0.000324, 9);
    expect(priceTurn({ ...t, model: { provider: 'demo', modelId: 'planner-stub' } })?.costUsd).toBeNull();
    expect(priceTurn({ ...t, status: 'in-flight' })).toBeNull();
  });
});
