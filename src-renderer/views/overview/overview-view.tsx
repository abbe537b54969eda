/**
 * The run overview: what happened (status and why), when, what it cost, which steps got
 * where, what is wrong with the log, where it stopped, and what it produced.
 */
import { shownRunStatus } from '../../../shared/status/display-status';
import type { RunHead } from '../../../shared/run/run-head-types';
import { tabHref, type RunAddress } from '../../components/run-links';
import { formatTime } from '../../format';
import { describeBoundary } from '../crash/boundary-sentence';
import { formatDuration } from '../crash/relative-time';
import { BehaviourCard } from './behaviour-card';
import { CostCard, TokensCard } from './overview-cost';
import { STEP_STATUS_ORDER, runTiming } from './overview-facts';
import { FindingsCard } from './overview-findings';
import { OutputCard } from './overview-output';
import { RelationsCard } from './overview-relations';
import { RunNotesCard } from '../notes/run-notes-card';
import './overview.css';

/** The overview tab body for one run. */
export function OverviewView({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const status = shownRunStatus(detail.summary, detail.boundary?.verdict);
  const timing = runTiming(detail);
  const counts = detail.steps.byStatus;
  const terminal = status.status === 'completed' || status.status === 'failed';
  return (
    <div className="overview">
      {detail.reportError && detail.summary.source === 'loopctl' && (
        <p className="muted" role="note">
          A loopctl run: {detail.reportError}
        </p>
      )}
      {detail.reportError && detail.summary.source !== 'loopctl' && (
        <div className="ov-refusal" role="alert">
          <strong>little-workflow would refuse this log:</strong> <span className="mono">{detail.reportError}</span>
          <div className="muted">Figures below come from the inspector's tolerant fold and may be incomplete.</div>
        </div>
      )}
      <section className={`ov-status ov-status-${status.status}`} aria-labelledby="ov-status-h">
        <h3 id="ov-status-h">
          <span className={`badge badge-${status.status}`}>{status.status}</span>
          {status.reason && <span className="ov-reason">{status.reason}</span>}
        </h3>
        {status.inferred && (
          <p className="ov-line muted">
            Inferred: this kind of run (orchestrated top run or harness-only run) never writes RunCompleted or RunFailed, so the status comes from its
            harness session.
          </p>
        )}
        {!terminal && detail.boundary && (
          <p className="ov-line ov-boundary">
            {describeBoundary(detail.boundary, detail.lock, detail.stepsSkippedCount)} <a href={tabHref(at, 'crash')}>Crash &amp; resume details</a>
          </p>
        )}
      </section>

      <div className="ov-grid">
        <section className="ov-card" aria-labelledby="ov-time-h">
          <h3 id="ov-time-h">Time</h3>
          <dl className="ov-dl">
            <dt>Started</dt>
            <dd>{formatTime(timing.startedAt)}</dd>
            <dt>{timing.ended === 'finished' ? 'Finished' : 'Last event'}</dt>
            <dd>{formatTime(timing.endedAt)}</dd>
            <dt>{timing.ended === 'finished' ? 'Duration' : 'Ran for'}</dt>
            <dd>
              {formatDuration(timing.durationMs)}
              {timing.ended === 'last-event' && <span className="muted"> (no finish recorded)</span>}
            </dd>
            <dt>Events</dt>
            <dd>{detail.state.eventCount.toLocaleString('en-US')}</dd>
          </dl>
        </section>
        <CostCard detail={detail} />
        <TokensCard detail={detail} />
        <section className="ov-card" aria-labelledby="ov-steps-h">
          <h3 id="ov-steps-h">Steps ({detail.steps.count})</h3>
          {detail.steps.count === 0 ? (
            <p className="empty">No steps in this run's log.</p>
          ) : (
            <ul className="ov-steps">
              {STEP_STATUS_ORDER.map((s) => (
                <li key={s}>
                  <a href={tabHref(at, 'steps')} className={`ov-step ov-step-${s}${counts[s] === 0 ? ' ov-zero' : ''}`} aria-label={`${counts[s]} ${s} steps: open the steps tab`}>
                    <span className="ov-step-n">{counts[s]}</span> {s}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <RelationsCard detail={detail} at={at} />
        <BehaviourCard detail={detail} at={at} />
        <FindingsCard detail={detail} at={at} />
        <OutputCard detail={detail} at={at} />
        <RunNotesCard detail={detail} at={at} />
      </div>
    </div>
  );
}
