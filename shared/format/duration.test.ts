import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration: one format at every size', () => {
  it('writes milliseconds, seconds, minutes, hours and days alike', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(721_000)).toBe('12 min 01 s');
    expect(formatDuration(1_020_041)).toBe('17 min 00 s');
    expect(formatDuration(2 * 3_600_000 + 3 * 60_000)).toBe('2 h 03 min');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 04 h');
    expect(formatDuration(-1500)).toBe('-1.50 s');
  });

  it('rounds across unit edges without writing 60 of anything', () => {
    expect(formatDuration(999.6)).toBe('1.00 s');
    expect(formatDuration(59_999)).toBe('1 min 00 s');
    expect(formatDuration(3_599_999)).toBe('1 h 00 min');
    expect(formatDuration(86_399_999)).toBe('1 d 00 h');
  });

  it('an unknown duration is a dash', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});
