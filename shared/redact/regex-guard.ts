/**
 * Refuses user regexes that could take exponential time on a hostile log (JavaScript regexes
 * backtrack and have no time limit): nested repeats like `(a+)+`, long repeats of alternations
 * like `(a|ab)*`, and back-references. Also refuses patterns that can match nothing (they would
 * "redact" empty strings between every character). The check is syntactic and conservative:
 * a safe pattern it refuses can always be rewritten (a character class, a bounded repeat).
 */

/** Longest user pattern accepted. */
export const MAX_PATTERN_LENGTH = 500;
/** Most repeats of a group holding an alternation. */
export const MAX_ALTERNATION_REPEAT = 10;

/** Why `source` is unsafe, or null when it passes. */
export function unsafeRegexReason(source: string): string | null {
  if (source.length === 0) return 'the pattern is empty';
  if (source.length > MAX_PATTERN_LENGTH) return `the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  type Group = { quantified: boolean; alternation: boolean; start: number };
  const stack: Group[] = [{ quantified: false, alternation: false, start: 0 }];
  let i = 0;
  // What the last atom was, for the quantifier that may follow it.
  let lastGroup: Group | null = null;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return `back-references (\\${next}…) are not allowed: they can take exponential time`;
      i += next === 'u' && source[i + 2] === '{' ? source.indexOf('}', i) + 1 || source.length : 2;
      lastGroup = null;
      continue;
    }
    if (c === '[') {
      i = classEnd(source, i);
      lastGroup = null;
      continue;
    }
    if (c === '(') {
      stack.push({ quantified: false, alternation: false, start: i });
      i += 1;
      lastGroup = null;
      continue;
    }
    if (c === ')') {
      if (stack.length === 1) return `an unmatched ) at character ${i + 1}`;
      lastGroup = stack.pop()!;
      // A group holding a repeat or an alternation makes every group around it hold one too.
      const parent = stack[stack.length - 1];
      parent.quantified ||= lastGroup.quantified;
      parent.alternation ||= lastGroup.alternation;
      i += 1;
      continue;
    }
    if (c === '|') {
      stack[stack.length - 1].alternation = true;
      i += 1;
      lastGroup = null;
      continue;
    }
    const quantifier = quantifierAt(source, i);
    if (quantifier !== null) {
      const top = stack[stack.length - 1];
      if (lastGroup !== null) {
        if (lastGroup.quantified && quantifier.max > 1) return `a repeated group holds a repeat (like (a+)+) at character ${lastGroup.start + 1}: this can take exponential time`;
        if (lastGroup.alternation && quantifier.max > MAX_ALTERNATION_REPEAT) {
          return `a group with | repeated more than ${MAX_ALTERNATION_REPEAT} times at character ${lastGroup.start + 1}: this can take exponential time (use a character class or {0,${MAX_ALTERNATION_REPEAT}})`;
        }
        if (lastGroup.quantified || lastGroup.alternation) top.quantified = true;
      }
      if (quantifier.max > 1) top.quantified = true;
      i = quantifier.end;
      lastGroup = null;
      continue;
    }
    i += 1;
    lastGroup = null;
  }
  if (stack.length > 1) return 'an unclosed (';
  return null;
}

/** A quantifier at `i` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), or null. */
function quantifierAt(source: string, i: number): { max: number; end: number } | null {
  const c = source[i];
  const lazy = (end: number) => (source[end] === '?' ? end + 1 : end);
  if (c === '*' || c === '+') return { max: Infinity, end: lazy(i + 1) };
  if (c === '?') return { max: 1, end: i + 1 };
  if (c !== '{') return null;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  if (m === null) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { max, end: lazy(i + m[0].length) };
}

/** The index just past the character class opening at `i`. */
function classEnd(source: string, i: number): number {
  let j = i + 1;
  if (source[j] === '^') j += 1;
  if (source[j] === ']') j += 1;
  while (j < source.length && source[j] !== ']') j += source[j] === '\\' ? 2 : 1;
  return j + 1;
}
