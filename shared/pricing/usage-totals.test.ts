import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from './bundled-price-table';
import { priceModelCall } from './price-model-call';
import { addPricedCall, cacheHitShare, emptyUsageTotals, mergeUsageTotals, unknownUsageTotals } from './usage-totals';

const priced = priceModelCall({ provider: 'openai', modelId: 'gpt-4o-mini' }, { inputTokens: 20_000, outputTokens: 10_000 }, BUNDLED_PRICE_TABLE);
const unpriced = priceModelCall({ provider: 'acme', modelId: 'x' }, { inputTokens: 5, outputTokens: 1 }, BUNDLED_PRICE_TABLE);

describe('usage totals', () => {
  it('starts at a measured zero, or an unknown cost', () => {
    expect(emptyUsageTotals()).toEqual({
      inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0,
      costUsd: 0, pricedCalls: 0, unpricedCalls: 0,
    });
    expect(Object.keys(emptyUsageTotals())).toEqual([
      'inputTokens', 'outputTokens', 'cachedInputTokens', 'reasoningTokens', 'costUsd', 'pricedCalls', 'unpricedCalls',
    ]);
    expect(unknownUsageTotals().costUsd).toBeNull();
  });

  it('never turns unpriced calls into $0', () => {
    const onlyUnpriced = addPricedCall(emptyUsageTotals(), unpriced);
    expect(onlyUnpriced).toMatchObject({ costUsd: null, pricedCalls: 0, unpricedCalls: 1, inputTokens: 5 });
    // 20,000 x 0.15 + 10,000 x 0.6 = 9,000 per 1M -> 0.009; partial sum, flagged by unpricedCalls
    const partial = addPricedCall(onlyUnpriced, priced);
    expect(partial).toMatchObject({ costUsd: 0.009, pricedCalls: 1, unpricedCalls: 1, inputTokens: 20_005 });
    expect(addPricedCall(partial, unpriced)).toMatchObject({ costUsd: 0.009, unpricedCalls: 2 });
  });

  it('merges with the same null rule', () => {
    const a = addPricedCall(emptyUsageTotals(), unpriced);
    expect(mergeUsageTotals(a, a).costUsd).toBeNull();
    expect(mergeUsageTotals(emptyUsageTotals(), a).costUsd).toBeNull();
    expect(mergeUsageTotals(emptyUsageTotals(), emptyUsageTotals()).costUsd).toBe(0);
    const b = addPricedCall(emptyUsageTotals(), priced);
    expect(mergeUsageTotals(a, b)).toMatchObject({ costUsd: 0.009, pricedCalls: 1, unpricedCalls: 1 });
  });

  it('computes the cache-hit share', () => {
    expect(cacheHitShare({ inputTokens: 0, cachedInputTokens: 0 })).toBe(0);
    expect(cacheHitShare({ inputTokens: 20_000, cachedInputTokens: 16_000 })).toBe(0.8);
  });
});
