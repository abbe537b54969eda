/**
 * Finds every data dir under a chosen root: the root itself, a `.little-workflow` inside
 * it, the Local Worlds nested in `.little-harness` session trees, or any of these a few
 * levels down. A data dir is a folder with an `events/` folder, or loopctl's observer
 * ledgers (`trajectory.jsonl` / `events.jsonl`).
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';
import type { DataDirInfo, DataDirKind } from '../../../shared/library';
import type { OpenDataDirOptions } from '../little-workflow/data-dir-reader';
import { countDataDirRuns, nestsDataDirs, recogniseDataDir } from '../registry';
import { fsDiagnostic } from './fs-diagnostics';
import { outside } from './safe-paths';
import type { Discovery } from '../little-workflow/store-types';

/** Folder levels below the root that are searched (root/.little-harness/sessions/k/dynamic-workflows/run = 5). */
export const DEFAULT_MAX_DEPTH = 6;

/**
 * Folders looked into before discovery stops (a home folder or `/` holds far more): beyond it
 * the library says "stopped after N folders" instead of walking on while every request waits.
 */
export const DEFAULT_MAX_FOLDERS = 5_000;

/** Folders never worth descending into. */
const SKIPPED = new Set(['node_modules', '.git']);

/** Discovery knobs; the reader options are passed on when counting runs. */
export type DiscoverOptions = OpenDataDirOptions & { maxDepth?: number; maxFolders?: number; countRuns?: boolean };

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
  let rootEntries: Dirent[];
  try {
    rootEntries = readdirSync(root, { withFileTypes: true });
  } catch (error) {
    diagnostics.push(fsDiagnostic(error, root));
    return result([]);
  }
  if (rootEntries.length === 0) {
    diagnostics.push(diagnostic('empty-dir', `${root} is empty`, { path: root }));
    return result([]);
  }
  const found: string[] = [];
  const budget = { left: options.maxFolders ?? DEFAULT_MAX_FOLDERS, stopped: false };
  walk(root, realRoot, 0, options.maxDepth ?? DEFAULT_MAX_DEPTH, new Set([realRoot]), found, diagnostics, budget);
  if (budget.stopped) {
    const limit = (options.maxFolders ?? DEFAULT_MAX_FOLDERS).toLocaleString('en-US');
    diagnostics.push(
      diagnostic('discovery-stopped', `Stopped after ${limit} folders under ${root}: data dirs further in are not listed; open a narrower folder`, { path: root, severity: 'warning' }),
    );
  }
  if (found.length === 0) {
    diagnostics.push(
      diagnostic('not-a-data-dir', `No little-workflow data dir (a folder with events/), loopctl ledger or little-harness session under ${root}; choose a project folder, its .little-workflow, or a .little-harness tree`, {
        path: root,
      }),
    );
  }
  const dataDirs = found.sort().map((dir) => describe(root, dir, options));
  return result(dataDirs);
}

type FolderBudget = { left: number; stopped: boolean };

function walk(dir: string, realRoot: string, depth: number, maxDepth: number, seen: Set<string>, found: string[], diagnostics: Diagnostic[], budget: FolderBudget): void {
  if (budget.left <= 0) {
    budget.stopped = true;
    return;
  }
  budget.left -= 1;
  const format = recogniseDataDir(dir);
  if (format !== null) {
    found.push(dir);
    // A data dir's own subfolders (runs/, memory/, artifacts/) never hold another one, except
    // a `.little-harness` tree's: its session folders hold Local Worlds.
    if (!nestsDataDirs(format)) return;
  }
  if (depth >= maxDepth) return;
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (depth > 0) diagnostics.push({ ...fsDiagnostic(error, dir), severity: 'warning' });
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (SKIPPED.has(entry.name)) continue;
    const child = join(dir, entry.name);
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    let real: string;
    try {
      real = realpathSync(child);
    } catch {
      continue;
    }
    // Symlinks are followed only while they stay under the root (checked before anything,
    // even a stat, touches the target), and each folder once.
    if (entry.isSymbolicLink() && outside(realRoot, real, child) !== null) {
      diagnostics.push(diagnostic('path-outside-data-dir', `Skipped ${child}: a symbolic link leaving ${realRoot}`, { path: child, severity: 'info' }));
      continue;
    }
    try {
      if (!statSync(real).isDirectory()) continue;
    } catch {
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    walk(child, realRoot, depth + 1, maxDepth, seen, found, diagnostics, budget);
    if (budget.stopped) return;
  }
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

