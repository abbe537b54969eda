import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_ENTRIES, BUNDLED_PRICE_TABLE } from './bundled-price-table';
import { isStale, pricingProvenance, staleEntries } from './staleness';

describe('bundled price table', () => {
  it('holds the 18 registry entries of @a99f487 with their provenance', () => {
    const keys = Object.keys(BUNDLED_PRICE_ENTRIES);
    expect(keys).toHaveLength(18);
    const unverified = keys.filter((key) => BUNDLED_PRICE_ENTRIES[key]!.unverified === true).sort();
    expect(unverified).toEqual(['azure/gpt-4o', 'cohere/command-a', 'meta/llama-4-maverick', 'qwen/qwen3-coder']);
    for (const key of keys) {
      const entry = BUNDLED_PRICE_ENTRIES[key]!;
      expect(key).toBe(key.toLowerCase());
      if (entry.unverified) {
        expect(entry.pricingSource).toBeUndefined();
        expect(entry.pricingVerifiedAt).toBeUndefined();
      } else {
        expect(entry.pricingSource?.startsWith('https://')).toBe(true);
        expect(entry.pricingVerifiedAt).toBe('2026-08-07');
      }
      const provider = key.split('/')[0]!;
      const hasCached = ['openai', 'anthropic', 'google', 'deepseek'].includes(provider);
      expect(entry.pricing.cachedInput !== undefined).toBe(hasCached);
    }
    expect(BUNDLED_PRICE_ENTRIES['openai/gpt-4o-mini']!.pricing).toEqual({
      input: 0.15, output: 0.6, cachedInput: 0.075, currency: 'USD',
    });
    expect(BUNDLED_PRICE_ENTRIES['deepseek/deepseek-v4-pro']!.pricing.cachedInput).toBe(0.003625);
  });
});

describe('staleness (90 whole days past pricingVerifiedAt)', () => {
  it('is fresh through day 90 and stale from day 91', () => {
    // 2026-08-07 + 90 days = 2026-11-05 (Aug 24 + Sep 30 + Oct 31 + Nov 5).
    expect(isStale(BUNDLED_PRICE_TABLE, new Date('2026-11-05T23:59:59Z'))).toBe(false);
    expect(isStale(BUNDLED_PRICE_TABLE, new Date('2026-11-06T00:00:00Z'))).toBe(true);
  });

  it('lists every sourced entry and skips unverified ones', () => {
    const stale = staleEntries(BUNDLED_PRICE_TABLE, new Date('2026-11-29T12:00:00Z'));
    expect(stale).toHaveLength(14);
    expect(stale[0]).toEqual({
      key: 'openai/gpt-4o-mini',
      verifiedAt: '2026-08-07',
      ageDays: 114,
      pricingSource: 'https://developers.openai.com/api/docs/pricing',
    });
  });

  it('summarises provenance for display', () => {
    expect(pricingProvenance(BUNDLED_PRICE_TABLE, new Date('2026-09-01T00:00:00Z'))).toEqual({
      tableId: BUNDLED_PRICE_TABLE.id,
      tableName: BUNDLED_PRICE_TABLE.name,
      source: 'bundled',
      entryCount: 18,
      unverifiedCount: 4,
      oldestVerifiedAt: '2026-08-07',
      stale: false,
    });
  });
});
