/**
 * Records every path the product touches while a fuzz case runs and flags the ones whose
 * real path leaves the allowed roots (the case's data dir, the reader's private copies in
 * os.tmpdir(), the repository's own code).
 *
 * Method: the product imports `node:fs` named functions; both vitest's module runner and
 * tsx read them off the module object at call time, so replacing the functions on the
 * CommonJS `fs` object and calling `syncBuiltinESMExports()` (which refreshes the ESM
 * facade) instruments every caller. SQLite opens files in C, where no JS hook sees them, so
 * the SQLite driver's `open` is wrapped too and its path (plus `-wal`/`-shm`) checked the
 * same way. Each path is resolved with the *original* realpath (symlinks followed; for a
 * missing file, its nearest existing parent), so a symlink inside the data dir pointing to
 * /etc counts as a read of /etc.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { defaultSqliteDriver, type SqliteDriver } from '../../src-main/sources/little-workflow/sqlite-driver';
import { TEST_CACHE_PREFIX } from '../support/temp-cache-dir';

const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
const slots = fs as unknown as Record<string, unknown>;

/** fs functions whose first argument is a path that gets opened, listed or stat'ed. */
const PATH_FUNCTIONS = [
  'readFileSync', 'openSync', 'readdirSync', 'statSync', 'existsSync', 'accessSync', 'opendirSync', 'copyFileSync',
  'createReadStream', 'readFile', 'open', 'readdir', 'stat', 'access', 'copyFile', 'cpSync', 'readlinkSync',
] as const;

/** One path read that left the allowed roots. */
export type Escape = { fn: string; path: string; real: string; at: string };

/** An installed guard: `stop()` restores fs and returns what escaped. */
export type FsGuard = { stop(): { escapes: Escape[]; calls: number; lingering: number } };

const REPO = resolve(__dirname, '..', '..');
const realpath = fs.realpathSync.native.bind(fs);

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
export function realOf(path: string): string {
  let current = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpath(current), ...rest.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return resolve(path);
      rest.push(basename(current));
      current = parent;
    }
  }
}

function inside(root: string, real: string): boolean {
  const rel = relative(root, real);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Real roots a case may read: its data dir, private copies, and the repository's code (not examples/). */
export function allowedRoots(dataDirs: string[]): { allowed: string[]; denied: string[] } {
  const tmp = realOf(tmpdir());
  return {
    // node_modules by its real path too: in a git worktree it is a symlink to another checkout's.
    // li-ops-state-*: the app's own state folder that test/support/run-operations.ts gives the core (notes are written there by design).
    // li-test-cache-*: the app's own fold-checkpoint cache that test/support/temp-cache-dir.ts points every test and `npm run fuzz` at.
    allowed: [...dataDirs.map(realOf), join(tmp, 'little-inspector-'), join(tmp, 'li-ops-state-'), join(tmp, TEST_CACHE_PREFIX), REPO, realOf(join(REPO, 'node_modules'))],
    denied: [join(REPO, 'examples')],
  };
}

/** True when `real` is under one allowed root (private copies match by name prefix) and no denied one. */
export function isAllowed(real: string, roots: { allowed: string[]; denied: string[] }): boolean {
  if (roots.denied.some((d) => inside(d, real))) return false;
  return roots.allowed.some((root) => (root.endsWith('-') ? real.startsWith(root) : inside(root, real)));
}

/** Start recording; only one guard may be active at a time. `caseRoot`: reads under it but outside `dataDirs` are escapes, other li-fuzz-* folders are lingering. */
export function startFsGuard(dataDirs: string[], caseRoot?: string): FsGuard {
  const roots = allowedRoots(dataDirs);
  const escapes: Escape[] = [];
  let calls = 0;
  let lingering = 0;
  // Other fuzz cases' folders (already deleted): a poller some operation left running.
  const otherCases = join(realOf(tmpdir()), 'li-fuzz-');
  const ownRoot = caseRoot === undefined ? null : realOf(caseRoot);
  const check = (fn: string, arg: unknown) => {
    if (typeof arg !== 'string' && !(arg instanceof URL) && !Buffer.isBuffer(arg)) return;
    calls += 1;
    const path = arg instanceof URL ? arg.pathname : String(arg);
    const real = realOf(path);
    if (isAllowed(real, roots)) return;
    if (real.startsWith(otherCases) && (ownRoot === null || !inside(ownRoot, real))) lingering += 1;
    else {
      const at = callerOf(new Error().stack ?? '');
      // The app state folder's refusal probe: does a folder above the state folder hold
      // events/events.db? An existence check of the state folder's ancestors, no data read.
      if (fn === 'existsSync' && at.includes('src-main/app-folders/inside-data-dir.ts') && basename(real) === 'events.db') return;
      // The private-copy sweep: it lists the temp folder for its own marked folders and reads
      // /proc/<pid>/stat to tell a dead owner from a live one; no data dir is read.
      if (at.includes('src-main/sources/fs/private-temp.ts') && (real === realOf(tmpdir()) || real.startsWith('/proc/'))) return;
      escapes.push({ fn, path, real, at });
    }
  };
  const originals = new Map<string, unknown>();
  for (const name of PATH_FUNCTIONS) {
    const original = slots[name] as (...args: unknown[]) => unknown;
    if (typeof original !== 'function') continue;
    originals.set(name, original);
    const wrapped = function (this: unknown, ...args: unknown[]) {
      check(name, args[0]);
      return original.apply(this, args);
    };
    Object.assign(wrapped, original);
    slots[name] = wrapped;
  }
  syncBuiltinESMExports();
  const driver = defaultSqliteDriver();
  const restoreDriver = driver.ok ? wrapDriver(driver.value, check) : () => undefined;
  return {
    stop() {
      for (const [name, original] of originals) slots[name] = original;
      syncBuiltinESMExports();
      restoreDriver();
      return { escapes, calls, lingering };
    },
  };
}

function wrapDriver(driver: SqliteDriver, check: (fn: string, path: string) => void): () => void {
  const mutable = driver as { open: SqliteDriver['open'] };
  const original = driver.open;
  mutable.open = (path, mode) => {
    // SQLite itself opens the file and, in WAL mode, its sidecars.
    for (const file of [path, `${path}-wal`, `${path}-shm`]) if (file === path || fs.existsSync(file)) check(`sqlite.open(${mode})`, file);
    return original(path, mode);
  };
  return () => {
    mutable.open = original;
  };
}

/** The first product frame (src-main/ or shared/) of a stack: where the escaping call was made. */
function callerOf(stack: string): string {
  const frame = stack.split('\n').find((line) => /\/(src-main|shared)\//.test(line));
  return frame === undefined ? '?' : frame.trim().replace(/^at /, '').replace(REPO + '/', '');
}
