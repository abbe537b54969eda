/** Route domain store: the current address, kept in sync with `location.hash`. */
import { create } from 'zustand';
import { formatRoute, parseRoute, type Route } from '../routing/route';

export type RouteState = {
  route: Route;
  /** Go to `route` (pushes a history entry, so Back works). */
  navigate(route: Route): void;
  /** Show `route` without a new history entry (typing into a filter must not flood Back). */
  replace(route: Route): void;
};

export const useRouteStore = create<RouteState>()((set) => ({
  route: typeof window === 'undefined' ? { view: 'library' } : parseRoute(window.location.hash),
  navigate(route) {
    const hash = formatRoute(route);
    if (window.location.hash !== hash) window.location.hash = hash;
    set({ route });
  },
  replace(route) {
    const hash = formatRoute(route);
    if (window.location.hash !== hash) window.history.replaceState(window.history.state, '', hash);
    set({ route });
  },
}));

/** Follow Back/Forward and pasted links. Returns the unsubscribe. */
export function listenToHash(): () => void {
  const onChange = () => useRouteStore.setState({ route: parseRoute(window.location.hash) });
  window.addEventListener('hashchange', onChange);
  // The address may have changed between the store's creation and this subscription (a link
  // followed while the app was still starting): take it now, or that hashchange is lost.
  if (formatRoute(useRouteStore.getState().route) !== formatRoute(parseRoute(window.location.hash))) onChange();
  return () => window.removeEventListener('hashchange', onChange);
}
