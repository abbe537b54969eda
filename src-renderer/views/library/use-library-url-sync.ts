/** Keep the library view store and the URL hash query in step, both ways, without loops. */
import { useEffect } from 'react';
import { formatRoute, type Route } from '../../routing/route';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { useRouteStore } from '../../stores/route-store';
import { formatLibraryQuery, parseLibraryQuery, type LibraryQuery } from '../../stores/library-query';

/** The library route for `query` (no `?` part when nothing is set). */
export function libraryRoute(query: LibraryQuery): Route {
  const params = formatLibraryQuery(query);
  return Object.keys(params).length > 0 ? { view: 'library', query: params } : { view: 'library' };
}

/**
 * URL → store when the address changes (reload, Back, a pasted link); store → URL with
 * `replace` on every filter change, so typing in the search field does not flood history.
 */
export function useLibraryUrlSync(): void {
  const routeQuery = useRouteStore((s) => (s.route.view === 'library' ? s.route.query : undefined));
  const routeKey = new URLSearchParams(routeQuery ?? {}).toString();

  useEffect(() => {
    useLibraryViewStore.getState().hydrate(parseLibraryQuery(Object.fromEntries(new URLSearchParams(routeKey))));
  }, [routeKey]);

  useEffect(
    () =>
      useLibraryViewStore.subscribe((state, previous) => {
        if (state.query === previous.query) return;
        const { route, replace } = useRouteStore.getState();
        if (route.view !== 'library') return;
        const next = libraryRoute(state.query);
        if (formatRoute(next) !== formatRoute(route)) replace(next);
      }),
    [],
  );
}
