/**
 * Crash & resume: where the log stops, who owned the run, what was in flight, and what a
 * resume of the same run id will do (the core's plan). Terminal runs say there is nothing
 * to resume and show where earlier resumes happened.
 */
import { useEffect, useState } from 'react';
import type { RunHead } from '../../../shared/run/run-head-types';
import { EventLink, sessionHref, type RunAddress } from '../../components/run-links';
import { formatTime } from '../../format';
import { inFlightLabel, lockPhrase } from './boundary-sentence';
import { formatAgo, formatDuration } from './relative-time';
import { ResumePlanList } from './resume-plan-list';
import { planCounts } from './died-here';
import './crash.css';

/** The crash tab body for one run. */
export function CrashView({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const now = useNow(30_000);
  const { boundary, lock, harness } = detail;
  if (!boundary) {
    return <p className="empty">No crash boundary could be derived for this run (its log may be empty or unreadable).</p>;
  }
  const { verdict, lastEvent, inFlight, resumePlan, inferredStatus } = boundary;
  const terminal = verdict.kind === 'completed' || verdict.kind === 'failed';
  return (
    <div className="crash-view">
      {detail.ref.at !== undefined && lastEvent && <DiedHere detail={detail} at={at} />}
      <section className={`crash-verdict crash-verdict-${verdict.kind}`} aria-labelledby="crash-verdict-h">
        <h3 id="crash-verdict-h">
          <span className={`badge badge-${verdict.kind}`}>{verdict.kind}</span> {verdict.reason}
        </h3>
        {verdict.inferred && inferredStatus && (
          <p className="muted">
            Inferred: this run's log never carries a run terminal, so its status comes from{' '}
            {inferredStatus.sessionId !== undefined ? <a href={sessionHref(at, inferredStatus.sessionId)}>{inferredStatus.basis} {inferredStatus.sessionId}</a> : inferredStatus.basis}{' '}
            <EventLink at={at} sequence={inferredStatus.sequence} />.
          </p>
        )}
        {verdict.kind === 'running' && (
          <p className="crash-warn" role="note">
            The lock owner is alive: this run is probably still being written. Do not resume it while that process runs.
          </p>
        )}
      </section>

      <div className="crash-facts">
        <section aria-labelledby="crash-stop-h">
          <h3 id="crash-stop-h">Where the log stops</h3>
          {lastEvent ? (
            <dl className="crash-dl">
              <dt>Last event</dt>
              <dd>
                <EventLink at={at} sequence={lastEvent.sequence} /> <span className="mono">{lastEvent.type}</span>
              </dd>
              <dt>At</dt>
              <dd>
                {formatTime(lastEvent.recordedAt)} <span className="muted">({formatAgo(lastEvent.recordedAt, now)})</span>
              </dd>
              <dt>Events</dt>
              <dd>{detail.state.eventCount.toLocaleString('en-US')}</dd>
            </dl>
          ) : (
            <p className="empty">The log has no events.</p>
          )}
        </section>
        <section aria-labelledby="crash-lock-h">
          <h3 id="crash-lock-h">Process</h3>
          <dl className="crash-dl">
            <dt>Lock</dt>
            <dd className={`lock-${lock.state}`}>{lockPhrase(lock)}</dd>
            <dt>Owner pid</dt>
            <dd className="mono">{lock.pid ?? '—'}</dd>
            <dt>Lock taken</dt>
            <dd>{formatTime(lock.createdAt)}</dd>
          </dl>
        </section>
      </div>

      {terminal ? (
        <section aria-labelledby="crash-nothing-h">
          <h3 id="crash-nothing-h">Nothing to resume</h3>
          <p>
            The run {verdict.kind} {lastEvent ? <>at <EventLink at={at} sequence={lastEvent.sequence} /> ({lastEvent.type})</> : ''}. Running the same run id again
            does not resume anything.
          </p>
          {resumePlan.notes.length > 0 && (
            <ul className="crash-notes">
              {resumePlan.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
        </section>
      ) : (
        <>
          <section aria-labelledby="crash-inflight-h">
            <h3 id="crash-inflight-h">In flight when the log stopped ({inFlight.length})</h3>
            {inFlight.length === 0 ? (
              <p className="empty">Nothing was open.</p>
            ) : (
              <ul className="inflight-list">
                {inFlight.map((item, i) => (
                  <li key={`${item.kind}-${i}`} className={`inflight-${item.kind}`}>
                    <span className="inflight-kind">{item.kind}</span> {inFlightLabel(item)}
                    {'callId' in item && item.callId && <span className="mono plan-callid"> {item.callId}</span>} <EventLink at={at} sequence={item.sequence} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="crash-plan-h">
            <h3 id="crash-plan-h">What a resume of the same run id will do</h3>
            <ResumePlanList plan={resumePlan} harness={harness.refs} at={at} skipped={{ total: detail.stepsSkippedCount, runRef: detail.ref, build: detail.build }} />
          </section>
        </>
      )}

      <section aria-labelledby="crash-resumes-h">
        <h3 id="crash-resumes-h">Earlier resumes ({harness.resumes.length})</h3>
        {harness.resumes.length === 0 ? (
          <p className="empty">This run was never resumed: no harness session was started twice.</p>
        ) : (
          <ul className="resume-list">
            {harness.resumes.map((r) => {
              const s = harness.refs.sessions[r.sessionId];
              return (
                <li key={r.sessionId}>
                  <strong>Resumed here</strong> after <strong>{formatDuration(r.gapMs)}</strong> of downtime:{' '}
                  <a href={sessionHref(at, r.sessionId)}>session {r.sessionId}</a> ({s?.role ?? 'harness'}
                  {s?.stepPath ? ` · ${s.stepPath}` : ''}) took over session {r.previousSessionId} <EventLink at={at} sequence={r.sequence} />
                  <span className="muted"> · {formatTime(r.recordedAt)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The banner of the tab as of an event: what a resume would do had the process died right after it. */
function DiedHere({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const { lastEvent, resumePlan, verdict } = detail.boundary!;
  return (
    <section className="crash-died-here" aria-labelledby="crash-died-h" data-testid="died-here">
      <h3 id="crash-died-h">
        If it had died here: right after <EventLink at={at} sequence={lastEvent!.sequence} /> <span className="mono">{lastEvent!.type}</span>
      </h3>
      {resumePlan.applicable ? (
        <>
          <p>A resume of the same run id, on a log that ends at this event, would:</p>
          <ul className="died-counts">
            {planCounts(resumePlan, detail.stepsSkippedCount).map((c) => (
              <li key={c.kind}>
                <strong>{c.kind}</strong> {c.count.toLocaleString('en-US')} <span className="muted">{c.what}</span>
              </li>
            ))}
          </ul>
          <p className="muted">The sections below are the run as of this event: the same plan <code>little-inspector plan --at {lastEvent!.sequence}</code> prints.</p>
        </>
      ) : (
        <p>The run had already {verdict.kind} at this event: a resume would do nothing.</p>
      )}
    </section>
  );
}

/** The current time, refreshed every `ms` so "N minutes ago" stays true while the tab is open. */
function useNow(ms: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
