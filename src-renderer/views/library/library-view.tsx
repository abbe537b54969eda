/**
 * The library screen: what is open, the price table, the filters and the run list, plus its
 * welcome, loading, error, empty and no-match states (all in the same frame, so nothing jumps).
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LibrarySnapshot } from '../../../shared/library';
import { useLibraryStore } from '../../stores/library-store';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { PricingBar } from '../pricing-bar';
import { SessionsPanel } from '../sessions/sessions-panel';
import { FilterBar } from './filter-bar';
import { DISPLAY_STATUSES, type DisplayStatus } from '../../../shared/status/display-status';
import { facetValues, queryPredicate, statusCounts } from './run-filters';
import { SendToBackendButton } from '../otlp/send-button';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { LoadingRows } from './loading-rows';
import { RunTable } from './run-table';
import { CompareBar } from './compare-bar';
import { ambiguousRunIds, buildRunTree } from './run-tree';
import { useLibraryUrlSync } from './use-library-url-sync';
import { useRunsWithFindings } from './use-runs-with-findings';
import './library.css';

const NO_COUNTS = Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, 0])) as Record<DisplayStatus, number>;

/** The library branch of the app frame. */
export function LibraryView() {
  useLibraryUrlSync();
  const { opening, snapshot } = useLibraryStore(useShallow((s) => ({ opening: s.opening, snapshot: s.snapshot })));
  if (snapshot) return <LoadedLibrary snapshot={snapshot} reloading={opening.phase === 'loading'} />;
  if (opening.phase === 'loading') {
    return (
      <section className="lib-view" aria-label="Run library" aria-busy="true">
        <p className="lib-root-line muted">
          Opening…
          {/* The loaded line's button, disabled until runs arrive: the frame below keeps its place (no jump). */}
          <SendToBackendButton runs={[]} label="" text="Send all to tracing backend…" />
        </p>
        <FilterBar counts={NO_COUNTS} versions={[]} tags={[]} matched={0} total={0} disabled />
        <LoadingRows />
      </section>
    );
  }
  if (opening.phase === 'error') {
    const { error } = opening;
    return (
      <section className="lib-view lib-state" aria-label="Run library">
        <h2>Nothing could be opened</h2>
        <p>
          The inspector could not read <code>{error.path ?? 'that path'}</code> ({error.code}). Choose another folder with the
          path field above, or press <kbd>Ctrl</kbd> <kbd>O</kbd>.
        </p>
      </section>
    );
  }
  return (
    <section className="lib-view lib-state welcome" aria-label="Run library">
      <h2>Open a little-workflow data directory</h2>
      <p>
        Point the inspector at a <code>.little-workflow</code> folder, a project folder holding one, or a
        <code> .little-harness</code> tree. Nothing is ever written to it. Press <kbd>Ctrl</kbd> <kbd>O</kbd> to open, <kbd>?</kbd> for keys.
      </p>
    </section>
  );
}

function LoadedLibrary({ snapshot: opened, reloading }: { snapshot: LibrarySnapshot; reloading: boolean }) {
  // The runs with their behavioural finding counts (the Findings column, filter and sort).
  const snapshot = useRunsWithFindings(opened);
  const { query, expanded } = useLibraryViewStore(useShallow((s) => ({ query: s.query, expanded: s.expanded })));
  const clear = useLibraryViewStore((s) => s.clearFilters);
  // One clock reading per recompute keeps the time filter stable between renders.
  const tree = useMemo(() => buildRunTree(snapshot, query, expanded, Date.now()), [snapshot, query, expanded]);
  const counts = useMemo(() => statusCounts(snapshot.runs, query, Date.now()), [snapshot, query]);
  const facets = useMemo(() => facetValues(snapshot.runs), [snapshot]);
  const ambiguous = useMemo(() => ambiguousRunIds(snapshot.runs), [snapshot]);
  // "Send to tracing backend…" sends the workflow runs the filters let through (sessions listed as rows are not runs).
  const shown = useMemo(() => snapshot.runs.filter(queryPredicate(query, Date.now())), [snapshot, query]);
  const sendable = useMemo(() => shown.filter((r) => RUN_ID_PATTERN.test(r.runId)), [shown]);
  const dirCount = snapshot.dataDirs.length;
  // "Stopped after N folders": the list may be missing data dirs, and the user should know.
  const stopped = snapshot.diagnostics.find((d) => d.code === 'discovery-stopped');

  return (
    <section className="lib-view" aria-label="Run library" aria-busy={reloading}>
      <p className="lib-root-line">
        <span className="muted">Opened</span> <span className="mono">{snapshot.root}</span>
        <span className="muted"> · {dirCount} data dir{dirCount === 1 ? '' : 's'} · {snapshot.runs.length} run{snapshot.runs.length === 1 ? '' : 's'}</span>
        {reloading && <span className="muted"> · opening…</span>}
        <a className="lib-fleet-link" href="#/fleet">Fleet</a> <a className="lib-fleet-link" href="#/fleet/sql">SQL</a>
        <SendToBackendButton
          runs={sendable}
          label={`${sendable.length} workflow run${sendable.length === 1 ? '' : 's'} ${shown.length === snapshot.runs.length ? 'in the list' : 'matching the filters'}${sendable.length < shown.length ? ` (${shown.length - sendable.length} sessions left out)` : ''}`}
          text={`Send ${shown.length === snapshot.runs.length ? 'all' : sendable.length} to tracing backend…`}
        />
        <span className="lib-key-hint muted">
          <kbd>j</kbd> <kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>x</kbd> mark · <kbd>c</kbd> compare · <kbd>?</kbd> keys
        </span>
      </p>
      {stopped && (
        <p className="lib-discovery-note" role="status">
          {stopped.message}
        </p>
      )}
      <FilterBar counts={counts} versions={facets.versions} tags={facets.tags} matched={tree.matched} total={tree.total} />
      {snapshot.runs.length === 0 ? (
        <div className="lib-state">
          <h2>No runs yet</h2>
          <p>
            {dirCount} data dir{dirCount === 1 ? '' : 's'} found under <code>{snapshot.root}</code>, but no run has written an event. Runs
            appear here as soon as they start.
          </p>
        </div>
      ) : tree.matched === 0 ? (
        <div className="lib-state">
          <h2>No runs match these filters</h2>
          <p>{snapshot.runs.length} runs are hidden by the current filters.</p>
          <button type="button" onClick={clear}>Clear filters</button>
        </div>
      ) : (
        <>
          <CompareBar snapshot={snapshot} />
          <RunTable rows={tree.rows} ambiguous={ambiguous} />
        </>
      )}
      <SessionsPanel root={snapshot.root} />
      {/* Below the list, so the filters stand still from the loading frame to the loaded one. */}
      <PricingBar pricing={snapshot.pricing} />
    </section>
  );
}
