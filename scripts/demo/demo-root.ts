/**
 * The demo root `npm start` opens (issue 35): `<cache>/demo/`, a copy of the committed
 * `examples/demo` plus the long run (`long-run/.little-workflow`, ~20,000 events, ~25 MB with
 * its artifacts: too big to commit) generated beside it on first start. The app opens one root,
 * and discovery never follows a symlink out of it, so both live in one real folder.
 *
 * A stamp (`.demo-root.json`) records the long-run generator's version and a digest of the
 * committed demo: a current root is reused as it is, any other one is rebuilt. The root is built
 * in a sibling folder and renamed into place, so a killed start never leaves half a demo. Only
 * the cache folder is written: never `examples/`, never a data dir (a cache inside one is refused).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkFolderOnDisk } from '../../src-main/app-folders/app-folders';
import { isInside } from '../../src-main/app-folders/inside-data-dir';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics';
import { DEMO_LONG_RUN_VERSION, DEMO_LONG_RUN_VISITS, writeDemoLongRun } from '../fixtures/scenarios/demo-long-run';

/** The stamp file's name, at the top of the demo root. */
export const DEMO_STAMP = '.demo-root.json';

/** What the stamp holds. */
export type DemoStamp = { generator: number; visits: number; examples: string };

/** How to build the demo root. */
export type DemoRootOptions = {
  /** The app's cache folder (`--cache-dir`, `LITTLE_INSPECTOR_CACHE_DIR`, the OS default). */
  cacheDir: string;
  /** The committed demo to copy (`examples/demo`). */
  examplesDemo: string;
  /** Loop visits of the long run (tests ask for fewer). */
  visits?: number;
  /** Where the one "Generating…" line goes. */
  log?: (line: string) => void;
};

/** The answer: the root to open, or why none can be made. */
export type DemoRootResult = { ok: true; root: string; longRun: string; generated: boolean } | { ok: false; error: Diagnostic };

/** `<cacheDir>/demo`. */
export function demoRootIn(cacheDir: string): string {
  return join(cacheDir, 'demo');
}

/** The long run's data dir inside a demo root. */
export function longRunDataDir(root: string): string {
  return join(root, 'long-run', '.little-workflow');
}

/** The stamp a current root carries for `examplesDemo` and `visits`. */
export function expectedStamp(examplesDemo: string, visits = DEMO_LONG_RUN_VISITS): DemoStamp {
  return { generator: DEMO_LONG_RUN_VERSION, visits, examples: treeDigest(examplesDemo) };
}

/** The demo root under `cacheDir`: reused when current, else (re)built. */
export function ensureDemoRoot(o: DemoRootOptions): DemoRootResult {
  const refused = refusal(o);
  if (refused) return { ok: false, error: refused };
  const root = demoRootIn(o.cacheDir);
  const stamp = expectedStamp(o.examplesDemo, o.visits);
  if (isCurrent(root, stamp)) return { ok: true, root, longRun: longRunDataDir(root), generated: false };
  const partial = `${root}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  try {
    o.log?.(`Generating the demo's long run (${(stamp.visits * 20).toLocaleString('en-US')} events) into ${longRunDataDir(root)}…`);
    cpSync(o.examplesDemo, partial, { recursive: true, verbatimSymlinks: true });
    writeDemoLongRun(longRunDataDir(partial), { visits: stamp.visits });
    writeFileSync(join(partial, DEMO_STAMP), `${JSON.stringify(stamp)}\n`);
    rmSync(root, { recursive: true, force: true });
    renameSync(partial, root);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    // Another start may have put a current root in place meanwhile.
    if (isCurrent(root, stamp)) return { ok: true, root, longRun: longRunDataDir(root), generated: false };
    return { ok: false, error: writeFailure(root, error as NodeJS.ErrnoException) };
  }
  return { ok: true, root, longRun: longRunDataDir(root), generated: true };
}

/** Why `o.cacheDir` may not hold the demo: inside a data dir, or inside the committed demo. */
function refusal(o: DemoRootOptions): Diagnostic | null {
  if (!existsSync(join(o.examplesDemo, '.little-workflow'))) {
    return diagnostic('path-not-found', `The committed demo ${o.examplesDemo} is missing; run "npm run fixtures" first.`, { path: o.examplesDemo });
  }
  const onDisk = checkFolderOnDisk('cache', o.cacheDir);
  if (!onDisk.ok) return onDisk.error;
  if (isInside(o.cacheDir, o.examplesDemo)) {
    return diagnostic('cache-dir-in-data-dir', `The cache folder ${o.cacheDir} is inside the committed demo ${o.examplesDemo}, which is never written at run time. Choose another --cache-dir.`, { path: o.cacheDir });
  }
  return null;
}

function writeFailure(root: string, error: NodeJS.ErrnoException): Diagnostic {
  const code = error.code === 'EACCES' || error.code === 'EPERM' ? 'permission-denied' : error.code === 'ENOSPC' ? 'temp-space-full' : 'internal';
  return diagnostic(code, `Could not write the demo into ${root}: ${error.message}`, { path: root });
}

function isCurrent(root: string, stamp: DemoStamp): boolean {
  try {
    const found = JSON.parse(readFileSync(join(root, DEMO_STAMP), 'utf8')) as Partial<DemoStamp>;
    return found.generator === stamp.generator && found.visits === stamp.visits && found.examples === stamp.examples && existsSync(join(longRunDataDir(root), 'events', 'events.db'));
  } catch {
    return false;
  }
}

/** sha256 over every file's relative path and bytes, in name order (~660 KB: a few ms). */
function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) hash.update(`${relative(dir, path)}\0`).update(readFileSync(path)).update('\0');
    }
  };
  walk(dir);
  return hash.digest('hex');
}
