/**
 * The folder walk behind discovery: level by level (breadth first), so what sits near the root
 * is always found first, with a bound on the folders looked into per level. A level past the
 * bound is cut there and says exactly what it skipped (how many folders, under which parents):
 * nothing is dropped without a word, and no data dir deep in one corner hides the rest.
 *
 * `.little-harness/sessions/<key>/` folders (little-harness `src/local-host/paths.ts`: one per
 * chat request, so tens of thousands) are not walked as folders: each session is checked where
 * its Local Worlds live (`workflows/`, `dynamic-workflows/<runId>/`), a few syscalls each, and
 * sessions are never cut: every session's world is listed.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { basename, join } from 'node:path';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';
import { nestsDataDirs, recogniseDataDir } from '../registry';
import { fsDiagnostic } from './fs-diagnostics';
import { outside } from './safe-paths';

/** Folders looked into per level of the walk (outside session folders) before the level is cut. */
export const DEFAULT_FOLDERS_PER_LEVEL = 5_000;

/** Folders never worth descending into. */
const SKIPPED = new Set(['node_modules', '.git']);

/** Parent folders named in a cut level's message (the diagnostic's detail carries up to 200). */
const NAMED_IN_MESSAGE = 5;

/** How far a walk has got (progress reports while it runs, and its totals at the end). */
export type WalkProgress = { folders: number; dataDirs: number; sessions: number };

export type WalkOptions = {
  maxDepth: number;
  foldersPerLevel: number;
  /** Called every few hundred folders or sessions, and once at the end. */
  onProgress?: (progress: WalkProgress) => void;
};

/** A folder waiting to be looked into. */
type Pending = { path: string; real: string; inHarness: boolean };

/** The data dirs under `root` (unsorted), with diagnostics for what was skipped or unreadable. */
export function walkForDataDirs(root: string, realRoot: string, options: WalkOptions, diagnostics: Diagnostic[]): { found: string[]; progress: WalkProgress } {
  const found: string[] = [];
  const progress: WalkProgress = { folders: 0, dataDirs: 0, sessions: 0 };
  let reported = 0;
  const tell = (force = false) => {
    const done = progress.folders + progress.sessions;
    if (options.onProgress && (force || done - reported >= 250)) {
      reported = done;
      options.onProgress({ ...progress });
    }
  };
  const addFound = (dir: string) => {
    found.push(dir);
    progress.dataDirs += 1;
  };
  const seen = new Set([realRoot]);
  const child = childResolver(realRoot, seen, diagnostics);
  let level: Pending[] = [{ path: root, real: realRoot, inHarness: false }];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: Pending[] = [];
    // Folders of the next level beyond the bound, counted per parent (never listed one by one).
    const cut = new Map<string, number>();
    for (const folder of level) {
      progress.folders += 1;
      tell();
      const format = recogniseDataDir(folder.path);
      if (format !== null) {
        addFound(folder.path);
        // A data dir's own subfolders (runs/, memory/, artifacts/) never hold another one, except
        // a `.little-harness` tree's: its session folders hold Local Worlds.
        if (!nestsDataDirs(format)) continue;
      }
      if (depth >= options.maxDepth) continue;
      const harness = format !== null || basename(folder.path) === '.little-harness';
      if (folder.inHarness && basename(folder.path) === 'sessions' && depth + 2 <= options.maxDepth) {
        walkSessions(folder, child, diagnostics, addFound, () => {
          progress.sessions += 1;
          tell();
        });
        continue;
      }
      for (const entry of readFolder(folder, depth, diagnostics)) {
        const pending = child(folder, entry, harness);
        if (pending === null) continue;
        if (next.length < options.foldersPerLevel) next.push(pending);
        else cut.set(folder.path, (cut.get(folder.path) ?? 0) + 1);
      }
    }
    if (cut.size > 0) diagnostics.push(cutLevel(root, depth + 1, options.foldersPerLevel, cut));
    level = next;
  }
  tell(true);
  return { found, progress };
}

