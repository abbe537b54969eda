import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { reportRow } from '../report/run-report';
import type { PriceTable } from '../pricing/price-table-types';
import { costByModel, cumulativeCost, priceTurn, pricedTurns, stepDatum, topBy } from './cost-data';

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
    const models = costByModel(calls, BUNDLED_PRICE_TABLE, new Date('2026-12-01T00:00:00Z'));
    expect(models[0]).toMatchObject({ model: 'openai/gpt-4o-mini', priceKey: 'openai/gpt-4o-mini', rate: { input: 0.15, output: 0.6, cachedInput: 0.075 } });
    expect(models[1]).toMatchObject({ model: 'demo/planner-stub', costUsd: null, unpricedCalls: 1, priceKey: null, rate: null });
  });
  it('reads AI SDK 7 usage details like the fold', () => {
    const [call] = pricedTurns([turn('2026-01-01T00:00:00Z', 'openai', 'gpt-4o-mini', { inputTokens: 100, outputTokens: 10, inputTokenDetails: { cacheReadTokens: 60 }, outputTokenDetails: { reasoningTokens: 4 } })], BUNDLED_PRICE_TABLE);
    expect(call!.priced.cachedInputTokens).toBe(60);
    expect(call!.priced.reasoningTokens).toBe(4);
  });
  it('prices a responded turn with the table it is given and leaves the others unpriced', () => {
    const t = { respondedAt: '2026-01-01T00:00:00Z', model: { provider: 'openai.responses', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 1200, cachedInputTokens: 800, outputTokens: 340 } };
    expect(priceTurn(t, BUNDLED_PRICE_TABLE)?.costUsd).toBeCloseTo(0.000324, 9);
    const user: PriceTable = { ...BUNDLED_PRICE_TABLE, id: 'user', name: 'user', entries: { 'openai/gpt-4o-mini': { pricing: { input: 1, output: 2, currency: 'USD' } } } };
    // No cached rate in the user entry: cache hits are billed at its input rate.
    expect(priceTurn(t, user)?.costUsd).toBeCloseTo((1200 * 1 + 340 * 2) / 1e6, 12);
    expect(priceTurn(t, user)?.pricedBy?.tableName).toBe('user');
    expect(priceTurn({ ...t, model: { provider: 'demo', modelId: 'planner-stub' } }, BUNDLED_PRICE_TABLE)?.costUsd).toBeNull();
    expect(priceTurn({ ...t, respondedAt: undefined }, BUNDLED_PRICE_TABLE)).toBeNull();
  });
  it('ranks top rows stably', () => {
    expect(topBy([1, 3, 2, 3], (x) => x, 2)).toEqual([3, 3]);
  });
});
