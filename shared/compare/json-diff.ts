/**
 * A structural diff of two JSON values for the compare view's "JSON diff of the two outputs":
 * the paths where they differ (added, removed, changed), in document order, capped so a huge
 * output cannot flood the view. Objects are compared by key, arrays by index.
 */

export type JsonChange = { path: string; kind: 'added' | 'removed' | 'changed'; a?: unknown; b?: unknown };

export type JsonDiff = { changes: JsonChange[]; /** More changes than were listed. */ truncated: boolean };

/** Most changes listed. */
export const JSON_DIFF_LIMIT = 500;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The differences of `b` from `a`; paths are JSONPath-like (`$.items[2].name`). */
export function jsonDiff(a: unknown, b: unknown, limit = JSON_DIFF_LIMIT): JsonDiff {
  const changes: JsonChange[] = [];
  let truncated = false;
  const add = (change: JsonChange) => {
    if (changes.length < limit) changes.push(change);
    else truncated = true;
  };
  const walk = (x: unknown, y: unknown, path: string) => {
    if (truncated) return;
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
        const at = `${path}[${i}]`;
        if (i >= y.length) add({ path: at, kind: 'removed', a: x[i] });
        else if (i >= x.length) add({ path: at, kind: 'added', b: y[i] });
        else walk(x[i], y[i], at);
      }
      return;
    }
    if (isObject(x) && isObject(y)) {
      for (const key of Object.keys(x)) {
        const at = `${path}${keyPath(key)}`;
        if (!Object.hasOwn(y, key)) add({ path: at, kind: 'removed', a: x[key] });
        else walk(x[key], y[key], at);
      }
      for (const key of Object.keys(y)) if (!Object.hasOwn(x, key)) add({ path: `${path}${keyPath(key)}`, kind: 'added', b: y[key] });
      return;
    }
    if (!Object.is(x, y)) add({ path, kind: 'changed', a: x, b: y });
  };
  walk(a, b, '$');
  return { changes, truncated };
}

/** `.name` for identifier-like keys, else `["…"]`. */
function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
