/**
 * The smallest and largest of some numbers, in one pass. `Math.min(...values)` passes every value
 * as an argument and throws "Maximum call stack size exceeded" past about 125,000 of them (a long
 * session's marks, a big run's wanted sequences), so lists that grow with a log use this instead.
 */

/** Min and max of `values` (NaN skipped), or null when there is none. */
export function extent(values: Iterable<number>): { min: number; max: number } | null {
  let found: { min: number; max: number } | null = null;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    if (found === null) found = { min: value, max: value };
    else if (value < found.min) found.min = value;
    else if (value > found.max) found.max = value;
  }
  return found;
}
