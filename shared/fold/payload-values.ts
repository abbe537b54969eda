/**
 * Readers for payload fields with the exact coercions of little-workflow's fold
 * (run-state.ts @2884677): a field of the wrong type reads as "absent".
 *
 * Unlike payload-fields.ts (the harness views' defensive own-property readers), these
 * take values already read by plain property access, because the fold must reproduce
 * upstream, including where upstream throws.
 */

/** A payload object as the fold reads it. */
export type JsonRecord = Record<string, unknown>;

/** Prefix every artifact reference must have; anything else is ignored by the fold. */
export const ARTIFACT_REF_PREFIX = 'artifact://';

/** True for non-null, non-array objects. */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else undefined. */
export function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Any finite number as is (negatives and fractions too), everything else 0. */
export function numberValue(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The value when it is a string starting with `artifact://`, else undefined. */
export function artifactRefValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith(ARTIFACT_REF_PREFIX) ? value : undefined;
}

/** The artifact refs of an array, skipping non-refs; a non-array gives none. */
export function artifactRefsValue(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const refs: string[] = [];
  for (const item of value) {
    const ref = artifactRefValue(item);
    if (ref !== undefined) refs.push(ref);
  }
  return refs;
}

/** Append `value` unless already present (order of first appearance is kept). */
export function pushUnique<T>(items: T[], value: T): void {
  if (!items.includes(value)) items.push(value);
}

/** `details[key]` when `details` is a record, else undefined. */
export function detailValue(details: unknown, key: string): unknown {
  return isRecord(details) ? details[key] : undefined;
}
