/**
 * One member's text inside a canonical JSON object text, without parsing it: the integrity
 * check hashes a harness manifest or model request as the substring the writer serialised
 * instead of re-serialising the parsed value.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;

/**
 * The text of member `key` of `text`, or undefined when it has none or the text is not shaped
 * like canonical JSON of an object (`canonicalJson`'s output: no whitespace, keys written by
 * JSON.stringify). Only meaningful for text known to be canonical (its hash was checked): the
 * member's text is then `canonicalJson` of the member's value.
 */
export function canonicalMemberText(text: string, key: string): string | undefined {
  if (text.charCodeAt(0) !== 123) return undefined;
  const wanted = JSON.stringify(key);
  let at = 1;
  while (text.charCodeAt(at) === QUOTE) {
    const keyEnd = stringEnd(text, at);
    if (keyEnd < 0 || text.charCodeAt(keyEnd) !== COLON) return undefined;
    const valueEnd = valueEndAt(text, keyEnd + 1);
    if (valueEnd < 0) return undefined;
    if (keyEnd - at === wanted.length && text.startsWith(wanted, at)) return text.slice(keyEnd + 1, valueEnd);
    if (text.charCodeAt(valueEnd) !== COMMA) return undefined;
    at = valueEnd + 1;
  }
  return undefined;
}

// Index just past the string starting at `start` (a quote), or -1.
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    // A quote preceded by an odd run of backslashes is escaped.
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}

// Index just past the value starting at `start`, or -1.
function valueEndAt(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== 123 && first !== 91) {
    // A number or a literal: it runs to the next separator.
    let at = start;
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === COMMA || c === 125 || c === 93) break;
      at += 1;
    }
    return at > start ? at : -1;
  }
  let depth = 0;
  let at = start;
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c === QUOTE) {
      at = stringEnd(text, at);
      if (at < 0) return -1;
      continue;
    }
    if (c === 123 || c === 91) depth += 1;
    else if (c === 125 || c === 93) {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
    at += 1;
  }
  return -1;
}
