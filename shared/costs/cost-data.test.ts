import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { reportRow } from '../report/run-report';
import { costByModel, cumulativeCost, pricedTurns, stepDatum, topBy } from './cost-data';

const turn = (at: string, provider: string, modelId: string, usage: unknown, stepPath = 's') =>
  ({ id: 0, respondedAt: at, model: { provider, modelId }, usage, stepPath, failures: [], toolCalls: [], status: 'responded', completedAfterResume: false, duplicateCalledSequences: [], toolCallItemIds: [], sequences: [] }) as never;

describe('cost data', () => {
  it('splits tokens into non-overlapping kinds', () => {
    const d = stepDatum(reportRow('a', 'completed', { inputTokens: 100, cachedInputTokens: 40, outputTokens: 50, reasoningTokens: 20, costUsd: 1, pricedCalls: 1, unpricedCalls: 0 }));
    expect([d.uncachedInput, d.cachedInput, d.outputNonReasoning, d.reasoning]).toEqual([60, 40, 30, 20]);
    expect(d.uncachedInput + d.cachedInput + d.outputNonReasoning + d.reasoning).toBe(150);
  });
  it('never turns an unpriced call into $0', () => {
    const calls = pricedTurns([
      turn('2026-01-01T00:00:02Z', 'openai', 'gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 0 }),
      turn('2026-01-01T00:00:01Z', 'demo', 'planner-stub', { inputTokens: 10, outputTokens: 5 }),
      turn('2026-01-01T00:00:03Z', 'openai', 'gpt-4o-mini', 'not usage'),
    ], BUNDLED_PRICE_TABLE);
    expect(calls.map((c) => c.model)).toEqual(['demo/planner-stub', 'openai/gpt-4o-mini']);
    const { points, unpricedCalls } = cumulativeCost(calls);
    expect(unpricedCalls).toBe(1);
    expect(points).toHaveLength(1);
    expect(points[0]!.cumulativeUsd).toBeCloseTo(0.15);
    const models = costByModel(calls);
    expect(models[0]).toMatchObject({ model: 'openai/gpt-4o-mini', priceKey: 'openai/gpt-4o-mini' });
    expect(models[1]).toMatchObject({ model: 'demo/planner-stub', costUsd: null, unpricedCalls: 1, priceKey: null });
  });
  it('reads AI SDK 7 usage details like the fold', () => {
    const [call] = pricedTurns([turn('2026-01-01T00:00:00Z', 'openai', 'gpt-4o-mini', { inputTokens: 100, outputTokens: 10, inputTokenDetails: { cacheReadTokens: 60 }, outputTokenDetails: { reasoningTokens: 4 } })], BUNDLED_PRICE_TABLE);
    expect(call!.priced.cachedInputTokens).toBe(60);
    expect(call!.priced.reasoningTokens).toBe(4);
  });
  it('ranks top rows stably', () => {
    expect(topBy([1, 3, 2, 3], (x) => x, 2)).toEqual([3, 3]);
  });
});
