/**
 * `list` with `item` added, for the lists a fold keeps per item (a session's turns, a turn's
 * sequences): most hold one to three numbers for the rest of the fold. A `push` onto a short array
 * gives it room for 17 (V8 grows a backing store to old + old/2 + 16, and `slice` or a spread
 * followed by a push do the same), so on a 200,000-event run those spare slots were ~20 MB of a
 * ~105 MB accumulator, copied by every young-generation collection they survived. A short list is
 * therefore replaced by an exact-size copy (callers assign the result); from `SHORT` items on it
 * grows in place, so a long list still appends in amortised O(1).
 */
const SHORT = 8;

/** `list` with `item` appended: a new exact-size array while `list` is short, else `list` itself. */
export function appended<T>(list: T[], item: T): T[] {
  const length = list.length;
  if (length >= SHORT) {
    list.push(item);
    return list;
  }
  // `new Array(n)` allocates exactly n slots; filling them all leaves no hole.
  const out = new Array<T>(length + 1);
  for (let i = 0; i < length; i += 1) out[i] = list[i]!;
  out[length] = item;
  return out;
}
