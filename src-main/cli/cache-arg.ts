/**
 * `--cache-dir DIR` / `--no-cache` (and `LITTLE_INSPECTOR_CACHE_DIR`): where the commands that
 * fold a run keep fold checkpoints. A cache inside the data dir is refused (exit 2).
 */
import { chosenAppFolder, currentHost, folderInsideDataDirs } from '../app-folders/app-folders';
import { checkpointsFor, type Checkpoints } from '../engine/fold-log';
import { DataDirError } from './run-log';

/** The flags, for a command's `parseArgs` spec. */
export const CACHE_FLAGS = { 'cache-dir': true, 'no-cache': false } as const;

/** Usage text of the flags. */
export const CACHE_USAGE = '[--cache-dir <dir> | --no-cache]';

/** The cache folder the flags and environment name (null: off), refused when inside one of `dataDirs`. */
export function cacheDirArg(flags: Record<string, string | true>, dataDirs: readonly string[]): string | null {
  if (flags['no-cache'] === true) return null;
  const dir = chosenAppFolder('cache', typeof flags['cache-dir'] === 'string' ? flags['cache-dir'] : undefined, currentHost());
  const inside = folderInsideDataDirs('cache', dir, dataDirs);
  if (inside !== null) throw new DataDirError(inside);
  return dir;
}

/** Checkpoints for a command folding runs of `dataDirs`: on disk in the cache folder, or none with `--no-cache`. */
export function checkpointsArg(flags: Record<string, string | true>, dataDirs: readonly string[]): Checkpoints | null {
  const dir = cacheDirArg(flags, dataDirs);
  return dir === null ? null : checkpointsFor(dir);
}
