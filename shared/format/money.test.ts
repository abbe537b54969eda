import { describe, expect, it } from 'vitest';
import { costIsComplete, formatCost, formatUsd } from './money';

describe('formatUsd: one way to write an amount', () => {
  it('writes zero once, cents from a dollar, up to six decimals below it', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(97.1)).toBe('$97.10');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.000324)).toBe('$0.000324');
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(0.1234)).toBe('$0.1234');
    expect(formatUsd(0.0000004)).toBe('<$0.000001');
    expect(formatUsd(-0.0001)).toBe('-$0.0001');
  });

  it('never writes an unknown amount as a number', () => {
    expect(formatUsd(null)).toBe('unknown');
    expect(formatUsd(Number.NaN)).toBe('unknown');
  });
});

describe('formatCost: unknown stays unknown', () => {
  it('says what a lower bound leaves out', () => {
    expect(formatCost({ costUsd: 97.1, unpricedCalls: 22_638 })).toBe('$97.10 + 22,638 unpriced');
    expect(formatCost({ costUsd: 0.000324, inFlightCalls: 1 })).toBe('$0.000324 + 1 call in flight');
    expect(formatCost({ costUsd: 2, unpricedCalls: 1, inFlightCalls: 2 })).toBe('$2.00 + 1 unpriced + 2 calls in flight');
  });

  it('a $0 beside calls of unknown cost is no measured zero; a clean $0 is', () => {
    expect(formatCost({ costUsd: 0, inFlightCalls: 1 })).toBe('cost unknown (1 call in flight)');
    expect(formatCost({ costUsd: null, unpricedCalls: 3 })).toBe('cost unknown (3 unpriced)');
    expect(formatCost({ costUsd: null })).toBe('cost unknown');
    expect(formatCost({ costUsd: 0 })).toBe('$0.00');
    expect(formatCost({ costUsd: 0.000324 })).toBe('$0.000324');
  });

  it('tells a complete figure from a partial one', () => {
    expect(costIsComplete({ costUsd: 1 })).toBe(true);
    expect(costIsComplete({ costUsd: 1, unpricedCalls: 1 })).toBe(false);
    expect(costIsComplete({ costUsd: 0, inFlightCalls: 1 })).toBe(false);
    expect(costIsComplete({ costUsd: null })).toBe(false);
  });
});
