import { describe, expect, it } from 'vitest';
import { jsonDiff } from './json-diff';

describe('jsonDiff', () => {
  it('equal values have no changes', () => {
    expect(jsonDiff({ a: [1, { b: 'x' }], c: null }, { a: [1, { b: 'x' }], c: null })).toEqual({ changes: [], truncated: false });
    expect(jsonDiff('same', 'same').changes).toEqual([]);
  });

  it('lists added, removed and changed paths in document order', () => {
    const diff = jsonDiff({ title: 'A', items: [1, 2, 3], meta: { old: true, 'two words': 1 } }, { title: 'B', items: [1, 5], meta: { 'two words': 1, fresh: 0 } });
    expect(diff.changes).toEqual([
      { path: '$.title', kind: 'changed', a: 'A', b: 'B' },
      { path: '$.items[1]', kind: 'changed', a: 2, b: 5 },
      { path: '$.items[2]', kind: 'removed', a: 3 },
      { path: '$.meta.old', kind: 'removed', a: true },
      { path: '$.meta.fresh', kind: 'added', b: 0 },
    ]);
  });

  it('a change of type is one change at that path, not a walk into it', () => {
    expect(jsonDiff({ v: [1] }, { v: { 0: 1 } }).changes).toEqual([{ path: '$.v', kind: 'changed', a: [1], b: { 0: 1 } }]);
    expect(jsonDiff(null, {}).changes).toEqual([{ path: '$', kind: 'changed', a: null, b: {} }]);
    expect(jsonDiff({ 'a"b': 1 }, {}).changes[0]!.path).toBe('$["a\\"b"]');
  });

  it('stops at the limit and says so', () => {
    const a = Array.from({ length: 50 }, (_, i) => i);
    const b = a.map((n) => n + 1);
    const diff = jsonDiff(a, b, 10);
    expect(diff.changes).toHaveLength(10);
    expect(diff.truncated).toBe(true);
  });
});
