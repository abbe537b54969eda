/** The overview's Notes card: notes on the run (editable), and the notes pinned to its steps and events, linked. */
import type { RunHead } from '../../../shared/run/run-head-types';
import { eventHref, type RunAddress } from '../../components/run-links';
import { formatRoute } from '../../routing/route';
import { NotesPanel, useLoadedNotes } from './notes-panel';

/** The card, in the overview grid. */
export function RunNotesCard({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const notes = useLoadedNotes(detail.ref);
  const elsewhere = notes.phase === 'ready' ? notes.value.notes.filter((n) => n.target.kind !== 'run') : [];
  return (
    <section className="ov-card ov-notes" aria-labelledby="ov-notes-h">
      <h3 id="ov-notes-h">Notes</h3>
      <NotesPanel runRef={detail.ref} target={{ kind: 'run' }} what="this run" />
      {elsewhere.length > 0 && (
        <>
          <h4>On steps and events ({elsewhere.length})</h4>
          <ul className="notes-elsewhere">
            {elsewhere.map((n) => (
              <li key={n.id}>
                {n.target.kind === 'step' ? (
                  <a className="mono" href={formatRoute({ view: 'run', runId: at.runId, dir: at.dir, tab: 'steps', step: n.target.stepPath })}>
                    {n.target.stepPath}
                  </a>
                ) : n.target.kind === 'event' ? (
                  <a className="mono" href={eventHref(at, n.target.sequence)}>
                    event #{n.target.sequence}
                  </a>
                ) : null}
                : <p className="note-text">{n.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
