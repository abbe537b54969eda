/**
 * Which run this one is compared with: the previous run of its workflow version, the previous
 * cycle of its outer loop, or any run of any open data dir. The choice goes into the address
 * (`?against=`), so a comparison is a deep link.
 */
import type { LibrarySnapshot, RunSummary } from '../../../shared/library';
import type { Route, RunAgainst } from '../../routing/route';
import { useRouteStore } from '../../stores/route-store';
import { previousCycle, previousOfVersion } from '../../stores/compare-candidates';
import { runDisplayStatus } from '../../../shared/status/display-status';

type Props = { snapshot: LibrarySnapshot; run: RunSummary; route: Extract<Route, { view: 'run' }> };

/** The data dir label of `run` in `snapshot`. */
export function dirLabelOf(snapshot: LibrarySnapshot, run: Pick<RunSummary, 'dataDir'>): string | null {
  return snapshot.dataDirs.find((d) => d.path === run.dataDir)?.label ?? null;
}

/** The baseline `against` names, resolved in `snapshot` (by data dir label when given). */
export function resolveAgainst(snapshot: LibrarySnapshot, against: RunAgainst): RunSummary | null {
  const dir = against.dir === null ? null : snapshot.dataDirs.find((d) => d.label === against.dir)?.path;
  return snapshot.runs.find((r) => r.runId === against.runId && (dir === null || r.dataDir === dir)) ?? null;
}

export function AgainstPicker({ snapshot, run, route }: Props) {
  const navigate = useRouteStore((s) => s.navigate);
  const choose = (other: RunSummary | null) => {
    const { against: _old, ...rest } = route;
    navigate(other === null ? rest : { ...rest, tab: 'compare', against: { runId: other.runId, dir: dirLabelOf(snapshot, other) } });
  };
  const version = previousOfVersion(snapshot.runs, run);
  const cycle = previousCycle(snapshot.runs, run);
  const chosen = route.against ? resolveAgainst(snapshot, route.against) : null;
  const others = snapshot.runs.filter((r) => !(r.dataDir === run.dataDir && r.runId === run.runId));
  const valueOf = (r: RunSummary) => `${r.dataDir}\u0000${r.runId}`;

  return (
    <div className="cmp-picker" role="group" aria-label="Compare with">
      <span className="muted">Compare with</span>
      <button type="button" disabled={version === null} onClick={() => choose(version)} title={version ? `${version.runId}, started ${version.startedAt ?? '?'}` : 'No earlier run of this workflow version'}>
        Previous run of this workflow version{version ? <span className="mono"> ({version.runId})</span> : ''}
      </button>
      {run.outerLoopId !== null && (
        <button type="button" disabled={cycle === null} onClick={() => cycle && choose(cycle.run)}>
          {cycle ? <>Cycle {cycle.cycle} (N−1) <span className="mono">({cycle.run.runId})</span></> : 'No earlier cycle of this outer loop'}
        </button>
      )}
      <label>
        <span className="visually-hidden">Any run of any open data dir</span>
        <select
          value={chosen ? valueOf(chosen) : ''}
          onChange={(e) => choose(others.find((r) => valueOf(r) === e.target.value) ?? null)}
          aria-label="Any run of any open data dir"
        >
          <option value="">Any run…</option>
          {snapshot.dataDirs.map((dir) => {
            const runs = others.filter((r) => r.dataDir === dir.path);
            return runs.length === 0 ? null : (
              <optgroup key={dir.path} label={dir.label}>
                {runs.map((r) => (
                  <option key={valueOf(r)} value={valueOf(r)}>
                    {r.runId} · {runDisplayStatus(r)}
                    {r.label ? ` · ${r.label}` : ''}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </label>
      {route.against && (
        <button type="button" onClick={() => choose(null)}>
          Clear
        </button>
      )}
    </div>
  );
}
