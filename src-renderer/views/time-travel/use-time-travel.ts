/**
 * The run view's time travel: move the address's `at` (one event, one step boundary, anywhere)
 * and answer `[` `]` `{` `}` while the view is mounted. Keys and drags replace the address (Back
 * is not flooded); "back to now" and jumps push it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { latestWins } from '../../../shared/async/latest-wins';
import type { Route } from '../../routing/route';
import { registerTimeTravel, type TimeMove } from '../../keyboard/keyboard-registry';
import { useRouteStore } from '../../stores/route-store';
import { seekStepBoundary } from '../../stores/run-pieces';
import { moveByEvent, routeAt, seekOrigin } from './time-travel';

type RunRoute = Extract<Route, { view: 'run' }>;

export type TimeTravel = {
  /** Show the run as of `at` (undefined: now); `push` adds a history entry. */
  goTo(at: number | undefined, push?: boolean): void;
  move(move: TimeMove): void;
};

/** Time travel over run `runRef` (its data dir and id) whose log has `last` events. */
export function useTimeTravel(route: RunRoute, runRef: { dataDir: string; runId: string } | null, last: number): TimeTravel {
  const live = useRef({ route, runRef, last });
  live.current = { route, runRef, last };
  const seeks = useRef(latestWins());

  const goTo = useCallback((at: number | undefined, push = false) => {
    const next = routeAt(live.current.route, at);
    const store = useRouteStore.getState();
    if (push) store.navigate(next);
    else store.replace(next);
  }, []);

  const move = useCallback(
    (step: TimeMove) => {
      const { route: now, runRef: ref, last: count } = live.current;
      if (step.unit === 'event') {
        goTo(moveByEvent(now.at, count, step.direction));
        return;
      }
      const from = seekOrigin(now.at, count, step.direction);
      if (from === null || ref === null) return;
      const ticket = seeks.current.begin();
      void seekStepBoundary(ref, from, step.direction < 0 ? 'previous' : 'next').then((found) => {
        // A later key press wins; no boundary that way keeps the position.
        if (ticket.current() && found.ok && found.value !== null) goTo(found.value);
      });
    },
    [goTo],
  );

  useEffect(() => registerTimeTravel(move), [move]);
  return { goTo, move };
}
