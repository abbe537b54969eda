/**
 * Notes pinned to one target (the run, a step, an event): read, add, edit, delete. A note's text
 * is the user's own and is rendered as text (React escapes it; line breaks kept by CSS), never
 * as HTML or Markdown.
 */
import { useEffect, useState } from 'react';
import { MAX_NOTE_CHARS, notesOfTarget, type Note, type NoteTarget } from '../../../shared/notes/note-types';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { formatTime } from '../../format';
import { useLibraryStore } from '../../stores/library-store';
import { useNotesStore, useRunNotes } from '../../stores/notes-store';
import './notes.css';

/** The run's notes are fetched once per run by whichever panel shows first. */
export function useLoadedNotes(runRef: RunRef) {
  const notes = useRunNotes(runRef);
  const load = useNotesStore((s) => s.load);
  useEffect(() => {
    if (notes.phase === 'idle') void load(runRef);
  }, [notes.phase, load, runRef]);
  return notes;
}

/** The notes of `target` with their controls; `what` names the target in labels ("this step"). */
export function NotesPanel({ runRef, target, what }: { runRef: RunRef; target: NoteTarget; what: string }) {
  const notes = useLoadedNotes(runRef);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useNotesStore((s) => s.save);
  // A shared bundle carries the notes as they were when it was exported: read-only there.
  const readOnly = useLibraryStore((s) => s.appInfo?.mode === 'bundle');
  const mine = notes.phase === 'ready' ? notesOfTarget(notes.value.notes, target) : [];
  const problem = notes.phase === 'ready' ? notes.value.problem : notes.phase === 'error' ? notes.error : null;

  return (
    <div className="notes-panel">
      {problem && (
        <p className="error" role="alert">
          Notes could not be read: {problem.message}
        </p>
      )}
      {notes.phase === 'loading' && <p className="muted" role="status">Loading notes…</p>}
      {mine.length === 0 && notes.phase === 'ready' && !adding && <p className="muted">No notes on {what}.</p>}
      <ul className="notes-list" aria-label={`Notes on ${what}`}>
        {mine.map((note) => (
          <NoteItem key={note.id} runRef={runRef} note={note} readOnly={readOnly} />
        ))}
      </ul>
      {adding ? (
        <NoteEditor
          label={`New note on ${what}`}
          initial=""
          onCancel={() => setAdding(false)}
          onSave={async (text) => {
            const failed = await save(runRef, target, text);
            setError(failed?.message ?? null);
            if (!failed) setAdding(false);
          }}
        />
      ) : readOnly ? null : (
        <button type="button" className="note-add" onClick={() => setAdding(true)} disabled={notes.phase !== 'ready'}>
          Add a note
        </button>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function NoteItem({ runRef, note, readOnly }: { runRef: RunRef; note: Note; readOnly: boolean }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { save, remove } = useNotesStore();
  if (editing) {
    return (
      <li className="note-item">
        <NoteEditor
          label="Edit note"
          initial={note.text}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            const failed = await save(runRef, note.target, text, note.id);
            setError(failed?.message ?? null);
            if (!failed) setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="note-item">
      <p className="note-text">{note.text}</p>
      <div className="note-meta">
        <span className="muted">{note.updatedAt === note.createdAt ? `added ${formatTime(note.createdAt)}` : `edited ${formatTime(note.updatedAt)}`}</span>
        {!readOnly && (
          <>
            <button type="button" onClick={() => setEditing(true)} aria-label="Edit this note">Edit</button>
            <button
              type="button"
              aria-label="Delete this note"
              onClick={async () => {
                const failed = await remove(runRef, note.id);
                setError(failed?.message ?? null);
              }}
            >
              Delete
            </button>
          </>
        )}
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function NoteEditor({ label, initial, onSave, onCancel }: { label: string; initial: string; onSave(text: string): Promise<void>; onCancel(): void }) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="note-editor"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        await onSave(text);
        setBusy(false);
      }}
    >
      <textarea aria-label={label} value={text} maxLength={MAX_NOTE_CHARS} rows={3} autoFocus onChange={(e) => setText(e.target.value)} />
      <div className="note-actions">
        <button type="submit" disabled={busy || text.trim() === ''}>
          Save note
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
