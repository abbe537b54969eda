import { describe, expect, it } from 'vitest';
import { EVENT_PAGE, indexOfSequence, LruCache, pageOf, pageStart, pagesForRange, sequenceAt } from './event-paging';

describe('event paging', () => {
  it('maps sequences to pages of 500', () => {
    expect(pageOf(1)).toBe(0);
    expect(pageOf(EVENT_PAGE)).toBe(0);
    expect(pageOf(EVENT_PAGE + 1)).toBe(1);
    expect(pageStart(2)).toBe(1001);
  });
  it('maps rows to sequences with and without a filter', () => {
    expect(sequenceAt(0, null)).toBe(1);
    expect(sequenceAt(1, [5, 900])).toBe(900);
    expect(indexOfSequence(900, [5, 900, 1200], 2000)).toBe(1);
    expect(indexOfSequence(6, [5, 900], 2000)).toBe(-1);
    expect(indexOfSequence(2001, null, 2000)).toBe(-1);
  });
  it('lists the pages a visible range needs', () => {
    expect(pagesForRange(490, 520, null, 1_000_000)).toEqual([0, 1]);
    expect(pagesForRange(0, 3, [2, 600, 601, 5000], 4)).toEqual([0, 1, 9]);
    expect(pagesForRange(999_990, 1_000_100, null, 1_000_000)).toEqual([1999]);
  });
  it('evicts the least recently used page', () => {
    const lru = new LruCache<number, string>(2);
    lru.set(1, 'a');
    lru.set(2, 'b');
    lru.get(1);
    expect(lru.set(3, 'c')).toEqual([2]);
    expect(lru.has(1)).toBe(true);
    expect(lru.peek(2)).toBeUndefined();
    expect(lru.size).toBe(2);
  });
});
