/**
 * Finds little-harness data dirs (the folder holding `sessions/<pathKey>/`, `.little-harness` by
 * default; little-harness `src/local-host/paths.ts`) under a chosen root. Symlinked folders are
 * never followed (a Dirent of a link is not a directory), and session folders are not searched
 * further: the Local Worlds nested in them are little-workflow's discovery's business.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

/** How deep below the root harness data dirs are looked for (project/app/.little-harness = 2). */
export const HARNESS_SEARCH_DEPTH = 4;

const SKIPPED = new Set(['node_modules', '.git', 'workflows', 'dynamic-workflows', 'events']);

/** True when `dir` holds a `sessions/` folder with at least one session folder (status.json or trace.ndjson). */
export function isHarnessDataDir(dir: string): boolean {
  const sessions = entries(join(dir, 'sessions'));
  return sessions.some((e) => e.isDirectory() && entries(join(dir, 'sessions', e.name)).some((f) => f.isFile() && (f.name === 'status.json' || f.name === 'trace.ndjson')));
}

/** Harness data dirs at or under `root` (the root itself first), in path order. */
export function findHarnessDataDirs(root: string, maxDepth = HARNESS_SEARCH_DEPTH): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (isHarnessDataDir(dir)) {
      found.push(dir);
      return;
    }
    if (depth >= maxDepth) return;
    for (const e of entries(dir).filter((d) => d.isDirectory() && !SKIPPED.has(d.name)).sort((a, b) => a.name.localeCompare(b.name))) {
      walk(join(dir, e.name), depth + 1);
    }
  };
  walk(root, 0);
  return found;
}

function entries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
