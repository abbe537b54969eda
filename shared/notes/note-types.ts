/**
 * Notes a person pins to a run, a step or an event. They live in the app's own state folder
 * (never a data dir), keyed by the data dir's real path and the run id, plus the step path or
 * the event id. Note text is the user's own words: every view and export renders it as text.
 */
import type { Diagnostic } from '../diagnostics';

/** What a note is pinned to inside its run. */
export type NoteTarget =
  | { kind: 'run' }
  | { kind: 'step'; stepPath: string }
  /** `sequence` is where the event sits in the log (for display and links); `eventId` is the key. */
  | { kind: 'event'; eventId: string; sequence: number };

/** One note as stored and as sent to views. */
export type Note = {
  id: string;
  /** Real path of the run's data dir. */
  dataDir: string;
  runId: string;
  target: NoteTarget;
  text: string;
  createdAt: string;
  updatedAt: string;
};

/** Longest note accepted, in characters. */
export const MAX_NOTE_CHARS = 10_000;

/** Most notes one state folder keeps (a bound on the file read at start-up). */
export const MAX_NOTES = 20_000;

/** A run's notes and, when the notes file could not be read, why (views show it; nothing crashes). */
export type RunNotes = { notes: Note[]; problem: Diagnostic | null };

/** The key of a target inside its run: `run`, `step:<path>` or `event:<eventId>`. */
export function noteTargetKey(target: NoteTarget): string {
  switch (target.kind) {
    case 'run':
      return 'run';
    case 'step':
      return `step:${target.stepPath}`;
    case 'event':
      return `event:${target.eventId}`;
  }
}

/** Notes in the order views and reports list them: run notes, then steps by path, then events by sequence; oldest first within a target. */
export function sortNotes(notes: readonly Note[]): Note[] {
  const rank = (n: Note) => (n.target.kind === 'run' ? 0 : n.target.kind === 'step' ? 1 : 2);
  const within = (n: Note) => (n.target.kind === 'step' ? n.target.stepPath : n.target.kind === 'event' ? String(n.target.sequence).padStart(16, '0') : '');
  return [...notes].sort((a, b) => rank(a) - rank(b) || within(a).localeCompare(within(b)) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The notes pinned to `target` (the step detail and the events list ask for theirs). */
export function notesOfTarget(notes: readonly Note[], target: NoteTarget): Note[] {
  const key = noteTargetKey(target);
  return notes.filter((n) => noteTargetKey(n.target) === key);
}
