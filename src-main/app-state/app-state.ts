/**
 * The app's own state folder (settings and notes; docs/ARCHITECTURE.md "The app state
 * folder"): one per process, chosen by the glue (Electron's userData, or the OS data folder
 * for browser mode and the CLI, see src-main/app-folders). Nothing is created until something is saved.
 */
import { createNotesStore, type NotesStore } from './notes-store';
import { createOtlpSettingsStore, type OtlpSettingsStore } from './otlp-settings-store';
import { createThemeStore, type ThemeStore } from './theme-store';
import { checkFolderOnDisk } from '../app-folders/app-folders';
import { ok, type Result } from '../../shared/diagnostics';
import type { RunNotes } from '../../shared/notes/note-types';

/** The state of one process. */
export type AppState = {
  /** The folder, or null when the process has none (tests, commands that keep nothing). */
  readonly dir: string | null;
  /** Notes, or null without a folder. */
  readonly notes: NotesStore | null;
  readonly otlpSettings: OtlpSettingsStore;
  /** The app's colour theme (system, light or dark). */
  readonly theme: ThemeStore;
};

/** State in memory only: no notes, settings kept until the process ends. */
export function memoryAppState(): AppState {
  return { dir: null, notes: null, otlpSettings: createOtlpSettingsStore(null), theme: createThemeStore(null) };
}

/** The state kept in `dir` (checked: never inside a data dir); null: in memory only, no notes. */
export function openAppState(dir: string | null): Result<AppState> {
  if (dir === null) return ok(memoryAppState());
  const checked = checkFolderOnDisk('state', dir);
  if (!checked.ok) return checked;
  return ok({ dir, notes: createNotesStore(dir), otlpSettings: createOtlpSettingsStore(dir), theme: createThemeStore(dir) });
}

/**
 * The notes of one run for an export (reports, bundles): sorted, and empty when the process
 * has no state folder. A notes file that cannot be read gives no notes and its diagnostic.
 */
export function notesForRun(state: Pick<AppState, 'notes'> | null, ref: { dataDir: string; runId: string }): RunNotes {
  return state?.notes?.forRun(ref) ?? { notes: [], problem: null };
}
