/**
 * Defensive readers for event payload fields.
 *
 * Payloads are parsed JSON of any shape (arrays, null, numbers are all storable), so every
 * derivation reads fields through these instead of trusting a type: a malformed payload
 * degrades to "field absent", never to a thrown TypeError.
 */

/** A plain JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>;

/** True for a non-null, non-array object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own property `key` of `value` when `value` is an object; inherited members never count. */
export function field(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** True when `value` is an object that owns `key` (even with a null value). */
export function hasField(value: unknown, key: string): boolean {
  return isObject(value) && Object.hasOwn(value, key);
}

/** `value[key]` when it is a string. */
export function stringField(value: unknown, key: string): string | undefined {
  const candidate = field(value, key);
  return typeof candidate === 'string' ? candidate : undefined;
}

/** `value[key]` when it is a finite number. */
export function numberField(value: unknown, key: string): number | undefined {
  const candidate = field(value, key);
  return typeof candidate === 'number' && Number.isFinite(candidate) ? candidate : undefined;
}

/** `value[key]` when it is an object. */
export function objectField(value: unknown, key: string): JsonObject | undefined {
  const candidate = field(value, key);
  return isObject(candidate) ? candidate : undefined;
}

/** `value[key]` when it is an array. */
export function arrayField(value: unknown, key: string): readonly unknown[] | undefined {
  const candidate = field(value, key);
  return Array.isArray(candidate) ? candidate : undefined;
}

/** Milliseconds between two ISO timestamps, or null when either does not parse. */
export function gapMs(fromIso: string, toIso: string): number | null {
  const from = Date.parse(fromIso);
  const to = Date.parse(toIso);
  return Number.isNaN(from) || Number.isNaN(to) ? null : to - from;
}
