/**
 * Is a path inside a data dir? The inspector never writes a byte into one, so every folder or
 * file it writes (state folder, checkpoint cache, exports) is checked here. Paths are compared
 * after resolving the symlinks of their deepest existing ancestor, so `ln -s .little-workflow out`
 * does not slip through.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/** `path` with symlinks resolved as far as it exists (the rest appended as written). */
export function realPathSoFar(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : resolve(realPathSoFar(parent), basename(absolute));
  }
}

/** True when `target` is `dir` itself or anywhere below it. */
export function isInside(target: string, dir: string): boolean {
  const rel = relative(realPathSoFar(dir), realPathSoFar(target));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The data dir of `dataDirs` that `target` would land in, or null when it is outside all of them. */
export function dataDirContaining(target: string, dataDirs: readonly string[]): string | null {
  return dataDirs.find((dir) => isInside(target, dir)) ?? null;
}

/**
 * The data dir at or above `dir` recognised on disk, through real paths, or null: a folder named
 * `.little-workflow` or `.little-harness`, or one holding `events/events.db` (a little-workflow
 * data dir under any name). A bare `events/` folder is not enough: plenty of homes have one.
 * Data dirs of other shapes are caught against the opened library by {@link dataDirContaining}.
 */
export function dataDirAbove(dir: string): string | null {
  for (let current = realPathSoFar(dir); ; current = dirname(current)) {
    const name = basename(current);
    if (name === '.little-workflow' || name === '.little-harness') return current;
    if (existsSync(join(current, 'events', 'events.db'))) return current;
    if (dirname(current) === current) return null;
  }
}
