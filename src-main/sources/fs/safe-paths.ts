/**
 * Turns validated ids into file paths inside a data dir, refusing anything that could
 * leave it: ids must match little-workflow's own patterns, and the real path of the file
 * (symlinks resolved) must still sit under the real path of the data dir.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, realpathSync as jsRealpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { fsDiagnostic } from './fs-diagnostics';
import { jsonTooDeep, tooDeepMessage } from '../../../shared/json-depth';

/**
 * The native realpath (one call into libc), not Node's JS one, which lstats every component in
 * JS: a fleet index build resolves two paths per artifact (its manifest and its blob), and the JS
 * walk was ~5% of the build (docs/PERFORMANCE.md "Fleet index build"). Same answers and errors.
 */
const realpathSync = (path: string): string => jsRealpathSync.native(path);

/** Check `id` against `pattern` before it becomes part of a path. */
export function checkId(id: unknown, pattern: RegExp, what: string): Result<string> {
  if (typeof id === 'string' && pattern.test(id)) return ok(id);
  return fail(diagnostic('invalid-argument', `${JSON.stringify(id)} is not a valid ${what} id (expected ${pattern.source})`));
}

/** What reading a contained file gives: its bytes, or "missing", or a diagnostic. */
export type ContainedRead = { kind: 'found'; bytes: Buffer; path: string } | { kind: 'missing'; path: string };

/**
 * Read `segments` under `dataDir` only if its real path stays inside the data dir.
 *
 * ENOENT is not an error here (callers decide what "missing" means); a symlink that
 * points out of the data dir is.
 */
export function readContainedFile(dataDir: string, ...segments: string[]): Result<ContainedRead> {
  const path = join(dataDir, ...segments);
  let realRoot: string;
  let realFile: string;
  try {
    realRoot = realpathSync(dataDir);
  } catch (error) {
    return fail(fsDiagnostic(error, dataDir));
  }
  try {
    realFile = realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ kind: 'missing', path });
    return fail(fsDiagnostic(error, path));
  }
  const escape = outside(realRoot, realFile, path);
  if (escape !== null) return fail(escape);
  // A FIFO, socket or device is refused before it is opened: opening a device can act (a tape
  // rewinds, a tty becomes ours), and a FIFO's open would wait for a writer.
  try {
    if (!statSync(realFile).isFile()) return fail(notRegularFile(path));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ kind: 'missing', path });
    return fail(fsDiagnostic(error, path));
  }
  let fd: number;
  try {
    // O_NONBLOCK and fstat again: a FIFO swapped in after the stat still must not wait for a writer.
    fd = openSync(realFile, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ kind: 'missing', path });
    return fail(fsDiagnostic(error, path));
  }
  try {
    if (!fstatSync(fd).isFile()) return fail(notRegularFile(path));
    return ok({ kind: 'found', bytes: readFileSync(fd), path });
  } catch (error) {
    return fail(fsDiagnostic(error, path));
  } finally {
    closeSync(fd);
  }
}

/** The diagnostic for a folder, FIFO, socket or device where a file was expected (never read: it could block). */
export function notRegularFile(path: string): Diagnostic {
  return diagnostic('path-not-found', `${path} is not a regular file (a folder, FIFO, socket or device); not read`, { path });
}

/** `readdirSync` of a folder of the data dir; throws (code `EOUTSIDE`) when its real path leaves the data dir. */
export function readdirContained(dataDir: string, ...segments: string[]): string[] {
  const path = join(dataDir, ...segments);
  const real = realpathSync(path);
  if (outside(realpathSync(dataDir), real, path) !== null) {
    throw Object.assign(new Error(`${path} resolves to ${real}, outside the data dir; not read`), { code: 'EOUTSIDE' });
  }
  return readdirSync(real);
}

/** A JSON file of the data dir, read (as `readContainedFile`) and parsed; `missing` says what its absence means. */
export function readContainedJson(dataDir: string, segments: string[], missing: (path: string) => Diagnostic): Result<{ path: string; parsed: ReturnType<typeof parseJson> }> {
  const file = readContainedFile(dataDir, ...segments);
  if (!file.ok) return file;
  if (file.value.kind === 'missing') return fail(missing(file.value.path));
  return ok({ path: file.value.path, parsed: parseJson(file.value.bytes.toString('utf8')) });
}

/**
 * The ids of the `<id>.json` files in `folder` of the data dir that match `idPattern` (others are
 * skipped), sorted; none when the folder is absent.
 */
export function listJsonIds(dataDir: string, folder: string, idPattern: RegExp): Result<string[]> {
  try {
    return ok(
      readdirContained(dataDir, folder)
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.slice(0, -'.json'.length))
        .filter((id) => idPattern.test(id))
        .sort(),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok([]);
    return fail(fsDiagnostic(error, join(dataDir, folder)));
  }
}

/** Stats of `path` (symlinks followed) when it resolves inside `dataDir`; null when missing, unresolvable or outside. */
export function statContained(dataDir: string, path: string): Stats | null {
  try {
    const real = realpathSync(path);
    if (outside(realpathSync(dataDir), real, path) !== null) return null;
    return statSync(real);
  } catch {
    return null;
  }
}

/** A file's identity and state for change checks (inode, size, mtime); `-` when missing. */
export function fileStamp(stats: Stats | null): string {
  return stats === null ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/** A diagnostic when `realFile` is not strictly under `realRoot`, else null. */
export function outside(realRoot: string, realFile: string, shownPath: string): Diagnostic | null {
  const rel = relative(realRoot, realFile);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
    return diagnostic('path-outside-data-dir', `${shownPath} resolves to ${realFile}, outside the data dir; not read`, {
      path: shownPath,
    });
  }
  return null;
}

/** Parse JSON text, returning the parser's message on failure. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (jsonTooDeep(text)) return { ok: false, message: tooDeepMessage() };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `path` exists as an entry (lstat: a symlink counts and is never followed). */
export function lexists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
