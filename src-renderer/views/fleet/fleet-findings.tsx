/**
 * The Fleet view's "Most common findings" (issue 36): the behaviour scan of every run under the
 * root (`library.scan`, the same answer the run list's Findings column reads, so opening the
 * Fleet view after the list scans nothing again), one row per kind and severity, most runs first
 * (shared/scan/fleet-findings.ts `commonFleetFindings`). A kind links to the run list filtered
 * to it; the example links to its run (a harness session's view for a session).
 */
import type { LibrarySnapshot } from '../../../shared/library';
import type { CommonFinding } from '../../../shared/scan/scan-types';
import { formatRoute } from '../../routing/route';
import { useLibraryStore } from '../../stores/library-store';
import { useLibraryScan } from '../../stores/scan-store';
import { costText } from './fleet-links';

export function FleetFindings() {
  const snapshot = useLibraryStore((s) => s.snapshot);
  return snapshot === null ? null : <FleetFindingsOf snapshot={snapshot} />;
}

function FleetFindingsOf({ snapshot }: { snapshot: LibrarySnapshot }) {
  const { library } = useLibraryScan(snapshot);
  const caption = <caption>Most common findings</caption>;
  if (library.phase === 'error') return <p role="alert" className="error">Behaviour scan: <strong>{library.error.code}</strong>: {library.error.message}</p>;
  if (library.phase !== 'ready') return <p className="muted" aria-busy="true">Scanning every run for findings…</p>;
  const common = library.value.common;
  if (common.length === 0) return <p className="muted" data-testid="fleet-findings">No behaviour findings in any run.</p>;
  return (
    <table className="fleet-table" aria-label="Most common findings" data-testid="fleet-findings">
      {caption}
      <thead><tr><th>finding</th><th>severity</th><th>runs</th><th>findings</th><th>cost</th><th>for example</th></tr></thead>
      <tbody>
        {common.map((c) => <CommonRow key={`${c.kind}\n${c.severity}`} finding={c} href={exampleHref(snapshot, c.example.runId)} />)}
      </tbody>
    </table>
  );
}

/** Where the example's run opens: the data dir is named only when its id is in several (as the run list does). */
function exampleHref(snapshot: LibrarySnapshot, runId: string): string {
  const runs = snapshot.runs.filter((r) => r.runId === runId);
  const label = runs.length === 0 ? null : (snapshot.dataDirs.find((d) => d.path === runs[0].dataDir)?.label ?? null);
  if (runs[0]?.session !== undefined) return formatRoute({ view: 'session', sessionId: runId, dir: label ?? '.' });
  return formatRoute({ view: 'run', runId, dir: runs.length > 1 ? label : null, tab: 'overview' });
}

function CommonRow({ finding: c, href }: { finding: CommonFinding; href: string }) {
  return (
    <tr data-kind={c.kind} data-severity={c.severity}>
      <td className="mono fleet-nowrap"><a href={`#/?findings=${encodeURIComponent(c.kind)}`} title="The run list, filtered to runs with this finding">{c.kind}</a></td>
      <td className={`fleet-sev-${c.severity}`}>{c.severity}</td>
      <td>{c.runs}</td>
      <td>{c.findings}</td>
      <td>{c.costUsd === null ? '–' : costText(c.costUsd, 0)}</td>
      <td><a className="mono fleet-run-link" href={href}>{c.example.runId}</a> {c.example.message}</td>
    </tr>
  );
}
