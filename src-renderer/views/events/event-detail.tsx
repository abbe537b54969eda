/** The selected event in full: the envelope in the JSON viewer, or an undecodable payload's raw text, flagged. */
import { useState } from 'react';
import { JsonView } from '../../components/json-view';
import type { EventDetailState } from '../../stores/events-store';

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

/** Detail pane content for `detail` (null: nothing selected). */
export function EventDetail({ detail }: { detail: EventDetailState | null }) {
  if (detail === null) return <p className="empty">Select an event to see its full envelope.</p>;
  if (detail.phase === 'loading') {
    return <p className="loading" role="status" aria-busy="true">Loading event {detail.sequence}…</p>;
  }
  if (detail.phase === 'error') {
    return (
      <div role="alert" className="error">
        Event {detail.sequence} could not be read: <strong>{detail.error?.code}</strong> {detail.error?.message}
      </div>
    );
  }
  return (
    <div className="ev-detail-body">
      <h3 className="ev-detail-title">
        <span className="mono">#{detail.sequence}</span> {detail.event?.type ?? 'undecodable event'}
      </h3>
      {detail.event !== null ? (
        <JsonView value={detail.event} expandDepth={2} label={`Event ${detail.sequence}`} />
      ) : (
        <RawPayload text={detail.rawPayload ?? ''} />
      )}
    </div>
  );
}
