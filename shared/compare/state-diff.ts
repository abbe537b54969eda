/**
 * Deep structural diff of two JSON-like values (fold states, harness views), with paths.
 * Key presence counts (`{a: undefined}` differs from `{}`), and so does key order, since the
 * fold promises the same key order as little-workflow's (it shows in `little replay`).
 */

/** One difference: where, and the two values there (`absent` when a side lacks the key). */
export type StateDifference = {
  path: string;
  kind: 'value' | 'type' | 'missing-left' | 'missing-right' | 'length' | 'key-order';
  left?: unknown;
  right?: unknown;
};

/** Differences between `left` and `right`, at most `limit` of them, in document order. */
export function diffStates(left: unknown, right: unknown, limit = 50): StateDifference[] {
  const out: StateDifference[] = [];
  walk(left, right, '$', out, limit);
  return out;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function walk(left: unknown, right: unknown, path: string, out: StateDifference[], limit: number): void {
  if (out.length >= limit || Object.is(left, right)) return;
  const lk = kindOf(left);
  const rk = kindOf(right);
  if (lk !== rk) {
    out.push({ path, kind: 'type', left, right });
    return;
  }
  if (lk === 'array') {
    const a = left as unknown[];
    const b = right as unknown[];
    if (a.length !== b.length) out.push({ path, kind: 'length', left: a.length, right: b.length });
    for (let i = 0; i < Math.min(a.length, b.length); i += 1) walk(a[i], b[i], `${path}[${i}]`, out, limit);
    return;
  }
  if (lk === 'object') {
    const a = left as Record<string, unknown>;
    const b = right as Record<string, unknown>;
    const aKeys = Object.keys(a);
    const bKeys = Object.keys(b);
    for (const key of aKeys) {
      const child = `${path}.${key}`;
      if (!Object.prototype.hasOwnProperty.call(b, key)) out.push({ path: child, kind: 'missing-right', left: a[key] });
      else walk(a[key], b[key], child, out, limit);
      if (out.length >= limit) return;
    }
    for (const key of bKeys) {
      if (!Object.prototype.hasOwnProperty.call(a, key)) out.push({ path: `${path}.${key}`, kind: 'missing-left', right: b[key] });
      if (out.length >= limit) return;
    }
    const shared = aKeys.filter((key) => Object.prototype.hasOwnProperty.call(b, key));
    const sharedB = bKeys.filter((key) => Object.prototype.hasOwnProperty.call(a, key));
    if (shared.join('\u0000') !== sharedB.join('\u0000')) out.push({ path, kind: 'key-order', left: shared, right: sharedB });
    return;
  }
  // Numbers, strings, booleans, undefined (NaN is Object.is-equal to itself above).
  out.push({ path, kind: 'value', left, right });
}
