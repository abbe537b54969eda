/**
 * Time travel's arithmetic, kept pure: where a move lands and the address of a position. A run
 * is shown as of event `at` (1…last) or as it is now (`at` absent); "now" is past the last event,
 * so one event back from now is the last-but-one event and forward from the last event stays.
 */
import type { Route } from '../../routing/route';

type RunRoute = Extract<Route, { view: 'run' }>;

/** The event one step from `at` (undefined: now) in a log of `last` events; undefined means now. */
export function moveByEvent(at: number | undefined, last: number, direction: -1 | 1): number | undefined {
  if (last < 1) return undefined;
  if (at === undefined) return direction < 0 ? Math.max(1, last - 1) : undefined;
  return Math.min(last, Math.max(1, at + direction));
}

/**
 * Where a step-boundary seek starts from: the shown event, or just past the log when showing now
 * (so the last event counts as a boundary behind "now"); null when the move goes nowhere (forward from now).
 */
export function seekOrigin(at: number | undefined, last: number, direction: -1 | 1): number | null {
  if (at !== undefined) return at;
  return direction < 0 ? last + 1 : null;
}

/** `route` moved to `at` (undefined: now), keeping its tab, selection and compare baseline. */
export function routeAt(route: RunRoute, at: number | undefined): RunRoute {
  const { at: _previous, ...rest } = route;
  return at === undefined ? rest : { ...rest, at };
}

/** Clamp a scrubber value to a sequence of the log (1…last). */
export function clampSequence(value: number, last: number): number {
  if (!Number.isFinite(value)) return last;
  return Math.min(Math.max(1, Math.round(value)), Math.max(1, last));
}
