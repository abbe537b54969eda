/**
 * "The latest load wins": a load that started before another one must not overwrite what the
 * later one set, even when it finishes last. Every place that loads in the background and
 * applies the answer (the library's opens and reloads, the renderer's run store) uses this.
 */

/** A load's ticket: `current()` is true while no later load has begun (or the loads were cancelled). */
export type LoadTicket = { current(): boolean };

/** One sequence of loads of the same thing. */
export type LatestWins = {
  /** Start a load; keep its ticket and check it before applying the answer. */
  begin(): LoadTicket;
  /** Make every started load stale (e.g. the thing was closed). */
  cancel(): void;
};

/** A new sequence of loads. */
export function latestWins(): LatestWins {
  let latest = 0;
  return {
    begin() {
      const mine = ++latest;
      return { current: () => mine === latest };
    },
    cancel() {
      latest += 1;
    },
  };
}
