/**
 * The Job view (issue 35): the job the open run belongs to as one picture — the orchestrator,
 * its planners, sub-runs and nested sub-runs, or an outer loop's cycles, as an indented tree
 * with each run's status, the word a resume of its parent uses for it, cost, tokens and
 * duration; the job's totals; the cross-scope resume story. Time travel moves the root.
 */
import { useEffect, useMemo } from 'react';
import type { Job } from '../../../shared/job/job-types';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { StatusBadge } from '../../components/status-badge';
import { formatCostFacts } from '../../format';
import { formatRoute, type Route } from '../../routing/route';
import { useJobStore } from '../../stores/job-store';
import { formatDuration } from '../library/library-format';
import { jobRows, tokensText } from './job-rows';
import './job.css';

const ACTION_TITLES: Record<string, string> = {
  'fast-forward': 'The orchestrator recorded its result: a resume reads it from the orchestrator\u2019s own log',
  adopt: 'Its call was in flight but its own log finished: a resume adopts its output',
  're-dispatch': 'In flight and unfinished (or never started): a resume dispatches it again under the same id',
};

/** The Job tab of run `route.runId`. */
export function JobView({ runRef, route }: { runRef: RunRef; route: Extract<Route, { view: 'run' }> }) {
  const { request, shown, load } = useJobStore();
  useEffect(() => void load(runRef), [runRef, load]);
  if (request.phase === 'error') {
    return (
      <div role="alert" className="error">
        <strong>{request.error.code}</strong>: {request.error.message}
      </div>
    );
  }
  if (shown === null) return <p className="loading" role="status">Reading the job: every run of it folded for its report and resume plan…</p>;
  return <JobBody job={shown} route={route} busy={request.phase === 'loading'} />;
}

function JobBody({ job, route, busy }: { job: Job; route: Extract<Route, { view: 'run' }>; busy: boolean }) {
  const rows = useMemo(() => jobRows(job), [job]);
  const total = job.total;
  return (
    <section className="job-view" aria-label={`Job ${job.root}`} aria-busy={busy}>
      <p className="job-story" role="status">
        {job.asOf !== null && <strong>As of #{job.asOf.sequence}: </strong>}
        {job.story}
      </p>
      <dl className="job-totals" aria-label="Job totals">
        <div><dt>Runs</dt><dd>{total.runs}</dd></div>
        <div><dt>Crashed</dt><dd>{total.crashed}</dd></div>
        <div><dt>Cost</dt><dd>{formatCostFacts(total)}</dd></div>
        <div><dt>Tokens</dt><dd>{tokensText(total)}</dd></div>
        {total.unreported > 0 && <div><dt>Left out</dt><dd>{total.unreported} run(s): report refused</dd></div>}
      </dl>
      <table className="job-tree">
        <caption className="visually-hidden">Runs of the job {job.root}, parents before their sub-runs</caption>
        <thead>
          <tr><th scope="col">Run</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">On resume</th><th scope="col">Cost</th><th scope="col">Tokens</th><th scope="col">Duration</th><th scope="col">Crash point</th></tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.runId} aria-current={row.runId === route.runId ? 'true' : undefined}>
              <th scope="row" className="job-run" style={{ paddingInlineStart: `${0.5 + row.depth * 1.5}rem` }}>
                {row.depth > 0 && <span aria-hidden="true" className="job-branch">└ </span>}
                {row.run === null ? <span className="mono">{row.runId}</span> : <a className="mono" href={formatRoute({ view: 'run', runId: row.runId, dir: route.dir, tab: 'overview' })}>{row.runId}</a>}
              </th>
              <td>{row.run?.role ?? 'sub-run'}</td>
              <td>{row.run === null ? <span className="muted">no log yet</span> : <StatusBadge run={{ ...row.run, statusInferred: false, verdict: null }} />}</td>
              <td>{row.subRun ? <span className={`job-action job-action-${row.subRun.action}`} title={ACTION_TITLES[row.subRun.action]}>{row.subRun.action}</span> : <span className="muted">—</span>}
                {row.subRun?.ownResume && <span className="muted"> · own resume: {row.subRun.ownResume.stepsSkipped} skipped, {row.subRun.ownResume.stepsResumed} resumed</span>}</td>
              <td>{row.run ? formatCostFacts(row.run) : '—'}</td>
              <td className="job-tokens">{row.run ? tokensText(row.run) : '—'}</td>
              <td>{row.run ? formatDuration(row.run.durationMs) : '—'}</td>
              <td>{row.run?.crashed && row.run.lastSequence !== null ? <a href={formatRoute({ view: 'run', runId: row.runId, dir: route.dir, tab: 'crash' })}>after #{row.run.lastSequence}</a> : <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {job.cycles.length > 0 && (
        <ul className="job-cycles" aria-label="Outer-loop cycles">
          {job.cycles.map((cycle) => (
            <li key={cycle.runId}>
              {cycle.pending ? 'Pending cycle' : `Cycle ${cycle.cycleNumber}`}: <a className="mono" href={formatRoute({ view: 'run', runId: cycle.runId, dir: route.dir, tab: 'overview' })}>{cycle.runId}</a> ({cycle.status})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
