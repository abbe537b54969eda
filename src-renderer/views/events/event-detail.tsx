/** The selected event in full: the envelope in the JSON viewer, or an undecodable payload's raw text, flagged. */
import { useState } from 'react';
import { JsonView } from '../../components/json-view';
import type { Load } from '../../stores/load';
import type { RunEvent } from '../../stores/use-run-event';
import { OmittedPayloadNote } from '../turns/event-state-note';

/** Raw text shown before "show all" (an undecodable payload can be megabytes). */
const RAW_PREVIEW = 20_000;

function RawPayload({ text }: { text: string }) {
  const [all, setAll] = useState(false);
  const cut = !all && text.length > RAW_PREVIEW;
  return (
    <>
      <p className="ev-warn" role="note">
        This payload is not valid JSON: its raw text ({text.length.toLocaleString('en-US')} chars) is shown as stored.
      </p>
      <pre className="ev-raw">{cut ? `${text.slice(0, RAW_PREVIEW)}…` : text}</pre>
      {cut && <button type="button" onClick={() => setAll(true)}>Show all</button>}
    </>
  );
}

/** Detail pane content for event `sequence` (undefined: nothing selected) and where its fetch stands. */
export function EventDetail({ sequence, event }: { sequence: number | undefined; event: Load<RunEvent> }) {
  if (sequence === undefined || event.phase === 'idle') return <p className="empty">Select an event to see its full envelope.</p>;
  if (event.phase === 'loading') {
    return <p className="loading" role="status" aria-busy="true">Loading event {sequence}…</p>;
  }
  if (event.phase === 'error') {
    return (
      <div role="alert" className="error">
        Event {sequence} could not be read: <strong>{event.error.code}</strong> {event.error.message}
      </div>
    );
  }
  const { event: envelope, rawPayload, omittedBytes } = event.value;
  return (
    <div className="ev-detail-body">
      <h3 className="ev-detail-title">
        <span className="mono">#{sequence}</span> {envelope?.type ?? 'undecodable event'}
      </h3>
      {omittedBytes !== undefined && <OmittedPayloadNote bytes={omittedBytes} what="payload" />}
      {envelope !== null ? <JsonView value={envelope} expandDepth={2} label={`Event ${sequence}`} /> : <RawPayload text={rawPayload ?? ''} />}
    </div>
  );
}
