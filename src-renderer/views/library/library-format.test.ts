import { describe, expect, it } from 'vitest';
import { formatDuration, formatRunCost, shortId } from './library-format';

describe('run list cell text', () => {
  it('never shows $0 for an unpriced run', () => {
    expect(formatRunCost(null)).toBe('n/a');
    expect(formatRunCost(0)).toBe('$0');
    expect(formatRunCost(0.000324)).toBe('$0.000324');
    expect(formatRunCost(2.5)).toBe('$2.50');
  });

  it('durations are short and unknown ones are a dash', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_320)).toBe('4.32 s');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4m 05s');
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe('2h 03m');
    expect(formatDuration(76 * 3_600_000)).toBe('3d 4h');
  });

  it('shortens long ids in the middle', () => {
    expect(shortId('run_5d5bdccc-7727-43e1-af40-a3b6760eafe9')).toBe('run_5d5bdccc…0eafe9');
    expect(shortId('run_short')).toBe('run_short');
  });
});
