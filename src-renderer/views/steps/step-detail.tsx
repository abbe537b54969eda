/** The detail of one step: status, attempts, output, artifacts, usage, metadata, sessions. */
import type { RunHead, StepView } from '../../../shared/run/run-head-types';
import { crashedVerdict, itemDisplayStatus } from '../../../shared/status/display-status';
import { JsonView } from '../../components/json-view';
import { formatRoute, type Route, runBase } from '../../routing/route';
import { clockTime } from '../timeline/timeline-format';
import { ArtifactRow } from './artifact-status';
import { StepAttempts } from './step-attempts';
import { StepOutput } from './step-output';
import { NotesPanel } from '../notes/notes-panel';
import { costText, tokenText } from './usage-format';

/** Artifacts verified without a click (the rest on "Verify"). */
const AUTO_VERIFY = 8;

/** Everything about one step of `detail` (fetched with its sessions by `run.step`). */
export function StepDetailView({ detail, view, route }: { detail: RunHead; view: StepView; route: Extract<Route, { view: 'run' }> }) {
  const { step, sessions } = view;
  const crashed = crashedVerdict(detail.boundary?.verdict);
  const status = itemDisplayStatus(step.status, crashed);
  const tokens = tokenText(step.usage);
  const uses = step.uses ?? (typeof step.metadata?.uses === 'string' ? step.metadata.uses : null);
  return (
    <article className="step-detail" aria-labelledby="step-detail-title">
      <header className="step-detail-header">
        <h3 id="step-detail-title" className="mono">
          {step.stepPath}
        </h3>
        <span className={`badge badge-${status}`}>{status}</span>
        {uses && <span className="muted">uses {uses}</span>}
        <a href={formatRoute({ ...runBase(route), tab: 'timeline' })}>Show on the timeline</a>
      </header>

      <section aria-label="Notes on this step">
        <h4>Notes</h4>
        <NotesPanel runRef={detail.ref} target={{ kind: 'step', stepPath: step.stepPath }} what="this step" />
      </section>

      {step.error && (
        <section aria-label="Step error">
          <h4>Error</h4>
          <JsonView value={step.error.truncated ? step.error.text : step.error.value} label="Step error" expandDepth={2} />
        </section>
      )}

      <section aria-label="Attempts">
        <h4>Attempts ({step.attempts.length})</h4>
        <StepAttempts step={step} lastRecordedAt={detail.lastRecordedAt} crashed={crashed} />
      </section>

      <section aria-label="Output">
        <h4>Output</h4>
        <StepOutput runRef={detail.ref} step={step} />
      </section>

      <section aria-label="Artifacts">
        <h4>Artifacts ({step.artifactRefs.length})</h4>
        {step.artifactRefs.length === 0 ? (
          <p className="muted">No artifacts.</p>
        ) : (
          <ul className="artifact-list">
            {step.artifactRefs.map((ref, i) => (
              <ArtifactRow key={ref} runRef={detail.ref} artifactRef={ref} autoLoad={i < AUTO_VERIFY} />
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Usage and cost">
        <h4>Usage and cost</h4>
        <dl className="step-facts">
          <dt>cost</dt>
          <dd>{costText(step.usage)}</dd>
          <dt>tokens</dt>
          <dd>{tokens ?? <span className="muted">no model calls</span>}</dd>
          <dt>calls</dt>
          <dd>
            {step.usage.pricedCalls} priced · {step.usage.unpricedCalls} unpriced
          </dd>
        </dl>
      </section>

      <section aria-label="Harness sessions">
        <h4>Harness sessions ({sessions.length})</h4>
        {sessions.length === 0 ? (
          <p className="muted">No harness session ran this step (decision steps run in the runtime).</p>
        ) : (
          <ul className="session-list">
            {sessions.map((s) => (
              <li key={s.id}>
                <a href={formatRoute({ ...runBase(route), tab: 'turns', session: s.id })}>
                  session #{s.id}
                </a>{' '}
                <span className="muted">{s.role}</span> <span className={`badge badge-${itemDisplayStatus(s.status, crashed)}`}>{s.status}</span>{' '}
                <span className="mono muted">
                  {clockTime(s.startedAt)} → {s.endedAt ? clockTime(s.endedAt) : 'open'}
                </span>
                {s.supersededBySessionId !== undefined && <span className="muted"> · resumed by #{s.supersededBySessionId}</span>}
                {s.resumeOfSessionId !== undefined && <span className="muted"> · resumes #{s.resumeOfSessionId}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Metadata">
        <h4>Metadata</h4>
        {step.metadata ? <JsonView value={step.metadata} label="Step metadata" expandDepth={1} /> : <p className="muted">None.</p>}
        <p className="muted">
          Events {step.firstSequence ?? '—'}–{step.lastSequence ?? '—'}
          {step.completedSequence !== undefined ? `, completed at #${step.completedSequence}` : ''}
        </p>
      </section>
    </article>
  );
}
