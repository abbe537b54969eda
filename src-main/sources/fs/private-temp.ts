/**
 * The private temp folders that hold copies of user data (a live events.db's mirror): made with
 * an owner marker, removed on every way out of the process, and swept at start-up when the
 * process that made them is gone.
 *
 * Ways out: `exit` (a normal end, `process.exit`, an uncaught error); SIGINT, SIGTERM and SIGHUP,
 * whose default action ends the process without `exit`: the folders go first, then, when no one
 * else listens for the signal, it is raised again with its default action so the exit status
 * stays the signal's. SIGKILL and a power cut leave the folder; the next start sweeps it.
 *
 * The marker (`owner.json`: pid and the process's start time) tells a dead owner from a live
 * one; the start time (Linux: field 22 of /proc/<pid>/stat) keeps a reused pid from passing for
 * the owner. Without /proc the pid alone decides.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';

/** Every private folder this process made starts with this. */
export const PRIVATE_PREFIX = 'little-inspector-';
const MARKER = 'owner.json';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

const live = new Set<string>();
let hooked = false;
let swept = false;

/** The folder private copies go in: the OS temp folder (`TMPDIR` on Unix). */
export function privateRoot(): string {
  return tmpdir();
}

/** Make a private folder (0700) with its owner marker; it is removed at exit whatever happens. */
export function makePrivateFolder(): string {
  if (!swept) {
    swept = true;
    sweepStalePrivateFolders();
  }
  hookExit();
  const dir = mkdtempSync(join(privateRoot(), PRIVATE_PREFIX));
  live.add(dir);
  try {
    writeFileSync(join(dir, MARKER), JSON.stringify({ pid: process.pid, start: startTimeOf(process.pid) }), { mode: 0o600 });
  } catch (error) {
    removePrivateFolder(dir);
    throw error;
  }
  return dir;
}

/**
 * Have this (main) thread remove, on its way out, the folders its worker threads made: a thread's
 * own exit hooks do not run when it is terminated or the process ends under it. Called by whoever
 * starts a thread that reads live logs (the fleet index's); the folders are known by the process's
 * pid in their marker.
 */
export function takeThreadFoldersAtExit(): void {
  if (isMainThread) hookExit();
}

/** Remove a private folder now (idempotent). */
export function removePrivateFolder(dir: string): void {
  live.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

/** Folders of this process not yet removed (tests and diagnostics). */
export function privateFoldersInUse(): string[] {
  return [...live];
}

/**
 * Remove `little-inspector-*` folders under `root` whose marker names a process that is gone
 * (or a pid now held by a process started at another time). Unmarked folders are left alone:
 * they may be another tool's, or a folder being made this instant. Returns what was removed.
 */
export function sweepStalePrivateFolders(root = privateRoot()): string[] {
  return sweepPrivateFolders(root, (owner) => !ownerAlive(owner));
}

/** Remove `little-inspector-*` folders under `root` whose marker `remove` accepts. */
function sweepPrivateFolders(root: string, remove: (owner: Owner) => boolean): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!name.startsWith(PRIVATE_PREFIX)) continue;
    const dir = join(root, name);
    const owner = readMarker(dir);
    if (owner === null || !remove(owner)) continue;
    try {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Another user's folder (sticky /tmp) or gone meanwhile: not ours to insist on.
    }
  }
  return removed;
}

/** A write into a private folder failed for want of space: say where, and how to move it. */
export function tempFullDiagnostic(error: unknown, folder: string, dataPath: string): Diagnostic | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return null;
  return diagnostic(
    'temp-space-full',
    `No space left in the temp folder ${folder} for a private copy of ${dataPath} (a live events.db is read from a copy, never in place); free space there or set TMPDIR to a folder with room`,
    { path: folder },
  );
}

type Owner = { pid: number; start: string | null };

function readMarker(dir: string): Owner | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, MARKER), 'utf8')) as { pid?: unknown; start?: unknown };
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, start: typeof parsed.start === 'string' ? parsed.start : null };
  } catch {
    return null;
  }
}

function ownerAlive(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's process.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = startTimeOf(owner.pid);
  return owner.start === null || now === null || now === owner.start;
}

/** The process's start time in clock ticks since boot (Linux), or null where /proc is not there. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function removeAll(): void {
  for (const dir of [...live]) {
    try {
      removePrivateFolder(dir);
    } catch {
      // Best effort on the way out; the next start sweeps what is left.
    }
  }
  // The threads' folders (takeThreadFoldersAtExit) carry the process's pid.
  if (isMainThread) sweepPrivateFolders(privateRoot(), (owner) => owner.pid === process.pid);
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', removeAll);
  for (const signal of SIGNALS) {
    const onSignal = () => {
      removeAll();
      // Others listening (serve, tail) end the process their own way; alone, die of the signal as we would have.
      if (process.listenerCount(signal) > 1) return;
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    // First in line, so it sees whether anyone else is listening before a `once` listener is removed.
    process.prependListener(signal, onSignal);
  }
}
