/** The selected event in full: the envelope in the JSON viewer, or an undecodable payload's raw text, flagged. */
import { useState } from 'react';
import { JsonView } from '../../components/json-view';
import { formatRoute } from '../../routing/route';
import { useLibraryStore } from '../../stores/library-store';
import type { Load } from '../../stores/load';
import type { RunEvent } from '../../stores/use-run-event';
import { OmittedPayloadNote } from '../turns/event-state-note';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { NotesPanel } from '../notes/notes-panel';

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

/** The little-harness session whose Local World `dataDir` is, when the opened folder holds its `.little-harness` tree. */
export type OwningSession = { dir: string; sessionId: string };

/** The session owning a data dir (from the library's data dir list), or undefined. */
export function useSessionOfDataDir(dataDir: string): OwningSession | undefined {
  const info = useLibraryStore((s) => s.snapshot?.dataDirs.find((d) => d.path === dataDir));
  // The folder key opens the session as well as its id does (a safe id is its own key, else `s_<hex>`).
  return info?.harnessDir !== undefined && info.sessionKey !== null ? { dir: info.harnessDir, sessionId: info.sessionKey } : undefined;
}

/** Detail pane content for event `sequence` (undefined: nothing selected) and where its fetch stands. */
export function EventDetail({ sequence, event, runRef, session }: { sequence: number | undefined; event: Load<RunEvent>; runRef: RunRef; session?: OwningSession }) {
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
      {session && (
        <p className="ev-session-link">
          <a href={formatRoute({ view: 'session', sessionId: session.sessionId, dir: session.dir, ...(envelope?.occurrenceId ? { occurrence: envelope.occurrenceId } : {}) })}>
            {envelope?.occurrenceId ? 'This occurrence in the session trace' : 'The session trace'} ({session.sessionId})
          </a>
        </p>
      )}
      {envelope !== null && (
        <section className="ev-notes" aria-label="Notes on this event">
          <NotesPanel runRef={runRef} target={{ kind: 'event', eventId: envelope.eventId, sequence }} what="this event" />
        </section>
      )}
      {envelope !== null ? <JsonView value={envelope} expandDepth={2} label={`Event ${sequence}`} /> : <RawPayload text={rawPayload ?? ''} />}
    </div>
  );
}
