/** The run list of the opened root: a plain table grouped by data dir (real views come later). */
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../shared/library';
import { StatusBadge } from '../components/status-badge';
import { formatCost, formatCount, formatTime } from '../format';
import { formatRoute } from '../routing/route';

export function RunList({ snapshot }: { snapshot: LibrarySnapshot }) {
  if (snapshot.runs.length === 0) {
    return <p className="empty">No runs in {snapshot.root}.</p>;
  }
  return (
    <div className="run-groups">
      {orderDataDirs(snapshot.dataDirs).map((dir) => {
        const runs = snapshot.runs.filter((run) => run.dataDir === dir.path);
        return (
          <section key={dir.path} className="run-group" aria-label={`Data directory ${dir.label}`}>
            <h2>
              {dir.label}
              <span className="muted"> · {dir.kind}{dir.sessionKey ? ` ${dir.sessionKey}` : ''} · {runs.length} run{runs.length === 1 ? '' : 's'}</span>
            </h2>
            {runs.length > 0 && <RunTable runs={runs} runHref={(run) => formatRoute({ view: 'run', runId: run.runId, dir: ambiguous(snapshot, run.runId) ? dir.label : null, tab: 'overview' })} />}
          </section>
        );
      })}
    </div>
  );
}

function RunTable({ runs, runHref }: { runs: RunSummary[]; runHref(run: RunSummary): string }) {
  return (
    <table className="runs">
      <thead>
        <tr>
          <th scope="col">Run</th>
          <th scope="col">Status</th>
          <th scope="col" className="num">Events</th>
          <th scope="col">Started</th>
          <th scope="col">Last event</th>
          <th scope="col" className="num">Tokens in/out</th>
          <th scope="col" className="num">Cost</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.runId} data-run-id={run.runId}>
            <td className="mono">
              {run.parentRunId && <span className="muted" title={`sub-run of ${run.parentRunId}`}>↳ </span>}
              <a href={runHref(run)}>{run.runId}</a>
              {run.label && <span className="muted"> · {run.label}</span>}
            </td>
            <td><StatusBadge run={run} /></td>
            <td className="num">{formatCount(run.eventCount)}</td>
            <td>{formatTime(run.startedAt)}</td>
            <td className="mono">{run.lastEventType ?? '—'}</td>
            <td className="num">{formatCount(run.inputTokens)} / {formatCount(run.outputTokens)}</td>
            <td className="num">{formatCost(run.costUsd)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// Plain Local Worlds first, then the nested harness worlds, each by path.
const KIND_ORDER: Record<DataDirInfo['kind'], number> = { workflow: 0, 'harness-session': 1, 'harness-dynamic': 2 };
function orderDataDirs(dirs: readonly DataDirInfo[]): DataDirInfo[] {
  return [...dirs].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.label.localeCompare(b.label));
}

function ambiguous(snapshot: LibrarySnapshot, runId: string): boolean {
  return snapshot.runs.filter((r) => r.runId === runId).length > 1;
}
