import { describe, expect, it } from 'vitest';
import { ancestors, CHILD_PAGE, childPage, childPosition, containerSummary, formatPath, parsePathKey, pathKey, primitiveText, shownFor, STRING_PREVIEW, valueAt } from './json-tree';

describe('json-tree', () => {
  it('formats paths as JavaScript accessors', () => {
    expect(formatPath([])).toBe('$');
    expect(formatPath(['payload', 'items', 3, 'content-type', '_ok'])).toBe('$.payload.items[3]["content-type"]._ok');
  });
  it('keeps segment types in path keys', () => {
    expect(pathKey([1])).not.toBe(pathKey(['1']));
    expect(parsePathKey(pathKey(['a', 2]))).toEqual(['a', 2]);
    expect(ancestors(['a', 2, 'b'])).toEqual([[], ['a'], ['a', 2]]);
  });
  it('pages children of arrays and objects', () => {
    const big = Array.from({ length: 250 }, (_, i) => i);
    expect(childPage(big, 200, CHILD_PAGE)).toHaveLength(50);
    expect(childPage(big, 100, 2)).toEqual([[100, 100], [101, 101]]);
    expect(childPage({ a: 1, b: 2, c: 3 }, 1, 1)).toEqual([['b', 2]]);
    expect(containerSummary(big)).toBe('Array(250)');
    expect(containerSummary({ a: 1 })).toBe('{1 key}');
  });
  it('pages a deep match into view', () => {
    expect(shownFor(5, CHILD_PAGE)).toBe(CHILD_PAGE);
    expect(shownFor(100, CHILD_PAGE)).toBe(200);
    expect(shownFor(1234, 300)).toBe(1300);
    expect(childPosition({ x: 1, y: 2 }, 'y')).toBe(1);
    expect(childPosition([1, 2], 5)).toBe(-1);
    expect(valueAt({ a: [{ b: 'hit' }] }, ['a', 0, 'b'])).toBe('hit');
    expect(valueAt({ a: 1 }, ['a', 'b'])).toBeUndefined();
  });
  it('cuts long strings only until "show all"', () => {
    const long = 'x'.repeat(STRING_PREVIEW * 3);
    expect(primitiveText(long).truncated).toBe(true);
    expect(primitiveText(long).text.length).toBeLessThan(STRING_PREVIEW + 5);
    expect(primitiveText(long, true).text).toBe(JSON.stringify(long));
    expect(primitiveText(null).text).toBe('null');
  });
});
