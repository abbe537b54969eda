/**
 * Notes of the runs the app shows (kept by main in the app's state folder): one load per run,
 * refreshed after every add, edit or delete, so the overview, the step detail and the events
 * list marker all see the same list.
 */
import { create } from 'zustand';
import type { Diagnostic } from '../../shared/diagnostics';
import type { NoteTarget, RunNotes } from '../../shared/notes/note-types';
import { runKey } from '../../shared/run/run-key';
import type { RunRef } from '../../shared/run/run-detail-types';
import { api } from '../api';
import { IDLE, loaded, LOADING, type Load } from './load';

type NotesState = {
  byRun: Record<string, Load<RunNotes>>;
  /** Fetch the run's notes (again). */
  load(ref: RunRef): Promise<void>;
  /** Add (no id) or change a note; the error when main refused, else null. */
  save(ref: RunRef, target: NoteTarget, text: string, id?: string): Promise<Diagnostic | null>;
  remove(ref: RunRef, id: string): Promise<Diagnostic | null>;
};

/**
 * The run a note belongs to: notes are pinned to the run, whatever event it is shown as of, so
 * `at` never goes to main (notes.list refuses it: "invalid request" in every time-travelled view).
 */
function runOf(ref: RunRef): { dataDir: string; runId: string } {
  return { dataDir: ref.dataDir, runId: ref.runId };
}

export const useNotesStore = create<NotesState>((set, get) => ({
  byRun: {},
  async load(ref) {
    const key = runKey(ref.dataDir, ref.runId);
    if (get().byRun[key]?.phase !== 'ready') set((s) => ({ byRun: { ...s.byRun, [key]: LOADING } }));
    const result = await api['notes.list'](runOf(ref));
    set((s) => ({ byRun: { ...s.byRun, [key]: loaded(result) } }));
  },
  async save(ref, target, text, id) {
    const result = await api['notes.put']({ ...runOf(ref), target, text, ...(id === undefined ? {} : { id }) });
    await get().load(ref);
    return result.ok ? null : result.error;
  },
  async remove(ref, id) {
    const result = await api['notes.delete']({ ...runOf(ref), id });
    await get().load(ref);
    return result.ok ? null : result.error;
  },
}));

/** The notes load of one run (idle until asked). */
export function useRunNotes(ref: RunRef | null): Load<RunNotes> {
  return useNotesStore((s) => (ref === null ? IDLE : (s.byRun[runKey(ref.dataDir, ref.runId)] ?? IDLE)));
}
