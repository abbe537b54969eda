/**
 * Tail following for a growing virtual list: while on (and the list grows), every new row
 * scrolls the list to its end; scrolling away from the end pauses it, scrolling back to the
 * end resumes it, and the Pause/Follow button flips it by hand. A pause by the button holds
 * until Follow: a follow-scroll still landing after the click must not turn following back on.
 */
import { useCallback, useEffect, useRef, useState, type UIEvent } from 'react';

/** Rows from the end that still count as "at the bottom". */
const SLACK_ROWS = 1.5;

/** Inputs: whether rows are coming in, how many there are, the row height, and the list's scroll target setter. */
export type FollowTailOptions = { growing: boolean; rowCount: number; rowHeight: number; initiallyOn: boolean; scrollTo(index: number | null): void };

/** State and handlers of tail following. */
export function useFollowTail({ growing, rowCount, rowHeight, initiallyOn, scrollTo }: FollowTailOptions) {
  const [follow, setFollow] = useState(initiallyOn);
  // Paused by the button: only the button resumes (scrolling back to the end does not).
  const held = useRef(false);
  useEffect(() => {
    if (follow && growing && rowCount > 0) scrollTo(rowCount - 1);
  }, [follow, growing, rowCount, scrollTo]);
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      const el = event.currentTarget;
      const atBottom = el.scrollTop + el.clientHeight >= el.scrollHeight - rowHeight * SLACK_ROWS;
      if (!atBottom) {
        setFollow(false);
        // Forget the last scroll target, or the list would jump back to it as rows arrive.
        scrollTo(null);
      } else if (growing && !held.current) setFollow(true);
    },
    [growing, rowHeight, scrollTo],
  );
  const toggle = useCallback(
    () =>
      setFollow((on) => {
        held.current = on;
        return !on;
      }),
    [],
  );
  // Set from outside (a jump to an event pauses; scrolling back to the end resumes).
  const set = useCallback((on: boolean) => {
    if (on) held.current = false;
    setFollow(on);
  }, []);
  return { follow, setFollow: set, toggle, onScroll };
}
