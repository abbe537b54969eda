import { describe, expect, it } from 'vitest';
import { runRowTotals, sumKnown } from './run-row-totals';

describe('run row totals', () => {
  it('adds known values and keeps an all-unknown sum unknown (never $0)', () => {
    expect(sumKnown([null, null])).toBeNull();
    expect(sumKnown([])).toBeNull();
    expect(sumKnown([null, 0.25, 0.5])).toBe(0.75);
    expect(sumKnown([0])).toBe(0);
  });

  it('sums events, cost and tokens of cycles, unpriced ones left out of the cost', () => {
    const rows = [
      { eventCount: 10, costUsd: 0.5, inputTokens: 100, outputTokens: null },
      { eventCount: 5, costUsd: null, inputTokens: 20, outputTokens: null, unpricedCalls: 2 },
      { eventCount: 3, costUsd: 0, inputTokens: 0, outputTokens: 0, inFlightCalls: 1 },
    ];
    // The calls left out of the sum are counted, so the group says what its cost omits.
    expect(runRowTotals(rows)).toEqual({ eventCount: 18, costUsd: 0.5, inputTokens: 120, outputTokens: 0, unpricedCalls: 2, inFlightCalls: 1 });
    expect(runRowTotals([{ eventCount: 1, costUsd: null, inputTokens: null, outputTokens: null }]).costUsd).toBeNull();
  });
});
