/** A harness session: role, task, step, manifest, lifecycle and what resumed it. */
import type { HarnessRefs, RunHead } from '../../../shared/run/run-head-types';
import { JsonView } from '../../components/json-view';
import { EventLink, type RunAddress } from '../../components/run-links';
import { formatTime } from '../../format';
import { formatDuration, msBetween } from '../crash/relative-time';
import type { TurnSelection } from './turn-row';

/** Detail pane of session `sessionId`. */
export function SessionDetail({ detail, refs, at, sessionId, onSelect }: { detail: RunHead; refs: HarnessRefs; at: RunAddress; sessionId: number; onSelect(s: TurnSelection): void }) {
  const s = refs.sessions[sessionId];
  const resume = detail.harness.resumes.find((r) => r.sessionId === sessionId);
  return (
    <article className="td" aria-label={`Session ${s.id}`}>
      <h3 className="td-title">
        Session {s.id} <span className={`tr-chip tr-s-${s.status}`}>{s.status}</span>
      </h3>
      {resume && (
        <p className="td-note">
          Resumed here after {formatDuration(resume.gapMs)} of downtime: it took over{' '}
          <button type="button" className="td-linkbtn" onClick={() => onSelect({ kind: 'session', id: resume.previousSessionId })}>
            session {resume.previousSessionId}
          </button>{' '}
          ({resume.reason === 'previous-session-open' ? 'which was still open' : 'started again without a retry'}).
        </p>
      )}
      {s.status === 'open' && s.supersededBySessionId === undefined && <p className="td-alert">Open when the log stopped: no completed or failed event.</p>}
      {s.supersededBySessionId !== undefined && <p className="td-note">Never closed: session {s.supersededBySessionId} took over after a resume.</p>}
      <dl className="td-dl">
        <dt>Role</dt>
        <dd>{s.role ?? '—'}</dd>
        <dt>Task</dt>
        <dd>{s.taskKind ?? '—'}</dd>
        <dt>Step</dt>
        <dd className="mono">{s.stepPath ?? '— (planner / orchestrator)'}</dd>
        <dt>Harness</dt>
        <dd className="mono">{s.harnessId ?? '—'}</dd>
        <dt>Manifest hash</dt>
        <dd className="mono td-hash">{s.manifestHash ?? '—'}</dd>
        <dt>Started</dt>
        <dd>
          <EventLink at={at} sequence={s.startSequence} /> {formatTime(s.startedAt)}
        </dd>
        <dt>Ended</dt>
        <dd>
          {s.endSequence !== undefined ? (
            <>
              <EventLink at={at} sequence={s.endSequence} /> {formatTime(s.endedAt ?? null)}{' '}
              <span className="muted">({formatDuration(msBetween(s.startedAt, s.endedAt))})</span>
            </>
          ) : (
            <span className="muted">never</span>
          )}
        </dd>
        <dt>Turns · tools</dt>
        <dd>
          {s.modelTurnIds.length} · {s.toolCallIds.length}
        </dd>
      </dl>
      {s.error && (
        <section aria-label="Session error">
          <h4>Error</h4>
          <JsonView value={s.error.truncated ? s.error.text : s.error.value} expandDepth={2} label="Session error" />
        </section>
      )}
      {s.usage !== undefined && (
        <section aria-label="Session usage">
          <h4>Usage the harness reported (tokens only; costs come from the turns)</h4>
          <JsonView value={s.usage} expandDepth={1} label="Session usage" />
        </section>
      )}
    </article>
  );
}
