/**
 * A nesting limit for JSON read from a data dir. `JSON.parse` accepts any depth, but
 * `JSON.stringify` (IPC, HTTP, `little events` lines) and every recursive walk after it
 * overflow the stack somewhere past a few thousand levels; a hostile or corrupt payload
 * 10,000 levels deep must become a diagnostic at the door, not a RangeError later.
 */

/** Deepest nesting of objects/arrays accepted from disk (real payloads stay far below). */
export const MAX_JSON_DEPTH = 1000;

/**
 * True when `text` nests brackets deeper than `limit` (strings are skipped, escapes
 * honoured). Texts shorter than `limit` characters cannot, so they cost nothing.
 */
export function jsonTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  if (text.length <= limit) return false;
  // Nesting deeper than `limit` needs more than `limit` opening brackets. Counting them with
  // indexOf (native, skipping the long string runs of message bodies) clears almost every big
  // payload without the character loop below.
  if (openersAtMost(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}

/** The message used when a text is refused for its depth. */
export function tooDeepMessage(limit = MAX_JSON_DEPTH): string {
  return `JSON nested deeper than ${limit} levels; not decoded`;
}

// True when `text` holds at most `limit` of '{' and '[' together (strings included: an upper bound).
function openersAtMost(text: string, limit: number): boolean {
  let count = 0;
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      if (++count > limit) return false;
    }
  }
  return true;
}
