/** Where the app's own files are (never a data dir): the package root, the built renderer, the bundled example. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package root: the nearest folder above this module whose package.json names little-inspector. */
export function appRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'little-inspector') return dir;
      } catch {
        // An unreadable package.json is not ours; keep walking up.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the little-inspector package root above ${from}`);
    dir = parent;
  }
}

/**
 * The unpacked twin of a path inside the packaged app's `app.asar`: files listed in
 * electron-builder's asarUnpack live in `app.asar.unpacked`, and code that opens files with
 * its own I/O (SQLite, worker threads) must use that real path. Other paths are unchanged.
 */
export function unpackedPath(path: string): string {
  return path.replace(/([\\/])app\.asar(?=[\\/]|$)/, '$1app.asar.unpacked');
}

/** The built renderer (`electron-vite build` output). */
export function rendererDir(): string {
  return join(appRoot(), 'out', 'renderer');
}

/** The bundled example data opened when no path is given. */
export function exampleDataDir(): string {
  // SQLite opens the example's events.db itself, so in the package it is the unpacked copy.
  return unpackedPath(join(appRoot(), 'examples', 'demo'));
}

/** The built bundle viewer (`out/bundle/viewer.js` and `viewer.css`, see scripts/build/bundle-viewer.ts). */
export function bundleViewerDir(): string {
  return join(appRoot(), 'out', 'bundle');
}
