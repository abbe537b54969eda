/**
 * Draining a synchronous iterator (SQLite rows) without holding the event loop: in slices,
 * yielding between them, so IPC, HTTP and the worker's next request keep flowing on big runs.
 */

/** Items per slice: about 10-20 ms of decoding on these machines. */
export const SLICE = 2000;

/** Let queued I/O and timers run. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Hand every item of `items` to `each`, yielding to the event loop after each slice of `slice`
 * items (or awaiting `turn`, which yields too); false as soon as `stop()` (asked after each slice)
 * says the rest is no longer wanted, else true.
 */
export async function drainInSlices<T>(items: Iterable<T>, each: (item: T) => void, stop?: () => boolean, slice = SLICE, turn: () => Promise<void> = yieldToLoop): Promise<boolean> {
  let sinceYield = 0;
  for (const item of items) {
    each(item);
    if (++sinceYield < slice) continue;
    sinceYield = 0;
    await turn();
    if (stop?.() === true) return false;
  }
  return true;
}
