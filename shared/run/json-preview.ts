/** Bounded previews of arbitrary JSON values, so a multi-megabyte payload never crosses IPC whole by accident. */

/** A value cut down to at most `maxChars` of JSON text: the value itself when it fits. */
export type JsonPreview = { truncated: false; value: unknown } | { truncated: true; text: string; totalChars: number };

/** Preview `value`: whole when its JSON is at most `maxChars` characters, else the first `maxChars`. */
export function jsonPreview(value: unknown, maxChars = 2000): JsonPreview {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = String(value);
  }
  if (text === undefined) return { truncated: false, value: null };
  if (text.length <= maxChars) return { truncated: false, value };
  return { truncated: true, text: text.slice(0, maxChars), totalChars: text.length };
}

/** Length of the JSON text of `value` (0 when it has none). */
export function jsonSize(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}
