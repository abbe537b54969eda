import { describe, expect, it } from 'vitest';
import { appended } from './appended';

describe('appended', () => {
  it('gives a new list with the item last while the list is short, leaving the old one as it was', () => {
    const one = [1];
    const two = appended(one, 2);
    expect(two).toEqual([1, 2]);
    expect(one).toEqual([1]);
    expect(two).not.toBe(one);
    expect(appended([], 'a')).toEqual(['a']);
  });

  it('appends to a long list in place, and keeps every item in order across the switch', () => {
    let list: number[] = [];
    const seen: number[][] = [];
    for (let i = 0; i < 20; i += 1) {
      const next = appended(list, i);
      seen.push(next);
      list = next;
    }
    expect(list).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // From 8 items on the same array grows; before, every step made a new one.
    expect(seen[7]).not.toBe(seen[6]);
    expect(seen[8]).toBe(seen[7]);
    expect(seen[19]).toBe(seen[8]);
    // No holes: every index is an own element.
    expect(Object.keys(list)).toHaveLength(20);
  });

  it('keeps an array item whole (it is one item, not spread)', () => {
    expect(appended<number[]>([[1]], [2, 3])).toEqual([[1], [2, 3]]);
  });
});
