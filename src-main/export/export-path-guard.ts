/**
 * Where an export may be written: anywhere the user chose except inside a data dir (the
 * inspector never writes a byte into one). Paths are compared after resolving symlinks of
 * the deepest existing ancestor, so `ln -s .little-workflow out` does not slip through.
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';

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

/** The data dir `target` would land in, or null when it is outside all of them. */
export function dataDirContaining(target: string, dataDirs: readonly string[]): string | null {
  return dataDirs.find((dir) => isInside(target, dir)) ?? null;
}
