/**
 * The Fleet view (`#/fleet`) and the SQL console (`#/fleet/sql`): every run under the opened root
 * summed (`fleet.summary`, built in the worker), drawn as charts that link to the runs they count,
 * and the fleet's most common behaviour findings (fleet-findings.tsx);
 * and read-only SQL over the fleet index (`fleet.sql`). docs/FLEET.md "In the app".
 */
import { lazy, Suspense } from 'react';
import type { FleetView as FleetViewModel } from '../../../shared/fleet/fleet-summary-types';
import { formatCount } from '../../format';
import { useFleetSummary } from '../../stores/fleet-store';
import { FleetFindings } from './fleet-findings';
import { costText } from './fleet-links';
import { SqlConsole } from './sql-console';
import './fleet.css';

const charts = () => import('./fleet-charts');
const StatusChart = lazy(() => charts().then((m) => ({ default: m.StatusChart })));
const GroupCostChart = lazy(() => charts().then((m) => ({ default: m.GroupCostChart })));
const GroupRunsChart = lazy(() => charts().then((m) => ({ default: m.GroupRunsChart })));
const GroupTokensChart = lazy(() => charts().then((m) => ({ default: m.GroupTokensChart })));

/** The Fleet screen: its two tabs. */
export function FleetView({ tab }: { tab: 'summary' | 'sql' }) {
  return (
    <section className="fleet-view" aria-label="Fleet">
      <nav className="fleet-tabs" aria-label="Fleet tabs">
        <a href="#/">← Library</a>
        <a href="#/fleet" aria-current={tab === 'summary' ? 'page' : undefined}>Summary</a>
        <a href="#/fleet/sql" aria-current={tab === 'sql' ? 'page' : undefined}>SQL console</a>
      </nav>
      {tab === 'sql' ? <SqlConsole /> : <FleetSummaryPanel />}
    </section>
  );
}

function FleetSummaryPanel() {
  const load = useFleetSummary();
  if (load.phase === 'error') return <p role="alert" className="error"><strong>{load.error.code}</strong>: {load.error.message}</p>;
  if (load.phase !== 'ready') return <p className="muted" aria-busy="true">Summing every run under the root…</p>;
  const v = load.value;
  if (v === null) return <p className="muted">Open a folder to see its fleet.</p>;
  if (v.runs === 0 && v.sessions.count === 0) return <p className="muted">No runs under {v.root}.</p>;
  const crashRate = v.runs === 0 ? 0 : v.crashed / v.runs;
  return (
    <div className="fleet-summary" data-testid="fleet-summary">
      <dl className="fleet-figures">
        <Figure label="runs" value={formatCount(v.runs)} />
        <Figure label="crashed" value={`${formatCount(v.crashed)} (${(crashRate * 100).toFixed(1)}%)`} href="#/?status=crashed" />
        <Figure label="cost" value={costText(v.costUsd, v.unpricedCalls)} />
        <Figure label="model calls" value={formatCount(v.modelCalls)} />
        <Figure label="failed attempts" value={`${formatCount(v.failedAttempts)} · ${costText(v.failedAttemptCostUsd, 0)}`} />
        <Figure label="resumes" value={`${formatCount(v.resumes)} · ${(v.resumeDowntimeMs / 1000).toFixed(1)} s down`} />
        <Figure label="sessions" value={formatCount(v.sessions.count)} />
      </dl>
      <p className="muted">Priced with {v.priceTable}. Click a bar to see the runs it counts (status and workflow version; day and model groups have no run-list filter).</p>
      <Suspense fallback={<p className="muted">Drawing…</p>}>
        <div className="fleet-charts">
          <StatusChart view={v} />
          <GroupRunsChart view={v} by="day" title="Runs by day (UTC)" />
          <GroupCostChart view={v} by="model" title="Cost by model" />
          <GroupTokensChart view={v} by="model" title="Tokens by model" />
          <GroupCostChart view={v} by="workflow-version" title="Cost by workflow version" />
          <GroupRunsChart view={v} by="workflow-version" title="Runs by workflow version" />
        </div>
      </Suspense>
      <StepTables view={v} />
      <FleetFindings />
    </div>
  );
}

function Figure({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <div className="fleet-figure">
      <dt>{label}</dt>
      <dd>{href ? <a href={href}>{value}</a> : value}</dd>
    </div>
  );
}

const runHref = (runId: string) => `#/run/${encodeURIComponent(runId)}`;

function StepTables({ view }: { view: FleetViewModel }) {
  return (
    <div className="fleet-steps">
      <table className="fleet-table" aria-label="Most failing steps">
        <caption>Most failing steps</caption>
        <thead><tr><th>step</th><th>failed attempts</th><th>failed steps</th><th>runs</th><th>since version</th><th>runs behind it</th></tr></thead>
        <tbody>
          {view.mostFailingSteps.map((s) => (
            <tr key={s.stepId}>
              <td className="mono">{s.stepId}</td><td>{s.failedAttempts} / {s.attempts}</td><td>{s.failedSteps}</td><td>{s.runs}</td>
              <td className="mono">{s.workflowVersions[0] ?? '–'}</td>
              <td>{s.runIds.slice(0, 5).map((id) => <a key={id} className="mono fleet-run-link" href={runHref(id)}>{id}</a>)}{s.runIds.length > 5 ? ` +${s.runs - 5}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="fleet-table" aria-label="Slowest steps">
        <caption>Slowest steps (p50 / p95 by step id)</caption>
        <thead><tr><th>step</th><th>count</th><th>p50</th><th>p95</th><th>slowest run</th></tr></thead>
        <tbody>
          {view.slowestSteps.map((s) => (
            <tr key={s.stepId}>
              <td className="mono">{s.stepId}</td><td>{s.count}</td><td>{(s.p50Ms / 1000).toFixed(1)} s</td><td>{(s.p95Ms / 1000).toFixed(1)} s</td>
              <td><a className="mono" href={runHref(s.slowestRunId)}>{s.slowestRunId}</a></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
