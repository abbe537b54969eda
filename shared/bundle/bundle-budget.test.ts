import { describe, expect, it } from 'vitest';
import { chooseWithinBudget, formatBytes } from './bundle-budget';

describe('chooseWithinBudget', () => {
  const items = [
    { key: 'a', bytes: 50 },
    { key: 'b', bytes: 10 },
    { key: 'c', bytes: 30 },
    { key: 'd', bytes: 10 },
    { key: 'e', bytes: 5 },
  ];

  it('keeps the smallest first while they fit and counts the rest', () => {
    const choice = chooseWithinBudget(items, 30);
    expect([...choice.kept]).toEqual(['e', 'b', 'd']);
    expect(choice.keptBytes).toBe(25);
    expect(choice.omitted).toEqual({ count: 2, bytes: 80, smallestBytes: 30 });
  });

  it('leaves out only items at least as large as every kept one', () => {
    for (let budget = 0; budget <= 120; budget += 7) {
      const choice = chooseWithinBudget(items, budget);
      const kept = items.filter((i) => choice.kept.has(i.key));
      const left = items.filter((i) => !choice.kept.has(i.key));
      expect(choice.keptBytes).toBeLessThanOrEqual(budget);
      expect(choice.keptBytes + choice.omitted.bytes).toBe(105);
      if (kept.length && left.length) expect(Math.min(...left.map((i) => i.bytes))).toBeGreaterThanOrEqual(Math.max(...kept.map((i) => i.bytes)));
    }
  });

  it('keeps everything within a large budget and nothing within zero', () => {
    expect(chooseWithinBudget(items, 1000).omitted).toEqual({ count: 0, bytes: 0, smallestBytes: null });
    expect(chooseWithinBudget(items, 0).kept.size).toBe(0);
  });
});

describe('formatBytes', () => {
  it('uses decimal units', () => {
    expect([0, 999, 1500, 12_345, 1_500_000, 50_000_000].map(formatBytes)).toEqual(['0 bytes', '999 bytes', '1.5 KB', '12 KB', '1.5 MB', '50 MB']);
  });
});
