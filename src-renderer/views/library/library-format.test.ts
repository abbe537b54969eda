import { describe, expect, it } from 'vitest';
import { formatDuration, formatRunCost, shortId } from './library-format';

describe('run list cell text', () => {
  it('never shows a number for a cost nobody knows, and says what a partial one leaves out', () => {
    expect(formatRunCost({ costUsd: null, unpricedCalls: 1 })).toBe('cost unknown (1 unpriced)');
    expect(formatRunCost({ costUsd: 0 })).toBe('$0.00');
    expect(formatRunCost({ costUsd: 0, inFlightCalls: 1 })).toBe('cost unknown (1 call in flight)');
    expect(formatRunCost({ costUsd: 97.1, unpricedCalls: 22_638 })).toBe('$97.10 + 22,638 unpriced');
    expect(formatRunCost({ costUsd: 2.5 })).toBe('$2.50');
  });

  it('durations are short and unknown ones are a dash', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_320)).toBe('4.32 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe('2 h 03 min');
    expect(formatDuration(76 * 3_600_000)).toBe('3 d 04 h');
  });

  it('shortens long ids in the middle', () => {
    expect(shortId('run_5d5bdccc-7727-43e1-af40-a3b6760eafe9')).toBe('run_5d5bdccc…0eafe9');
    expect(shortId('run_short')).toBe('run_short');
  });
});
