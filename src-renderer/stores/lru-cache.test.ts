import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache';

describe('LruCache', () => {
  it('evicts the least recently used entry; peek does not refresh one', () => {
    const lru = new LruCache<number, string>(2);
    lru.set(1, 'a');
    lru.set(2, 'b');
    lru.get(1);
    expect(lru.set(3, 'c')).toEqual([2]);
    expect(lru.has(1)).toBe(true);
    expect(lru.peek(2)).toBeUndefined();
    lru.peek(1);
    expect(lru.set(4, 'd')).toEqual([1]);
    expect(lru.size).toBe(2);
    lru.delete(1);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
