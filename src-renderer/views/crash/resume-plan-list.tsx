/** The core's resume plan as grouped lists, each item linked to the event it rests on. */
import type { ReactNode } from 'react';
import type { ReinvokedModelCall, ResumePlan, SkippedStep, SubRunDecision } from '../../../shared/fold/crash/crash-types';
import type { RunRef } from '../../../shared/run/run-detail-types';
import type { HarnessRefs } from '../../../shared/run/run-head-types';
import { useSlice } from '../../stores/use-slice';
import { EventLink, RunLink, sessionHref, type RunAddress } from '../../components/run-links';
import { VirtualList } from '../../components/virtual-list';
import { oneLine } from '../turns/one-line';

/**
 * Props: the plan, the harness items it names (to name sessions and turns) and the run's
 * address; `skipped` when the plan lists only the first skipped steps of `total` (a run head),
 * the rest paged in from main.
 */
export type ResumePlanListProps = { plan: ResumePlan; harness: HarnessRefs; at: RunAddress; skipped?: { total: number; runRef: RunRef; build: number } };

const SKIPPED_TITLE = 'Steps skipped (completed)';

/** Every group of the plan; empty groups collapse to one muted line so the list stays scannable. */
export function ResumePlanList({ plan, harness, at, skipped }: ResumePlanListProps) {
  // A re-invoked call, linked to its turn in the turns view when the head names its session.
  const renderReinvokedTurn = (m: ReinvokedModelCall) => {
    const session = harness.modelTurns[m.modelTurnId]?.sessionId;
    return (
      <>
        turn {m.turn ?? '?'}
        {m.stepPath && <span className="mono"> {m.stepPath}</span>} <span className="mono plan-callid">{m.callId ?? '(no callId)'}</span>{' '}
        <EventLink at={at} sequence={m.sequence} />
        {session !== undefined && (
          <>
            {' · '}
            <a href={sessionHref(at, session)}>open in turns</a>
          </>
        )}
      </>
    );
  };
  const renderRestartedSession = (id: number) => {
    const s = harness.sessions[id];
    return (
      <>
        <a href={sessionHref(at, id)}>session {id}</a> <span className="muted">{s?.role ?? ''}{s?.stepPath ? ` · ${s.stepPath}` : ''}</span>{' '}
        <EventLink at={at} sequence={s?.startSequence} />
      </>
    );
  };
  const renderSkipped = (s: SkippedStep) => (
    <>
      <span className="mono">{s.stepPath}</span> <EventLink at={at} sequence={s.sequence} />
    </>
  );
  const subRunKey = (s: SubRunDecision) => s.runId;
  const renderSubRun = (s: SubRunDecision) => (
    <>
      <RunLink runId={s.runId} dir={at.dir} /> <span className="muted">{s.status} · {s.toolName}</span> <EventLink at={at} sequence={s.sequence} />
    </>
  );
  return (
    <div className="plan-groups">
      {skipped && skipped.total > plan.stepsSkipped.length ? (
        <PagedSkippedGroup total={skipped.total} runRef={skipped.runRef} build={skipped.build} render={renderSkipped} />
      ) : (
        <Group title={SKIPPED_TITLE} items={plan.stepsSkipped} itemKey={(s) => s.stepPath} render={renderSkipped} />
      )}
      <Group
        title="Steps resumed without a new attempt"
        items={plan.stepsResumed}
        itemKey={(s) => s.stepPath}
        render={(s) => (
          <>
            <span className="mono">{s.stepPath}</span> <span className="muted">{s.attemptId} continues; no new StepAttemptStarted</span>{' '}
            <EventLink at={at} sequence={s.sequence} />
          </>
        )}
      />
      <Group
        title="Steps run again or for the first time"
        items={plan.stepsRerun}
        itemKey={(s) => s.stepPath}
        render={(s) => (
          <>
            <span className="mono">{s.stepPath}</span> <span className="muted">was {s.status}{s.newAttempt ? '; new attempt' : ''}</span>
            {s.blockedReason && <span className="plan-blocked"> blocked: {s.blockedReason}</span>}
          </>
        )}
      />
      <Group title="Model calls re-invoked (same callId, no new called event)" hot items={plan.modelCallsReinvoked} itemKey={(m) => m.modelTurnId} render={renderReinvokedTurn} />
      <Group
        title="Tools re-invoked (same callId and args)"
        hot
        items={plan.toolCallsReinvoked}
        itemKey={(t) => t.toolCallId}
        render={(t) => (
          <>
            <span className="mono">{t.toolName ?? '(unnamed)'}</span> <code className="plan-args">{oneLine(t.args, 140)}</code>{' '}
            <span className="mono plan-callid">{t.callId ?? '(no callId)'}</span> <EventLink at={at} sequence={t.sequence} />
          </>
        )}
      />
      <Group title="Sub-runs fast-forwarded (result recorded here)" items={plan.subRunsFastForwarded} itemKey={subRunKey} render={renderSubRun} />
      <Group title="Sub-runs adopted (finished in their own log)" items={plan.subRunsAdopted} itemKey={subRunKey} render={renderSubRun} />
      <Group title="Sub-runs re-dispatched (same reserved id)" hot items={plan.subRunsRedispatched} itemKey={subRunKey} render={renderSubRun} />
      <Group
        title="Parallel branches"
        items={plan.branches}
        itemKey={(b) => `${b.branchPath}@${b.attempt}`}
        render={(b) => (
          <>
            <span className="mono">{b.branchPath}</span>{' '}
            <span className="muted">{b.expect === 'backfill-terminal' ? 'ParallelBranchCompleted back-filled' : 'branch resumed'}</span>{' '}
            <EventLink at={at} sequence={b.sequence} />
          </>
        )}
      />
      <Group title="Sessions restarted (new session.started, same manifest hash)" items={plan.sessionsRestarted} itemKey={(id) => id} render={renderRestartedSession} />
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

/** Items a group lists in full; longer groups scroll in a virtual list (a crashed 22,000-step run skips 22,000 steps). */
const PLAIN_ITEMS = 50;
const ITEM_HEIGHT = 22;

/** The skipped steps of a long run, fetched from main page by page as the list scrolls. */
function PagedSkippedGroup({ total, runRef, build, render }: { total: number; runRef: RunRef; build: number; render(item: SkippedStep): ReactNode }) {
  const rows = useSlice<'skipped'>(runRef, build, { section: 'skipped' });
  return (
    <section className="plan-group" aria-label={SKIPPED_TITLE}>
      <GroupHeading title={SKIPPED_TITLE} count={total} />
      <VirtualList
        count={rows.total ?? total}
        rowHeight={ITEM_HEIGHT}
        className="plan-virtual"
        label={`${SKIPPED_TITLE}: ${total} items`}
        onRangeChange={rows.onRange}
        renderRow={(i) => {
          const item = rows.item(i);
          return (
            <div role="listitem" className="plan-item" aria-busy={item === undefined}>
              {item ? render(item) : null}
            </div>
          );
        }}
      />
    </section>
  );
}

function GroupHeading({ title, count }: { title: string; count: number }) {
  return (
    <h4>
      {title} <span className="plan-count">{count.toLocaleString('en-US')}</span>
    </h4>
  );
}

type GroupProps<T> = { title: string; items: readonly T[]; hot?: boolean; itemKey(item: T): string | number; render(item: T): ReactNode };

function Group<T>({ title, items, hot, itemKey, render }: GroupProps<T>) {
  if (items.length === 0) {
    return (
      <p className="plan-group plan-empty muted">
        {title}: none
      </p>
    );
  }
  return (
    <section className={`plan-group${hot ? ' plan-hot' : ''}`} aria-label={title}>
      <GroupHeading title={title} count={items.length} />
      {items.length <= PLAIN_ITEMS ? (
        <ul>
          {items.map((item) => (
            <li key={itemKey(item)}>{render(item)}</li>
          ))}
        </ul>
      ) : (
        <VirtualList
          count={items.length}
          rowHeight={ITEM_HEIGHT}
          className="plan-virtual"
          label={`${title}: ${items.length} items`}
          rowKey={(i) => itemKey(items[i])}
          renderRow={(i) => (
            <div role="listitem" className="plan-item">
              {render(items[i])}
            </div>
          )}
        />
      )}
    </section>
  );
}