/**
 * Each `<key>/` of a harness `sessions/` folder: its `workflows/` world and every
 * `dynamic-workflows/<runId>/` world. Session folders are counted, not walked.
 */
function walkSessions(sessions: Pending, child: ChildResolver, diagnostics: Diagnostic[], addFound: (dir: string) => void, counted: () => void): void {
  for (const entry of readFolder(sessions, 1, diagnostics)) {
    const session = child(sessions, entry, true);
    if (session === null) continue;
    counted();
    const workflows = join(session.path, 'workflows');
    if (recogniseDataDir(workflows) !== null) addFound(workflows);
    const dynamic = join(session.path, 'dynamic-workflows');
    const dynamicEntries = readFolder({ path: dynamic, real: join(session.real, 'dynamic-workflows'), inHarness: true }, 1, [], true);
    for (const run of dynamicEntries) {
      const world = child({ path: dynamic, real: join(session.real, 'dynamic-workflows'), inHarness: true }, run, true);
      if (world !== null && recogniseDataDir(world.path) !== null) addFound(world.path);
    }
  }
}

type ChildResolver = (parent: Pending, entry: Dirent, inHarness: boolean) => Pending | null;

/**
 * A subfolder to look into, or null: files, skipped names, symlinks leaving the root (checked
 * before anything, even a stat, touches the target) and folders already seen are not.
 */
function childResolver(realRoot: string, seen: Set<string>, diagnostics: Diagnostic[]): ChildResolver {
  return (parent, entry, inHarness) => {
    if (SKIPPED.has(entry.name)) return null;
    const path = join(parent.path, entry.name);
    if (entry.isDirectory()) {
      // Not a link: its real path is its real parent's plus its name (no realpath, no stat).
      const real = join(parent.real, entry.name);
      if (seen.has(real)) return null;
      seen.add(real);
      return { path, real, inHarness };
    }
    if (!entry.isSymbolicLink()) return null;
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return null;
    }
    if (outside(realRoot, real, path) !== null) {
      diagnostics.push(diagnostic('path-outside-data-dir', `Skipped ${path}: a symbolic link leaving ${realRoot}`, { path, severity: 'info' }));
      return null;
    }
    try {
      if (!statSync(real).isDirectory()) return null;
    } catch {
      return null;
    }
    // Each folder once, whatever links lead to it.
    if (seen.has(real)) return null;
    seen.add(real);
    return { path, real, inHarness };
  };
}

/** The folder's entries in name order; unreadable below the root: a warning (or nothing when `quiet`). */
function readFolder(folder: Pending, depth: number, diagnostics: Diagnostic[], quiet = false): Dirent[] {
  try {
    return readdirSync(folder.path, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    if (depth > 0 && !quiet) diagnostics.push({ ...fsDiagnostic(error, folder.path), severity: 'warning' });
    return [];
  }
}

/** The warning of a cut level: how many folders were skipped, and under which parents. */
function cutLevel(root: string, level: number, bound: number, cut: Map<string, number>): Diagnostic {
  const parents = [...cut.entries()].map(([path, count]) => ({ path, count }));
  const total = parents.reduce((sum, p) => sum + p.count, 0);
  const n = (value: number) => value.toLocaleString('en-US');
  const named = parents.slice(0, NAMED_IN_MESSAGE).map((p) => `${p.path} (${n(p.count)})`);
  const more = parents.length > NAMED_IN_MESSAGE ? ` and ${n(parents.length - NAMED_IN_MESSAGE)} more folders` : '';
  return diagnostic(
    'discovery-stopped',
    `Skipped ${n(total)} folders at level ${level} under ${root} (looked into ${n(bound)} there): not looked into, in ${named.join(', ')}${more}; data dirs inside them are not listed: open one of them (or a narrower folder) to see them`,
    { path: root, severity: 'warning', detail: { level, skippedFolders: total, skippedIn: parents.slice(0, 200) } },
  );
}
