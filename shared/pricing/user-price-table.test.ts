import { describe, expect, it } from 'vitest';
import { priceModelCall } from './price-model-call';
import { isStale } from './staleness';
import { parseUserPriceTable, USER_PRICE_TABLE_FORMAT } from './user-price-table';

const wrapped = {
  format: USER_PRICE_TABLE_FORMAT,
  id: 'acme-2026-11',
  name: 'ACME negotiated rates',
  entries: {
    'openai/gpt-4o-mini': {
      pricing: { input: 0.1, output: 0.4, cachedInput: 0.05 },
      pricingSource: 'https://example.com/contract',
      pricingVerifiedAt: '2026-11-01',
    },
    'acme/house-model': { pricing: { input: 1, output: 2, currency: 'USD' }, unverified: true },
  },
};

describe('parseUserPriceTable', () => {
  it('accepts the wrapped format and prices with it, naming the table', () => {
    const result = parseUserPriceTable(JSON.stringify(wrapped));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const table = result.value;
    expect(table).toMatchObject({ id: 'acme-2026-11', name: 'ACME negotiated rates', source: 'user' });
    expect(table.entries['openai/gpt-4o-mini']!.pricing.currency).toBe('USD');
    const call = priceModelCall({ provider: 'openai.chat', modelId: 'gpt-4o-mini' }, { inputTokens: 1_000, outputTokens: 1_000 }, table);
    expect(call.costUsd).toBe((1_000 * 0.1 + 0 * 0.05 + 1_000 * 0.4) / 1e6);
    expect(call.pricedBy).toEqual({ tableId: 'acme-2026-11', tableName: 'ACME negotiated rates', source: 'user', key: 'openai/gpt-4o-mini' });
    // Models the user table lacks are unpriced (no silent fallback to the bundled table).
    expect(priceModelCall({ provider: 'openai', modelId: 'gpt-4o' }, { inputTokens: 1 }, table).costUsd).toBeNull();
    expect(isStale(table, new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('accepts a bare model-registry.json given names', () => {
    const bare = { 'anthropic/claude-x': { description: 'd', capabilities: ['text'], contextWindow: 10, pricing: { input: 3, output: 15, currency: 'USD' }, pricingSource: 'https://a.example', pricingVerifiedAt: '2026-01-01' } };
    const result = parseUserPriceTable(bare, { id: 'registry-copy', name: 'registry copy' });
    expect(result.ok && result.value.source === 'user' && Object.keys(result.value.entries)).toEqual(['anthropic/claude-x']);
    expect(parseUserPriceTable(bare).ok).toBe(false);
  });

  it('rejects malformed tables with a diagnostic', () => {
    const bad = (mutate: (t: typeof wrapped) => unknown) => {
      const copy = structuredClone(wrapped);
      const result = parseUserPriceTable(mutate(copy) ?? copy);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid-argument');
    };
    bad((t) => { (t.entries as Record<string, unknown>)['OpenAI/GPT-4o'] = { pricing: { input: 1, output: 1 } }; });
    bad((t) => { (t.entries as Record<string, unknown>)['no-slash'] = { pricing: { input: 1, output: 1 } }; });
    bad((t) => { t.entries['openai/gpt-4o-mini'].pricing.input = -1; });
    bad((t) => { (t.entries['openai/gpt-4o-mini'].pricing as Record<string, unknown>).currency = 'EUR'; });
    bad((t) => { (t.entries['acme/house-model'] as Record<string, unknown>).pricingSource = 'https://x.example'; });
    bad((t) => { t.entries['openai/gpt-4o-mini'].pricingSource = 'http://insecure.example'; });
    bad((t) => { t.entries['openai/gpt-4o-mini'].pricingVerifiedAt = '2026-13-45'; });
    bad((t) => { t.id = 'has spaces'; });
    bad((t) => ({ ...t, extra: true }));
    bad((t) => ({ ...t, format: 'other@1' }));
    expect(parseUserPriceTable('{not json').ok).toBe(false);
    expect(parseUserPriceTable('{"__proto__": {"pricing": {"input": 1, "output": 1}}}', { id: 'x', name: 'x' }).ok).toBe(false);
  });
});
