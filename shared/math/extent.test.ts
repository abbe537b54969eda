import { describe, expect, it } from 'vitest';
import { extent } from './extent';

describe('extent', () => {
  it('gives the min and max of any iterable, null when empty, skipping NaN', () => {
    expect(extent([3, -2, 7, 0])).toEqual({ min: -2, max: 7 });
    expect(extent(new Set([5]))).toEqual({ min: 5, max: 5 });
    expect(extent([])).toBeNull();
    expect(extent([NaN, 4, NaN])).toEqual({ min: 4, max: 4 });
    expect(extent([Infinity])).toEqual({ min: Infinity, max: Infinity });
  });

  it('takes more values than a spread into Math.min can (500,000)', () => {
    const values = Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 500_000);
    expect(() => Math.min(...values)).toThrow(RangeError);
    expect(extent(values)).toEqual({ min: 0, max: 499_999 });
  });
});
