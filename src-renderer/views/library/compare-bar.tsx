/**
 * The run list's "Compare" bar: shows the runs picked with their checkboxes (or marked with
 * `x`) and opens the compare view of the two (the later-started run compared against the
 * earlier one; `c` does too), or sends the picked runs to a tracing backend.
 */
import { useEffect } from 'react';
import type { LibrarySnapshot } from '../../../shared/library';
import { useLibraryViewStore } from '../../stores/library-view-store';
import { useRouteStore } from '../../stores/route-store';
import { baselineFirst } from '../../stores/compare-candidates';
import { dirLabelOf } from '../compare/against-picker';
import { SendToBackendButton } from '../otlp/send-button';
import { registerCompare } from '../../keyboard/keyboard-registry';

export function CompareBar({ snapshot }: { snapshot: LibrarySnapshot }) {
  const picked = useLibraryViewStore((s) => s.picked);
  const clear = useLibraryViewStore((s) => s.clearPicks);
  const navigate = useRouteStore((s) => s.navigate);
  const runs = picked.flatMap((p) => snapshot.runs.filter((r) => r.dataDir === p.dataDir && r.runId === p.runId));
  const compare = () => {
    const [a, b] = baselineFirst(runs[0]!, runs[1]!);
    clear();
    navigate({ view: 'run', runId: b.runId, dir: dirLabelOf(snapshot, b), tab: 'compare', against: { runId: a.runId, dir: dirLabelOf(snapshot, a) } });
  };
  // `c` compares only once two runs are marked (registered while they are).
  const ready = runs.length === 2;
  const latest = { compare };
  useEffect(() => (ready ? registerCompare(() => latest.compare()) : undefined));
  if (runs.length === 0) return null;
  return (
    <div className="lib-compare-bar" role="region" aria-label="Compare runs">
      <span>
        {runs.length === 1 ? 'Pick one more run to compare with ' : 'Compare '}
        {runs.map((r, i) => (
          <span key={`${r.dataDir}\u0000${r.runId}`}>
            {i > 0 && ' and '}
            <span className="mono">{r.runId}</span>
          </span>
        ))}
      </span>
      <button type="button" disabled={runs.length !== 2} onClick={compare}>
        Compare
      </button>
      <SendToBackendButton runs={runs} label={`${runs.length} picked run${runs.length === 1 ? '' : 's'}`} text={`Send ${runs.length === 1 ? 'it' : 'both'} to tracing backend…`} />
      <button type="button" onClick={clear}>
        Clear
      </button>
    </div>
  );
}
