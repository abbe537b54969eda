/** The app frame: header with the open action, then the library or a run; the keyboard layer. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from './api';
import { libraryError, useLibraryStore } from './stores/library-store';
import { receivePush } from './stores/live-store';
import { listenToHash, useRouteStore } from './stores/route-store';
import { KeyboardLayer } from './keyboard/keyboard-layer';
import { exportOpenRun } from './keyboard/keyboard-registry';
import { LibraryView } from './views/library/library-view';
import { RunView } from './views/run/run-view';
import { SessionView } from './views/sessions/session-view';
import { FleetView } from './views/fleet/fleet-view';
import { OpenBar } from './views/open-bar';
import { OpeningStatus } from './views/opening-status';
import { receiveOtlpProgress } from './stores/otlp-send-store';
import { SendDialog } from './views/otlp/send-dialog';
import { receiveIndexStatus } from './stores/fleet-search-store';
import { SearchButton, SearchDialog } from './views/search/search-dialog';
import type { PushMessage } from '../shared/contract';
import { ToastRegion } from './views/toasts/toast-region';
import { ThemeControl } from './views/theme-control';

/** Where a push goes: File > Export report… exports the shown run, OTLP progress to the send dialog, index progress to search, opening progress to the open bar, the rest to the live store. */
function routePush(message: PushMessage): void {
  if (message.kind === 'menu.exportRun') void exportOpenRun();
  else if (message.kind === 'otlp.progress') receiveOtlpProgress(message.progress);
  else if (message.kind === 'fleet.indexing') receiveIndexStatus(message.status);
  // Opening progress goes to the open bar at once (not batched: it is one line, latest wins).
  else if (message.kind === 'library.opening') useLibraryStore.getState().receiveOpening(message.progress);
  else receivePush(message);
}

/** The whole app. */
export function App() {
  const { phase, error, init } = useLibraryStore(useShallow((s) => ({ phase: s.opening.phase, error: libraryError(s), init: s.init })));
  const route = useRouteStore((s) => s.route);
  // A shared bundle's page opens nothing: it holds one run.
  const inBundle = useLibraryStore((s) => s.appInfo?.mode === 'bundle');
  useEffect(() => listenToHash(), []);
  useEffect(() => {
    void init();
    // The one push subscription: live changes are batched per animation frame by the live store.
    return api.subscribe(routePush);
  }, [init]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Little Inspector</h1>
        {!inBundle && <OpenBar />}
        {!inBundle && <SearchButton />}
        {!inBundle && <ThemeControl />}
      </header>
      {!inBundle && <OpeningStatus />}
      <main className="app-main" aria-busy={phase === 'loading'}>
        {error && (
          <div role="alert" className="error">
            <strong>{error.code}</strong>: {error.message}
          </div>
        )}
        {route.view === 'run' ? <RunView route={route} /> : route.view === 'session' ? <SessionView route={route} /> : route.view === 'fleet' ? <FleetView tab={route.tab} /> : <LibraryView />}
      </main>
      <KeyboardLayer />
      <SendDialog />
      <ToastRegion />
      {!inBundle && <SearchDialog />}
    </div>
  );
}
