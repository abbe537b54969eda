/** A model turn in full: identity, price, tokens, timing, then the request and response fetched by sequence. */
import type { HarnessRefs, RunHead } from '../../../shared/run/run-head-types';
import { EventLink, type RunAddress } from '../../components/run-links';
import { formatCost, formatCount } from '../../format';
import { EventStateNote } from './event-state-note';
import { MessageList, ResponseBody } from './model-bodies';
import type { TurnSelection } from './turn-row';
import { TurnStatus } from './turn-row';
import { modelIdentity } from './turn-price';
import { StartEndRows } from './start-end-rows';
import { payloadField, useRunEvent } from '../../stores/use-run-event';

/** Detail pane of model turn `turnId`. */
export function TurnDetail({ detail, refs, at, turnId, onSelect }: { detail: RunHead; refs: HarnessRefs; at: RunAddress; turnId: number; onSelect(s: TurnSelection): void }) {
  const t = refs.modelTurns[turnId];
  // loopctl ledgers carry no request/response bodies to fetch: the previews are all there is.
  const ledger = detail.summary.source === 'loopctl';
  const called = useRunEvent(detail.ref, ledger ? undefined : t.calledSequence);
  const responded = useRunEvent(detail.ref, ledger ? undefined : t.respondedSequence);
  // Priced in main with the library's active table.
  const priced = t.price;
  const request = payloadField(called, 'request') as { system?: unknown; messages?: unknown; tools?: unknown } | undefined;
  const response = payloadField(responded, 'response');
  return (
    <article className="td" aria-label={`Model turn ${t.turn ?? ''}`}>
      <h3 className="td-title">
        Turn {t.turn ?? '?'} <TurnStatus status={t.status} retries={t.failures.length} afterResume={t.completedAfterResume} />
      </h3>
      {t.status === 'in-flight' && (
        <p className="td-alert" role="note">
          In flight when the log stopped: no responded or failed event carries callId <code>{t.callId ?? '?'}</code>. A resume calls the model again with
          the same callId, writes no new called event, and appends only the response.
        </p>
      )}
      {t.status === 'orphaned' && <p className="td-alert">Its session ended without a response or failure for this call.</p>}
      {t.completedAfterResume && <p className="td-note">The response was recorded after a resume, while a later session was running.</p>}
      <dl className="td-dl">
        <dt>Model</dt>
        <dd className="mono">{modelIdentity(t) ?? '— (named by the response)'}</dd>
        <dt>Price</dt>
        <dd>
          {priced ? (priced.costUsd === null ? <span className="tr-unpriced">unpriced: the price table has no entry for this model</span> : formatCost(priced.costUsd)) : t.status === 'in-flight' ? <span className="tr-unpriced">cost unknown: the call never answered, so its usage was never recorded</span> : '—'}
          {priced?.pricedBy && <span className="muted"> · {priced.pricedBy.key} in {priced.pricedBy.tableName}</span>}
          {priced?.cachedInputRateFellBack && <span className="muted"> · cached input billed at the input rate</span>}
        </dd>
        <dt>Tokens</dt>
        <dd>
          {priced
            ? `${formatCount(priced.uncachedInputTokens)} uncached + ${formatCount(priced.cachedInputTokens)} cached in · ${formatCount(priced.outputTokens)} out (${formatCount(priced.reasoningTokens)} reasoning)`
            : '—'}
        </dd>
        <StartEndRows at={at} start={{ label: 'Called', sequence: t.calledSequence, at: t.calledAt }} end={{ label: 'Responded', sequence: t.respondedSequence, at: t.respondedAt }} />
        <dt>callId</dt>
        <dd className="mono">{t.callId ?? '— (legacy: paired by turn)'}</dd>
        {t.stepPath && (
          <>
            <dt>Step</dt>
            <dd className="mono">{t.stepPath}</dd>
          </>
        )}
      </dl>
      {t.failures.length > 0 && (
        <section aria-label="Failed attempts">
          <h4>Failed attempts ({t.failures.length})</h4>
          <ul className="td-list">
            {t.failures.map((f) => (
              <li key={f.sequence}>
                <EventLink at={at} sequence={f.sequence} /> attempt {f.attempt ?? '?'} {f.willRetry ? '(retried)' : '(final)'}:{' '}
                <span className="td-error">{errorText(f.error)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {t.toolCallItemIds.length > 0 && (
        <section aria-label="Tool calls requested">
          <h4>Tool calls it requested</h4>
          <ul className="td-list">
            {t.toolCallItemIds.map((id) => {
              const c = refs.toolCalls[id];
              return (
                <li key={id}>
                  <button type="button" className="td-linkbtn" onClick={() => onSelect({ kind: 'tool', id })}>
                    {c?.toolName ?? 'tool'}
                  </button>{' '}
                  <span className="muted">{c?.status}</span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <section aria-label="Request">
        <h4>Request</h4>
        <EventStateNote state={called} what="request" />
        {request && <MessageList system={request.system} messages={request.messages} tools={request.tools} />}
        {!request && t.requestText && (
          <pre className="mb-prose" aria-label="Request text">
            {t.requestText.truncated ? `${t.requestText.text}…` : String(t.requestText.value)}
          </pre>
        )}
      </section>
      <section aria-label="Response">
        <h4>Response</h4>
        {ledger ? (
          t.responseText ? (
            <pre className="mb-prose" aria-label="Response text">
              {t.responseText.truncated ? `${t.responseText.text}…` : String(t.responseText.value)}
            </pre>
          ) : (
            <p className="muted">The ledgers do not record this turn's response text.</p>
          )
        ) : t.respondedSequence === undefined ? (
          <p className="muted">No response in the log.</p>
        ) : (
          <EventStateNote state={responded} what="response" />
        )}
        {response !== undefined && <ResponseBody response={response} />}
      </section>
    </article>
  );
}

/** An error object's "Name: message", else its JSON. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { name?: unknown; message?: unknown };
    if (typeof e.message === 'string') return `${typeof e.name === 'string' ? `${e.name}: ` : ''}${e.message}`;
  }
  return JSON.stringify(error) ?? String(error);
}
