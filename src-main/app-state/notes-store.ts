/**
 * Notes pinned to runs, steps and events, in `notes.json` of the state folder (never a data
 * dir). A note is keyed by the real path of its run's data dir and the run id (plus the step
 * path or event id), so the same run opened through a symlink or another root finds its notes.
 * The file is read on every call: another inspector process (a CLI export, a second window's
 * server) may have written it, and it is small.
 */
import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { MAX_NOTE_CHARS, MAX_NOTES, sortNotes, type Note, type NoteTarget, type RunNotes } from '../../shared/notes/note-types';
import { readStateFile, writeStateFile } from './state-file';

/** The notes file's name in the state folder. */
export const NOTES_FILE = 'notes.json';

const text = (max: number) => z.string().min(1).max(max);
const targetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run') }).strict(),
  z.object({ kind: z.literal('step'), stepPath: text(2000) }).strict(),
  z.object({ kind: z.literal('event'), eventId: text(200), sequence: z.number().int().min(1) }).strict(),
]);
const noteSchema = z
  .object({
    id: text(100),
    dataDir: text(4096),
    runId: text(200),
    target: targetSchema,
    text: text(MAX_NOTE_CHARS),
    createdAt: text(40),
    updatedAt: text(40),
  })
  .strict();
const fileSchema = z.object({ version: z.literal(1), notes: z.array(noteSchema).max(MAX_NOTES) }).strict();

/** A note to add (no id) or to change (its id). */
export type NoteInput = { id?: string; dataDir: string; runId: string; target: NoteTarget; text: string };

/** The notes of one state folder. */
export type NotesStore = {
  /** The notes of one run, sorted; `problem` says why the file could not be read (the list is then empty). */
  forRun(ref: { dataDir: string; runId: string }): RunNotes;
  /** Add or change a note (text trimmed; empty is refused: deleting is `remove`). */
  put(input: NoteInput): Result<Note>;
  /** Delete a note; false when there was none with that id. */
  remove(id: string): Result<boolean>;
};

/** The real path of a data dir (its resolved path when it cannot be resolved, e.g. gone). */
export function noteDataDirKey(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return resolve(dataDir);
  }
}

/** The notes store of the state folder `dir`. */
export function createNotesStore(dir: string, clock: { now?: () => Date; newId?: () => string } = {}): NotesStore {
  const now = () => (clock.now?.() ?? new Date()).toISOString();
  const newId = clock.newId ?? randomUUID;
  const load = (): { notes: Note[]; problem: Diagnostic | null } => {
    const read = readStateFile(dir, NOTES_FILE, fileSchema);
    if (!read.ok) return { notes: [], problem: read.error };
    return { notes: read.value?.notes ?? [], problem: null };
  };
  const save = (notes: Note[], replacingCorrupt: boolean) => writeStateFile(dir, NOTES_FILE, { version: 1, notes }, { keepCorrupt: replacingCorrupt, now: clock.now });

  return {
    forRun({ dataDir, runId }) {
      const key = noteDataDirKey(dataDir);
      const { notes, problem } = load();
      return { notes: sortNotes(notes.filter((n) => n.dataDir === key && n.runId === runId)), problem };
    },
    put(input) {
      const body = input.text.trim();
      if (body === '') return fail(diagnostic('invalid-argument', 'A note needs some text; delete it instead'));
      if (body.length > MAX_NOTE_CHARS) return fail(diagnostic('invalid-argument', `A note holds at most ${MAX_NOTE_CHARS} characters`));
      const { notes, problem } = load();
      // A permission problem is not a corrupt file: do not move it aside, say so.
      if (problem !== null && problem.code !== 'state-file-corrupt') return fail(problem);
      const key = noteDataDirKey(input.dataDir);
      const at = now();
      let note: Note;
      let next: Note[];
      if (input.id !== undefined) {
        const existing = notes.find((n) => n.id === input.id);
        if (!existing || existing.dataDir !== key || existing.runId !== input.runId) return fail(diagnostic('item-not-found', 'That note no longer exists', { runId: input.runId }));
        note = { ...existing, target: input.target, text: body, updatedAt: at };
        next = notes.map((n) => (n.id === note.id ? note : n));
      } else {
        if (notes.length >= MAX_NOTES) return fail(diagnostic('invalid-argument', `The state folder already holds ${MAX_NOTES} notes`));
        note = { id: newId(), dataDir: key, runId: input.runId, target: input.target, text: body, createdAt: at, updatedAt: at };
        next = [...notes, note];
      }
      const saved = save(next, problem !== null);
      return saved.ok ? ok(note) : saved;
    },
    remove(id) {
      const { notes, problem } = load();
      if (problem !== null) return fail(problem);
      if (!notes.some((n) => n.id === id)) return ok(false);
      const saved = save(
        notes.filter((n) => n.id !== id),
        false,
      );
      return saved.ok ? ok(true) : saved;
    },
  };
}

