/**
 * Compare, in one place: this run against another (the baseline, chosen by the picker or in the
 * run list) aligned step by step, and this run's own checks (replay vs live, resume audit). As of
 * an event (time travel) this run's side and its checks are the run at that event.
 */
import { useMemo } from 'react';
import type { RunHead } from '../../../shared/run/run-head-types';
import { runBase, type Route } from '../../routing/route';
import { useLibraryStore } from '../../stores/library-store';
import { requestOf } from '../../stores/run-store';
import { useRunDiff } from '../../stores/use-run-diff';
import { AgainstPicker, dirLabelOf, resolveAgainst } from './against-picker';
import { DiffSection } from './diff-section';
import { RunChecks } from './run-checks';
import './compare.css';
import '../crash/crash.css';

type RunRoute = Extract<Route, { view: 'run' }>;

export function CompareView({ detail, route }: { detail: RunHead; route: RunRoute }) {
  const snapshot = useLibraryStore((s) => s.snapshot);
  const run = snapshot?.runs.find((r) => r.dataDir === detail.ref.dataDir && r.runId === detail.ref.runId) ?? null;
  const against = snapshot && route.against ? resolveAgainst(snapshot, route.against) : null;
  const aRef = useMemo(() => (against ? { dataDir: against.dataDir, runId: against.runId } : null), [against?.dataDir, against?.runId]);
  const bRef = useMemo(() => requestOf(detail.ref), [detail.ref.dataDir, detail.ref.runId, detail.ref.at]);
  const { load, shown: last } = useRunDiff(aRef, bRef);
  // The last diff stays on screen while the next is computed, but only for the same two runs.
  const shown = last && against && last.diff.a.runId === against.runId && last.diff.a.dataDir === against.dataDir && last.diff.b.runId === detail.ref.runId ? last : null;

  return (
    <div className="cmp-view">
      {snapshot && run && <AgainstPicker snapshot={snapshot} run={run} route={route} />}
      <section className="cmp-section" aria-labelledby="cmp-diff-h">
        <h3 id="cmp-diff-h">
          {against ? (
            <>
              A <span className="mono">{against.runId}</span> → B <span className="mono">{detail.ref.runId}</span>
              {detail.ref.at !== undefined && <span className="muted"> as of #{detail.ref.at}</span>}
            </>
          ) : (
            'Run diff'
          )}
        </h3>
        {route.against && !against && (
          <p role="alert" className="error">
            No run <code>{route.against.runId}</code>
            {route.against.dir ? ` in ${route.against.dir}` : ''} in the opened folder.
          </p>
        )}
        {!route.against && <p className="muted">Pick a run to compare this one with: the deltas read B (this run) − A (the other).</p>}
        {load.phase === 'loading' && <p className="muted" role="status">Reading and folding both runs…</p>}
        {load.phase === 'error' && (
          <p role="alert" className="error">
            <strong>{load.error.code}</strong>: {load.error.message}
          </p>
        )}
        {shown && aRef && against && snapshot && (
          <DiffSection
            view={shown}
            a={{ ref: aRef, address: { view: 'run', runId: against.runId, dir: dirLabelOf(snapshot, against), tab: 'overview' } }}
            b={{ ref: bRef, address: { ...runBase(route), tab: 'overview' } }}
          />
        )}
      </section>
      <section className="cmp-section" aria-labelledby="cmp-checks-h">
        <h3 id="cmp-checks-h">Checks of this run: replay vs live, resume audit</h3>
        <RunChecks detail={detail} at={runBase(route)} />
      </section>
    </div>
  );
}
