import { describe, expect, it } from 'vitest';
import { storesBoundary } from './leave-points';

describe('storesBoundary: which boundaries a fold without snapshots writes to the store', () => {
  const stored = (upto: number | undefined, last: number) => {
    const kept: number[] = [];
    for (let sequence = 10; sequence <= last; sequence += 10) if (storesBoundary(sequence, 10, upto)) kept.push(sequence);
    return kept;
  };

  it('keeps the boundaries at 1, 2, 4, 8 … slices and the last one at or below upto', () => {
    expect(stored(255, 250)).toEqual([10, 20, 40, 80, 160, 250]);
    expect(stored(160, 160)).toEqual([10, 20, 40, 80, 160]);
    expect(stored(undefined, 250)).toEqual([10, 20, 40, 80, 160]);
  });

  it('writes a number of checkpoints that grows with the log\'s logarithm, and bytes under three times the last', () => {
    // Checkpoint bytes grow with the fold's size: the sum of the kept sequences stands for their bytes.
    const every = 10_000;
    const upto = 1_000_000 - 1;
    const kept: number[] = [];
    for (let sequence = every; sequence <= upto; sequence += every) if (storesBoundary(sequence, every, upto)) kept.push(sequence);
    expect(kept.length).toBeLessThanOrEqual(Math.ceil(Math.log2(upto / every)) + 1);
    expect(kept.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3 * kept.at(-1)!);
    expect(kept.at(-1)).toBe(990_000);
  });
});
