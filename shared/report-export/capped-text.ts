/** Cutting untrusted values to the report's `maxText` characters. */
import type { JsonPreview } from '../run/json-preview';
import type { CappedText } from './report-document-types';

/** A string cut to `max` characters (the full length is kept in `totalChars`). */
export function capString(text: string, max: number): CappedText {
  return text.length <= max ? { text, truncated: false, totalChars: text.length } : { text: text.slice(0, max), truncated: true, totalChars: text.length };
}

/** Any value as readable text (strings as is, the rest as indented JSON), cut to `max`. */
export function capValue(value: unknown, max: number): CappedText {
  return capString(valueText(value), max);
}

/**
 * A preview from RunDetail cut to `max`; a preview already cut shorter than `max` stays cut
 * (callers pass the full value instead when they have it).
 */
export function capPreview(preview: JsonPreview, max: number): CappedText {
  if (!preview.truncated) return capValue(preview.value, max);
  const capped = capString(preview.text, max);
  return { ...capped, truncated: true, totalChars: Math.max(preview.totalChars, capped.totalChars) };
}

/** The preview's value when whole, or the full value from `full` when one was fetched. */
export function capPreviewOrFull(preview: JsonPreview | undefined, full: { value: unknown } | undefined, max: number): CappedText | null {
  if (full !== undefined) return capValue(full.value, max);
  return preview === undefined ? null : capPreview(preview, max);
}

function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A value that may already be a JsonPreview (step attempt errors are) or a plain value, cut to `max`. */
export function capMaybePreview(value: unknown, max: number): CappedText {
  const v = value as { truncated?: unknown; value?: unknown; text?: unknown; totalChars?: unknown } | null;
  if (typeof v === 'object' && v !== null && v.truncated === false && 'value' in v) return capValue(v.value, max);
  if (typeof v === 'object' && v !== null && v.truncated === true && typeof v.text === 'string' && typeof v.totalChars === 'number') {
    return capPreview({ truncated: true, text: v.text, totalChars: v.totalChars }, max);
  }
  return capValue(value, max);
}
