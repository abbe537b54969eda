import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from './bundled-price-table';
import { lookupModelPrice, priceTableKeys } from './price-lookup';
import { priceModelCall, tokenCount, TOKENS_PER_PRICE_UNIT } from './price-model-call';

const mini = { provider: 'openai', modelId: 'gpt-4o-mini' };

describe('priceTableKeys (provider suffix stripping)', () => {
  it('strips trailing provider segments one at a time, most specific first', () => {
    expect(priceTableKeys('openai.responses', 'gpt-4o-mini')).toEqual([
      'openai.responses/gpt-4o-mini',
      'openai/gpt-4o-mini',
    ]);
    expect(priceTableKeys('google.vertex.chat.v2', 'gemini-2.5-pro')).toEqual([
      'google.vertex.chat.v2/gemini-2.5-pro',
      'google.vertex.chat/gemini-2.5-pro',
      'google.vertex/gemini-2.5-pro',
      'google/gemini-2.5-pro',
    ]);
  });

  it('never touches the model id, lowercases, and does not trim', () => {
    expect(priceTableKeys('OpenAI.Chat', 'GPT-4.1')).toEqual(['openai.chat/gpt-4.1', 'openai/gpt-4.1']);
    expect(priceTableKeys(' openai', 'gpt-4o')).toEqual([' openai/gpt-4o']);
  });

  it('strips a trailing dot but not a leading one', () => {
    expect(priceTableKeys('openai.', 'gpt-4o')).toEqual(['openai./gpt-4o', 'openai/gpt-4o']);
    expect(priceTableKeys('.openai', 'gpt-4o')).toEqual(['.openai/gpt-4o']);
  });
});

describe('lookupModelPrice on the bundled table', () => {
  const priced = (provider: string, modelId: string) => lookupModelPrice(BUNDLED_PRICE_TABLE, provider, modelId)?.key;

  it('finds AI SDK provider ids and mixed case', () => {
    expect(priced('openai.responses', 'gpt-4o-mini')).toBe('openai/gpt-4o-mini');
    expect(priced('deepseek.chat', 'deepseek-v4-flash')).toBe('deepseek/deepseek-v4-flash');
    expect(priced('google.vertex.chat.v2', 'gemini-2.5-pro')).toBe('google/gemini-2.5-pro');
    expect(priced('OpenAI', 'GPT-4o-Mini')).toBe('openai/gpt-4o-mini');
    expect(priced('openai.', 'gpt-4o')).toBe('openai/gpt-4o');
  });

  it('leaves near misses unpriced', () => {
    expect(priced(' openai', 'gpt-4o')).toBeUndefined();
    expect(priced('.openai', 'gpt-4o')).toBeUndefined();
    expect(priced('openai', 'gpt-4o-mini.2026')).toBeUndefined();
    expect(priced('openai', 'openai/gpt-4o-mini')).toBeUndefined();
    expect(priced('amazon-bedrock', 'nova-pro')).toBeUndefined();
    expect(priced('amazon.bedrock', 'nova-pro')).toBe('amazon/nova-pro');
    expect(priced('constructor', 'x')).toBeUndefined();
  });
});

describe('priceModelCall', () => {
  it('bills uncached input, cached input and output at their rates', () => {
    // 4,000 x 0.15 + 16,000 x 0.075 + 10,000 x 0.6 = 7,800 per 1M tokens -> $0.0078
    const call = priceModelCall(mini, { inputTokens: 20_000, cachedInputTokens: 16_000, outputTokens: 10_000 }, BUNDLED_PRICE_TABLE);
    expect(call.costUsd).toBe(0.0078);
    expect(call.uncachedInputTokens).toBe(4_000);
    expect(call.cachedInputRateFellBack).toBe(false);
    expect(call.pricedBy).toEqual({
      tableId: BUNDLED_PRICE_TABLE.id,
      tableName: BUNDLED_PRICE_TABLE.name,
      source: 'bundled',
      key: 'openai/gpt-4o-mini',
    });
  });

  it('bills cache hits at the input rate when the entry has no cached rate', () => {
    // mistral-large-latest: 2 in / 6 out, no cachedInput: (600 x 2 + 400 x 2 + 10 x 6) / 1M
    const call = priceModelCall(
      { provider: 'mistral', modelId: 'mistral-large-latest' },
      { inputTokens: 1_000, cachedInputTokens: 400, outputTokens: 10 }, BUNDLED_PRICE_TABLE,
    );
    expect(call.costUsd).toBe((600 * 2 + 400 * 2 + 10 * 6) / 1e6);
    expect(call.cachedInputRateFellBack).toBe(true);
  });

  it('does not charge reasoning twice and clamps subsets to their totals', () => {
    const call = priceModelCall(mini, { inputTokens: 100, cachedInputTokens: 500, outputTokens: 20, reasoningTokens: 50 }, BUNDLED_PRICE_TABLE);
    expect(call.cachedInputTokens).toBe(100);
    expect(call.reasoningTokens).toBe(20);
    expect(call.uncachedInputTokens).toBe(0);
    expect(call.costUsd).toBe((0 * 0.15 + 100 * 0.075 + 20 * 0.6) / 1e6);
  });

  it('returns costUsd null with tokens kept when no entry matches or identity is incomplete', () => {
    for (const identity of [
      { provider: 'acme', modelId: 'unknown' },
      { provider: '', modelId: 'gpt-4o-mini' },
      { provider: 'openai', modelId: '' },
      { provider: 'openai' },
      {},
    ]) {
      const call = priceModelCall(identity, { inputTokens: 7, outputTokens: 3 }, BUNDLED_PRICE_TABLE);
      expect(call.costUsd).toBeNull();
      expect(call.pricedBy).toBeNull();
      expect(call.inputTokens).toBe(7);
      expect(call.outputTokens).toBe(3);
      expect(call.cachedInputRateFellBack).toBe(false);
    }
  });

  it('prices a zero-token call as a real zero', () => {
    expect(priceModelCall(mini, {}, BUNDLED_PRICE_TABLE).costUsd).toBe(0);
  });

  it('keeps only finite positive token counts, fractions included', () => {
    expect(tokenCount(100.5)).toBe(100.5);
    for (const bad of [-1, 0, Number.NaN, Number.POSITIVE_INFINITY, '100', true, null, undefined, {}]) {
      expect(tokenCount(bad)).toBe(0);
    }
    expect(TOKENS_PER_PRICE_UNIT).toBe(1_000_000);
  });
});
