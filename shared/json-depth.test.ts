import { describe, expect, it } from 'vitest';
import { jsonTooDeep } from './json-depth';

describe('jsonTooDeep', () => {
  it('refuses nesting past the limit and accepts it at the limit, arrays and objects alike', () => {
    expect(jsonTooDeep('['.repeat(11) + ']'.repeat(11), 10)).toBe(true);
    expect(jsonTooDeep('['.repeat(10) + ']'.repeat(10), 10)).toBe(false);
    expect(jsonTooDeep('{"a":'.repeat(11) + '1' + '}'.repeat(11), 10)).toBe(true);
  });

  it('counts brackets inside strings only as an upper bound: many of them there never make a text too deep', () => {
    const inString = JSON.stringify({ text: '['.repeat(50) + '{'.repeat(50) });
    expect(jsonTooDeep(inString, 10)).toBe(false);
    // Many shallow openers (past the cheap bound) still need the real scan to say no.
    expect(jsonTooDeep(JSON.stringify(Array.from({ length: 40 }, () => [1])), 10)).toBe(false);
    // A long body with few brackets is cleared without the scan, and stays correct.
    expect(jsonTooDeep(JSON.stringify({ messages: [{ content: 'x'.repeat(100_000) }] }), 10)).toBe(false);
  });
});
