/**
 * The key the repeat scanners compare calls by: a hash of the canonical JSON (sorted keys) of a
 * parsed payload value, or null when canonical JSON refuses the value. Canonical JSON written in
 * JS (sorting every object's keys, building the text piece by piece) was the scan's largest
 * single cost on a long run. Payloads are mostly written with their keys already in order, and
 * then the native `JSON.stringify` writes the very same text: its member order is `Object.keys`
 * order, its strings and numbers are canonical JSON's. So the value is walked once to check the
 * order (no text built), and only a value with keys out of order, or a text holding an escaped
 * lone surrogate (which canonical JSON refuses), goes the slow way.
 */
import { canonicalJson } from '../canonical/canonical-json';
import { stringHash } from './string-hash';

export function valueKey(value: unknown): string | null {
  if (keysInOrder(value)) {
    const text = JSON.stringify(value);
    // `\ud…` in the text is a lone surrogate escaped (or a backslash before "ud"): let canonical JSON decide.
    if (!text.includes('\\ud')) return stringHash(text);
  }
  try {
    return stringHash(canonicalJson(value));
  } catch {
    return null;
  }
}

/** Whether every object in `value` lists its keys in sorted order (and holds only JSON values). */
function keysInOrder(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'undefined' && typeof value !== 'function' && typeof value !== 'symbol' && typeof value !== 'bigint' && (typeof value !== 'number' || Number.isFinite(value));
  if (Array.isArray(value)) {
    for (const item of value) if (!keysInOrder(item)) return false;
    return true;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  const record = value as Record<string, unknown>;
  let previous: string | null = null;
  for (const key of Object.keys(record)) {
    if (previous !== null && !(previous < key)) return false;
    if (!keysInOrder(record[key])) return false;
    previous = key;
  }
  return true;
}
