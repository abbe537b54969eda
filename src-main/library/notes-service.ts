/**
 * The `notes.*` handlers: notes of runs of the opened library, kept in the app's state folder
 * (src-main/app-state/notes-store.ts). A page may name only a data dir of the opened library
 * (and, to pin a note, a run it lists); without a state folder notes are `unsupported`.
 */
import type { RequestOf } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import type { Note, RunNotes } from '../../shared/notes/note-types';
import type { NotesStore } from '../app-state/notes-store';
import { folderInsideDataDirs } from '../app-folders/app-folders';

/** The notes handlers over `store` (in the state folder `stateDir`) for the library `snapshot()`. */
export function createNotesService(store: NotesStore | null, stateDir: string | null, snapshot: () => LibrarySnapshot | null) {
  const check = (ref: { dataDir: string; runId: string }, needRun: boolean): Result<NotesStore> => {
    if (store === null || stateDir === null) return fail(diagnostic('unsupported', 'Notes need the app state folder, which this process does not have'));
    const open = snapshot();
    if (!open?.dataDirs.some((d) => d.path === ref.dataDir)) return fail(diagnostic('invalid-argument', 'Notes are kept only for data dirs of the opened folder', { path: ref.dataDir }));
    // A state folder that lies in a data dir of the opened library (any format) is never used.
    const inside = folderInsideDataDirs('state', stateDir, open.dataDirs.map((d) => d.path));
    if (inside !== null) return fail(inside);
    if (needRun && !open.runs.some((r) => r.dataDir === ref.dataDir && r.runId === ref.runId)) {
      return fail(diagnostic('run-not-found', `Run not found: ${ref.runId}`, { runId: ref.runId, path: ref.dataDir }));
    }
    return ok(store);
  };
  return {
    list(ref: RequestOf<'notes.list'>): Result<RunNotes> {
      const notes = check(ref, false);
      return notes.ok ? ok(notes.value.forRun(ref)) : notes;
    },
    put(request: RequestOf<'notes.put'>): Result<Note> {
      const notes = check(request, true);
      return notes.ok ? notes.value.put(request) : notes;
    },
    remove(request: RequestOf<'notes.delete'>): Result<boolean> {
      const notes = check(request, false);
      if (!notes.ok) return notes;
      // Only a note of the named run: a page cannot delete notes of runs it does not show.
      if (!notes.value.forRun(request).notes.some((n) => n.id === request.id)) return ok(false);
      return notes.value.remove(request.id);
    },
  };
}
