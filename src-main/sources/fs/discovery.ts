/**
 * Finds every data dir under a chosen root: the root itself, a `.little-workflow` inside
 * it, the Local Worlds nested in `.little-harness` session trees, or any of these a few
 * levels down. A data dir is a folder with an `events/` folder, or loopctl's observer
 * ledgers (`trajectory.jsonl` / `events.jsonl`).
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';
import type { DataDirInfo, DataDirKind } from '../../../shared/library';
import type { OpenDataDirOptions } from '../little-workflow/data-dir-reader';
import { countDataDirRuns, nestsDataDirs, recogniseDataDir } from '../registry';
import { fsDiagnostic } from './fs-diagnostics';
import { DEFAULT_FOLDERS_PER_LEVEL, walkForDataDirs, type WalkProgress } from './discovery-walk';
import type { Discovery } from '../little-workflow/store-types';

/** Folder levels below the root that are searched (root/.little-harness/sessions/k/dynamic-workflows/run = 5). */
export const DEFAULT_MAX_DEPTH = 6;

export { DEFAULT_FOLDERS_PER_LEVEL, type WalkProgress } from './discovery-walk';

/** Discovery knobs; the reader options are passed on when counting runs. */
export type DiscoverOptions = OpenDataDirOptions & {
  maxDepth?: number;
  /** Folders looked into per level before that level is cut (with a warning naming what was skipped). */
  foldersPerLevel?: number;
  countRuns?: boolean;
  /** Progress while the walk runs ("3 data dirs, 1,200 sessions"), and its totals once done. */
  onProgress?: (progress: WalkProgress) => void;
};

/** Find the data dirs under `rootPath`, with typed diagnostics for every reason none is found. */
export function discover(rootPath: string, options: DiscoverOptions = {}): Discovery {
  const root = resolve(rootPath);
  const diagnostics: Diagnostic[] = [];
  const result = (dataDirs: DataDirInfo[]): Discovery => ({ root, dataDirs, diagnostics });
  let realRoot: string;
  try {
    if (!statSync(root).isDirectory()) {
      diagnostics.push(diagnostic('path-not-directory', `${root} is a file, not a folder; choose the folder that holds .little-workflow`, { path: root }));
      return result([]);
    }
    realRoot = realpathSync(root);
  } catch (error) {
    diagnostics.push(fsDiagnostic(error, root));
    return result([]);
  }
  let rootEntries: string[];
  try {
    rootEntries = readdirSync(root);
  } catch (error) {
    diagnostics.push(fsDiagnostic(error, root));
    return result([]);
  }
  if (rootEntries.length === 0) {
    diagnostics.push(diagnostic('empty-dir', `${root} is empty`, { path: root }));
    return result([]);
  }
  const walkOptions = { maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, foldersPerLevel: options.foldersPerLevel ?? DEFAULT_FOLDERS_PER_LEVEL, onProgress: options.onProgress };
  const { found, progress } = walkForDataDirs(root, realRoot, walkOptions, diagnostics);
  if (found.length === 0) {
    const looked = `looked into ${progress.folders.toLocaleString('en-US')} folder${progress.folders === 1 ? '' : 's'}, ${walkOptions.maxDepth} levels deep`;
    diagnostics.push(
      diagnostic('not-a-data-dir', `No little-workflow data dir (a folder with events/), loopctl ledger or little-harness session under ${root} (${looked}); choose a project folder, its .little-workflow, or a .little-harness tree`, {
        path: root,
      }),
    );
  }
  const dataDirs = found.sort().map((dir) => describe(root, dir, options));
  return result(dataDirs);
}

function describe(root: string, dir: string, options: DiscoverOptions): DataDirInfo {
  // Found by walk(), so some source recognised it.
  const format = recogniseDataDir(dir)!;
  const { kind, sessionKey, harnessDir } = classify(dir, format);
  const info: DataDirInfo = { path: dir, label: labelOf(root, dir), kind, format, sessionKey, runCount: 0, diagnostics: [] };
  // The `.little-harness` folder of a nested world, when the opened folder holds it (its session view is reachable).
  const harnessRel = harnessDir === null ? '..' : relative(root, harnessDir);
  if (!harnessRel.startsWith('..')) info.harnessDir = labelOf(root, harnessDir!);
  return options.countRuns === false ? info : { ...info, ...countDataDirRuns(dir, format, options) };
}

function labelOf(root: string, dir: string): string {
  const rel = relative(root, dir);
  return rel === '' ? '.' : rel.split(sep).join('/');
}

/**
 * `sessions/<key>/workflows` and `sessions/<key>/dynamic-workflows/<runId>` are harness worlds
 * (with the harness data dir two levels above `<key>`); a data dir whose source nests others is
 * a `.little-harness` tree.
 */
function classify(dir: string, format: NonNullable<ReturnType<typeof recogniseDataDir>>): { kind: DataDirKind; sessionKey: string | null; harnessDir: string | null } {
  if (nestsDataDirs(format)) return { kind: 'harness-sessions', sessionKey: null, harnessDir: null };
  return harnessWorldOf(dir);
}

/** Where a data dir sits by its path alone: a harness session's world (with its session key), or a plain Local World. */
export function harnessWorldOf(dir: string): { kind: DataDirKind; sessionKey: string | null; harnessDir: string | null } {
  const parent = dirname(dir);
  if (basename(dir) === 'workflows' && basename(dirname(parent)) === 'sessions') {
    return { kind: 'harness-session', sessionKey: basename(parent), harnessDir: dirname(dirname(parent)) };
  }
  const session = dirname(parent);
  if (basename(parent) === 'dynamic-workflows' && basename(dirname(session)) === 'sessions') {
    return { kind: 'harness-dynamic', sessionKey: basename(session), harnessDir: dirname(dirname(session)) };
  }
  return { kind: 'workflow', sessionKey: null, harnessDir: null };
}

