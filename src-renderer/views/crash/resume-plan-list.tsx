/** The core's resume plan as grouped lists, each item linked to the event it rests on. */
import type { ReactNode } from 'react';
import type { ResumePlan } from '../../../shared/fold/crash/crash-types';
import type { HarnessRefs } from '../../../shared/run/run-head-types';
import { EventLink, RunLink, sessionHref, type RunAddress } from '../../components/run-links';
import { oneLine } from '../turns/one-line';

/** Props: the plan, the harness items it names (to name sessions and turns) and the run's address. */
export type ResumePlanListProps = { plan: ResumePlan; harness: HarnessRefs; at: RunAddress };

/** Every group of the plan; empty groups collapse to one muted line so the list stays scannable. */
export function ResumePlanList({ plan, harness, at }: ResumePlanListProps) {
  const turnSession = (id: number) => harness.modelTurns[id]?.sessionId;
  return (
    <div className="plan-groups">
      <Group title="Steps skipped (completed)" count={plan.stepsSkipped.length}>
        {plan.stepsSkipped.map((s) => (
          <li key={s.stepPath}>
            <span className="mono">{s.stepPath}</span> <EventLink at={at} sequence={s.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Steps resumed without a new attempt" count={plan.stepsResumed.length}>
        {plan.stepsResumed.map((s) => (
          <li key={s.stepPath}>
            <span className="mono">{s.stepPath}</span> <span className="muted">{s.attemptId} continues; no new StepAttemptStarted</span>{' '}
            <EventLink at={at} sequence={s.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Steps run again or for the first time" count={plan.stepsRerun.length}>
        {plan.stepsRerun.map((s) => (
          <li key={s.stepPath}>
            <span className="mono">{s.stepPath}</span> <span className="muted">was {s.status}{s.newAttempt ? '; new attempt' : ''}</span>
            {s.blockedReason && <span className="plan-blocked"> blocked: {s.blockedReason}</span>}
          </li>
        ))}
      </Group>
      <Group title="Model calls re-invoked (same callId, no new called event)" count={plan.modelCallsReinvoked.length} hot>
        {plan.modelCallsReinvoked.map((m) => {
          const session = turnSession(m.modelTurnId);
          return (
            <li key={m.modelTurnId}>
              turn {m.turn ?? '?'}
              {m.stepPath && <span className="mono"> {m.stepPath}</span>} <span className="mono plan-callid">{m.callId ?? '(no callId)'}</span>{' '}
              <EventLink at={at} sequence={m.sequence} />
              {session !== undefined && (
                <>
                  {' · '}
                  <a href={sessionHref(at, session)}>open in turns</a>
                </>
              )}
            </li>
          );
        })}
      </Group>
      <Group title="Tools re-invoked (same callId and args)" count={plan.toolCallsReinvoked.length} hot>
        {plan.toolCallsReinvoked.map((t) => (
          <li key={t.toolCallId}>
            <span className="mono">{t.toolName ?? '(unnamed)'}</span> <code className="plan-args">{oneLine(t.args, 140)}</code>{' '}
            <span className="mono plan-callid">{t.callId ?? '(no callId)'}</span> <EventLink at={at} sequence={t.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Sub-runs adopted" count={plan.subRunsAdopted.length}>
        {plan.subRunsAdopted.map((s) => (
          <li key={s.runId}>
            <RunLink runId={s.runId} dir={at.dir} /> <span className="muted">{s.status} · {s.toolName}</span> <EventLink at={at} sequence={s.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Sub-runs re-dispatched" count={plan.subRunsRedispatched.length} hot>
        {plan.subRunsRedispatched.map((s) => (
          <li key={s.runId}>
            <RunLink runId={s.runId} dir={at.dir} /> <span className="muted">{s.status} · {s.toolName}</span> <EventLink at={at} sequence={s.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Parallel branches" count={plan.branches.length}>
        {plan.branches.map((b) => (
          <li key={`${b.branchPath}@${b.attempt}`}>
            <span className="mono">{b.branchPath}</span>{' '}
            <span className="muted">{b.expect === 'backfill-terminal' ? 'ParallelBranchCompleted back-filled' : 'branch resumed'}</span>{' '}
            <EventLink at={at} sequence={b.sequence} />
          </li>
        ))}
      </Group>
      <Group title="Sessions restarted (new session.started, same manifest hash)" count={plan.sessionsRestarted.length}>
        {plan.sessionsRestarted.map((id) => {
          const s = harness.sessions[id];
          return (
            <li key={id}>
              <a href={sessionHref(at, id)}>session {id}</a> <span className="muted">{s?.role ?? ''}{s?.stepPath ? ` · ${s.stepPath}` : ''}</span>{' '}
              <EventLink at={at} sequence={s?.startSequence} />
            </li>
          );
        })}
      </Group>
      {plan.notes.length > 0 && (
        <section className="plan-group plan-notes" aria-label="Notes">
          <h4>Notes</h4>
          <ul>
            {plan.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Group({ title, count, hot, children }: { title: string; count: number; hot?: boolean; children: ReactNode }) {
  if (count === 0) {
    return (
      <p className="plan-group plan-empty muted">
        {title}: none
      </p>
    );
  }
  return (
    <section className={`plan-group${hot ? ' plan-hot' : ''}`} aria-label={title}>
      <h4>
        {title} <span className="plan-count">{count}</span>
      </h4>
      <ul>{children}</ul>
    </section>
  );
}
