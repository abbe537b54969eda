/** A tool call in full: who called it, when, its args and result or error (fetched by sequence). */
import type { JsonPreview } from '../../../shared/run/json-preview';
import type { HarnessRefs, RunHead } from '../../../shared/run/run-head-types';
import { JsonView } from '../../components/json-view';
import { RunLink, type RunAddress } from '../../components/run-links';
import { EventStateNote } from './event-state-note';
import { oneLine } from './one-line';
import { StartEndRows } from './start-end-rows';
import { ToolStatus, type TurnSelection } from './turn-row';
import { payloadField, useRunEvent } from '../../stores/use-run-event';

/** Detail pane of tool call `toolId`. */
export function ToolDetail({ detail, refs, at, toolId, onSelect }: { detail: RunHead; refs: HarnessRefs; at: RunAddress; toolId: number; onSelect(s: TurnSelection): void }) {
  const c = refs.toolCalls[toolId];
  // loopctl ledgers have no events to fetch; what they record is already in the previews.
  const ledger = detail.summary.source === 'loopctl';
  const started = useRunEvent(detail.ref, ledger ? undefined : c.startedSequence);
  const ended = useRunEvent(detail.ref, ledger ? undefined : c.endSequence);
  const fullArgs = payloadField(started, 'args');
  const requester = c.requestedByTurnId !== undefined ? refs.modelTurns[c.requestedByTurnId] : undefined;
  const failed = c.status === 'failed';
  return (
    <article className="td" aria-label={`Tool call ${c.toolName ?? ''}`}>
      <h3 className="td-title">
        <span className="mono">{c.toolName ?? '(unnamed tool)'}</span> <ToolStatus status={c.status} afterResume={c.completedAfterResume} />
      </h3>
      {c.status === 'in-flight' && (
        <p className="td-alert" role="note">
          In flight when the log stopped: started, but no succeeded or failed event carries callId <code>{c.callId ?? '?'}</code>. A resume re-invokes the
          tool with the same callId and these args; make sure it is safe to run twice.
        </p>
      )}
      {c.completedAfterResume && <p className="td-note">Finished after a resume: the result was recorded while a later session was running.</p>}
      <dl className="td-dl">
        <dt>Caller</dt>
        <dd>
          {c.caller ?? '—'}
          {c.callIndex !== undefined && c.caller === 'model' && <span className="muted"> · call {c.callIndex} of its turn</span>}
        </dd>
        {requester && (
          <>
            <dt>Requested by</dt>
            <dd>
              <button type="button" className="td-linkbtn" onClick={() => onSelect({ kind: 'turn', id: requester.id })}>
                turn {requester.turn ?? '?'}
              </button>
              <span className="muted"> (paired by {c.requestedVia})</span>
            </dd>
          </>
        )}
        {c.subRunId && (
          <>
            <dt>Sub-run</dt>
            <dd>
              <RunLink runId={c.subRunId} dir={at.dir} />
            </dd>
          </>
        )}
        <StartEndRows at={at} start={{ label: 'Started', sequence: c.startedSequence, at: c.startedAt }} end={{ label: 'Ended', sequence: c.endSequence, at: c.endedAt }} />
        <dt>callId</dt>
        <dd className="mono">{c.callId ?? '—'}</dd>
        {c.scope !== undefined && (
          <>
            <dt>Scope</dt>
            <dd className="mono">{oneLine(c.scope, 200)}</dd>
          </>
        )}
      </dl>
      <section aria-label="Arguments">
        <h4>Arguments</h4>
        {fullArgs !== undefined ? <JsonView value={fullArgs} expandDepth={3} label="Tool arguments" /> : <PreviewBody preview={c.args} label="Tool arguments" />}
        <EventStateNote state={started} what="arguments" />
      </section>
      <section aria-label={failed ? 'Error' : 'Result'}>
        <h4>{failed ? 'Error' : 'Result'}</h4>
        {c.endSequence === undefined ? (
          <p className="muted">No result in the log.</p>
        ) : (
          <>
            <EventStateNote state={ended} what={failed ? 'error' : 'result'} />
            {ended.phase === 'ready' && ended.value.event ? (
              c.resultUndefined && !failed ? (
                <p className="muted">The tool returned undefined (stored as null).</p>
              ) : (
                <JsonView value={payloadField(ended, failed ? 'error' : 'result') ?? null} expandDepth={3} label={failed ? 'Tool error' : 'Tool result'} />
              )
            ) : (
              <PreviewBody preview={failed ? c.error : c.result} label={failed ? 'Tool error' : 'Tool result'} />
            )}
          </>
        )}
      </section>
    </article>
  );
}

function PreviewBody({ preview, label }: { preview: JsonPreview | undefined; label: string }) {
  if (!preview) return null;
  if (!preview.truncated) return <JsonView value={preview.value} expandDepth={3} label={label} />;
  return (
    <pre className="json-view" aria-label={label}>
      {preview.text}…
    </pre>
  );
}
