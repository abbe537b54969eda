/**
 * little-workflow's canonical JSON: sorted keys (default JS sort), no whitespace.
 *
 * Nearly every id and hash of the format is derived from it (eventId, artifactId, lock
 * names, manifest hashes), so we need the exact same bytes to recompute them. Like the
 * original it refuses values JSON cannot represent faithfully instead of dropping them.
 */

/** Thrown for values canonical JSON refuses (undefined, NaN, bigint, cycles, class instances...). */
export class CanonicalJsonError extends Error {
  override name = 'CanonicalJsonError';
}

/** A UTF-16 surrogate without its pair: canonical JSON refuses strings holding one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Serialise `value` as canonical JSON. */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function write(value: unknown, seen: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError('lone surrogate in string');
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`non-finite number ${value}`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return writeObject(value as object, seen);
    default:
      throw new CanonicalJsonError(`unsupported value of type ${typeof value}`);
  }
}

function writeObject(value: object, seen: Set<object>): string {
  if (seen.has(value)) throw new CanonicalJsonError('cycle');
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item) => write(item, seen)).join(',')}]`;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new CanonicalJsonError('only plain objects are allowed');
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    const parts: string[] = [];
    for (const key of keys) {
      if (LONE_SURROGATE.test(key)) throw new CanonicalJsonError('lone surrogate in key');
      parts.push(`${JSON.stringify(key)}:${write(record[key], seen)}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}
