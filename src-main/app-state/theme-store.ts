/**
 * The theme choice (shared/theme/theme.ts) in the state folder's `appearance.json`: read on
 * each ask (the user may edit the file), written whole when the choice changes. Without a state
 * folder it lives in memory for the process. A broken file reads as 'system' with its
 * diagnostic; the next choice keeps the broken bytes beside it (state-file.ts).
 */
import { z } from 'zod';
import { ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { THEMES, type Theme } from '../../shared/theme/theme';
import { readStateFile, writeStateFile } from './state-file';

/** The file's name in the state folder. */
export const APPEARANCE_FILE = 'appearance.json';

const fileSchema = z.object({ version: z.literal(1), theme: z.enum(THEMES) }).strict();

/** The theme store of one process. */
export type ThemeStore = {
  /** The choice, and why the saved file was not used, if it was not. */
  get(): { theme: Theme; problem: Diagnostic | null };
  set(theme: Theme): Result<void>;
};

/** The store; `dir` null: no state folder (the choice lasts as long as the process). */
export function createThemeStore(dir: string | null): ThemeStore {
  let memory: Theme = 'system';
  return {
    get() {
      if (dir === null) return { theme: memory, problem: null };
      const read = readStateFile(dir, APPEARANCE_FILE, fileSchema);
      return read.ok ? { theme: read.value?.theme ?? 'system', problem: null } : { theme: 'system', problem: read.error };
    },
    set(theme) {
      memory = theme;
      if (dir === null) return ok(undefined);
      const broken = !readStateFile(dir, APPEARANCE_FILE, fileSchema).ok;
      return writeStateFile(dir, APPEARANCE_FILE, { version: 1, theme }, { keepCorrupt: broken });
    },
  };
}
