/**
 * Characters that drive a terminal or disguise text: C0 and C1 controls, DEL, and the bidi
 * overrides/isolates. Text from a data dir, a folder name or a price table may hold them;
 * nothing the inspector prints or names should.
 */

/** Every unsafe character (global: for replace). */
export const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** True when `text` holds none of them. */
export function hasNoControlChars(text: string): boolean {
  return !/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(text);
}

/** `text` with every unsafe character shown as `\u{XX}` (`\n` and `\t` as `\n` `\t` unless kept). */
export function escapeControlChars(text: string, keep: { newlines?: boolean } = {}): string {
  return text.replace(UNSAFE_CHARS, (c) => {
    if (keep.newlines && (c === '\n' || c === '\t')) return c;
    return c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u{${c.charCodeAt(0).toString(16)}}`;
  });
}
