/** The app frame: header with the open action, then the library or a run; the keyboard layer. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from './api';
import { useLibraryStore } from './stores/library-store';
import { listenToHash, useRouteStore } from './stores/route-store';
import { KeyboardLayer } from './keyboard/keyboard-layer';
import { LibraryView } from './views/library/library-view';
import { RunView } from './views/run/run-view';
import { OpenBar } from './views/open-bar';

/** The whole app. */
export function App() {
  const { phase, error, init, receive } = useLibraryStore(
    useShallow((s) => ({ phase: s.phase, error: s.error, init: s.init, receive: s.receive })),
  );
  const route = useRouteStore((s) => s.route);
  useEffect(() => listenToHash(), []);
  useEffect(() => {
    void init();
    return api.subscribe((message) => {
      if (message.kind === 'library.changed') receive(message.snapshot);
    });
  }, [init, receive]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Little Inspector</h1>
        <OpenBar />
      </header>
      <main className="app-main" aria-busy={phase === 'loading'}>
        {error && (
          <div role="alert" className="error">
            <strong>{error.code}</strong>: {error.message}
          </div>
        )}
        {route.view === 'run' ? <RunView route={route} /> : <LibraryView />}
      </main>
      <KeyboardLayer />
    </div>
  );
}
