/**
 * JSON parsing that keeps integers beyond 2^53 exact.
 *
 * loopctl writes `result_hash` as a u64; `JSON.parse` would round it. Node 20 has no
 * `JSON.parse` source-text access, and a full hand-written parser is slower than the
 * native one on the long `query` strings these ledgers hold. So a line goes through a
 * cheap regex first (no run of 16 digits: plain `JSON.parse`), and only otherwise through a
 * scan that skips string literals and rewrites each unsafe integer token into a tagged
 * object `{"\u0000bigint":"<digits>"}` before `JSON.parse`. The key starts with U+0000,
 * which no loopctl field name carries, so a tag cannot be confused with real data.
 */

/** Key of the tag object an unsafe integer becomes. */
export const BIG_INT_KEY = '\u0000bigint';

/** An integer too large for a JS number, kept as its exact decimal text. */
export type BigIntText = { readonly [BIG_INT_KEY]: string };

/** True for the tag object `parseLosslessJson` puts where an unsafe integer stood. */
export function isBigIntText(value: unknown): value is BigIntText {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === BIG_INT_KEY && typeof (value as Record<string, unknown>)[BIG_INT_KEY] === 'string';
}

const MAYBE_UNSAFE = /\d{16}/;
const TAG_OPEN = `{"\\u0000bigint":"`;

/** Parse JSON text; integers outside ±(2^53-1) become `BigIntText`. Throws like `JSON.parse` on bad JSON. */
export function parseLosslessJson(text: string): unknown {
  if (!MAYBE_UNSAFE.test(text)) return JSON.parse(text);
  return JSON.parse(tagUnsafeIntegers(text));
}

/** Rewrite unsafe integer tokens outside string literals into tag objects (other text unchanged). */
export function tagUnsafeIntegers(text: string): string {
  let out = '';
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip a string literal, honouring backslash escapes.
      i++;
      while (i < n) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i += 2;
        else if (s === 0x22) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n && isNumberChar(text.charCodeAt(i))) i++;
      const token = text.slice(start, i);
      if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copied, start)}${TAG_OPEN}${token}"}`;
        copied = i;
      }
      continue;
    }
    i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function isNumberChar(c: number): boolean {
  // digits . e E + -
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
