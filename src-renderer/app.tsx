/** The app frame: header with the open action, then the welcome text or the run list. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from './api';
import { useLibraryStore } from './stores/library-store';
import { listenToHash, useRouteStore } from './stores/route-store';
import { RunView } from './views/run/run-view';
import { OpenBar } from './views/open-bar';
import { PricingBar } from './views/pricing-bar';
import { RunList } from './views/run-list';

export function App() {
  const { phase, snapshot, error, init, receive } = useLibraryStore(
    useShallow((s) => ({ phase: s.phase, snapshot: s.snapshot, error: s.error, init: s.init, receive: s.receive })),
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
        {phase === 'loading' && <p className="loading" role="status">Loading…</p>}
        {route.view === 'run' ? (
          <RunView route={route} />
        ) : snapshot ? (
          <>
            <p className="root-line">
              <span className="muted">Opened</span> <span className="mono">{snapshot.root}</span>
              <span className="muted"> · {snapshot.dataDirs.length} data dir{snapshot.dataDirs.length === 1 ? '' : 's'} · {snapshot.runs.length} runs</span>
            </p>
            <PricingBar pricing={snapshot.pricing} />
            <RunList snapshot={snapshot} />
          </>
        ) : (
          phase !== 'loading' && (
            <section className="welcome">
              <h2>Open a little-workflow data directory</h2>
              <p>
                Point the inspector at a <code>.little-workflow</code> folder, a project folder holding one, or a
                <code> .little-harness</code> tree. Nothing is ever written to it.
              </p>
            </section>
          )
        )}
      </main>
    </div>
  );
}
