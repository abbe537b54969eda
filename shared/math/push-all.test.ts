import { describe, expect, it } from 'vitest';
import { pushAll } from './push-all';

describe('pushAll', () => {
  it('appends 300,000 items in order, past the argument limit a spread throws at', () => {
    const items = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [0].push(...items)).toThrow(RangeError);
    const target = [-1];
    pushAll(target, items);
    expect(target.length).toBe(300_001);
    expect(target[0]).toBe(-1);
    expect(target.at(-1)).toBe(299_999);
  });
});
