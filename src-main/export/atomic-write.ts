/**
 * Writing exported reports: all or nothing, main file first, typed errors.
 *
 * Each file is written to a temp file next to its target and renamed over it, so a full disk
 * or a crash never leaves a half report under the chosen name (nor clobbers an older one).
 * A set of files (a Markdown report and its timeline SVG) is staged completely before any
 * rename, then renamed in the given order: the main file is in place before its sidecar.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';

/** One file to write. */
export type ExportFile = { path: string; data: string | Uint8Array; /** File mode of a new file (default 0o644; the app's settings use 0o600). */ mode?: number };

/** Write `files` atomically, in order; nothing under a target name changes unless all were staged. */
export function writeFilesAtomic(files: readonly ExportFile[]): Result<void> {
  const staged: Array<{ temp: string; path: string }> = [];
  const cleanup = () => staged.forEach(({ temp }) => rmSync(temp, { force: true }));
  for (const file of files) {
    const refused = targetRefusal(file.path);
    if (refused) {
      cleanup();
      return fail(refused);
    }
    const temp = join(dirname(file.path), `.${basename(file.path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      writeWhole(temp, file.data, file.mode ?? 0o644);
      staged.push({ temp, path: file.path });
    } catch (error) {
      rmSync(temp, { force: true });
      cleanup();
      return fail(writeDiagnostic(error, file.path));
    }
  }
  for (let i = 0; i < staged.length; i++) {
    try {
      renameSync(staged[i].temp, staged[i].path);
    } catch (error) {
      staged.slice(i).forEach(({ temp }) => rmSync(temp, { force: true }));
      return fail(writeDiagnostic(error, staged[i].path));
    }
  }
  return ok(undefined);
}

/** Why `path` cannot be a report file (a folder there), or null. */
function targetRefusal(path: string): Diagnostic | null {
  try {
    if (statSync(path).isDirectory()) return diagnostic('invalid-argument', `${path} is a folder; give a file name to write the report to`, { path });
  } catch {
    // Missing is the usual case; other errors surface when writing.
  }
  return null;
}

function writeWhole(path: string, data: string | Uint8Array, mode: number): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  // 'wx': never follow or reuse something already at the temp name.
  const fd = openSync(path, 'wx', mode);
  try {
    let offset = 0;
    while (offset < bytes.byteLength) offset += writeSync(fd, bytes, offset, bytes.byteLength - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A typed diagnostic for a failed write (the raw `Error: ENOSPC …` never reaches the user). */
export function writeDiagnostic(error: unknown, path: string): Diagnostic {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return diagnostic('permission-denied', `No space left to write ${path}; nothing was written`, { path, detail: { errno: code } });
    case 'EISDIR':
      return diagnostic('invalid-argument', `${path} is a folder; give a file name to write the report to`, { path });
    case 'ENOENT':
    case 'ENOTDIR':
      return diagnostic('path-not-found', `The folder of ${path} does not exist`, { path });
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return diagnostic('permission-denied', `Permission denied writing ${path}`, { path, detail: { errno: code } });
    default:
      return diagnostic('internal', `Cannot write ${path} (${code ?? 'unknown error'}); nothing was written`, { path, detail: { errno: code ?? null } });
  }
}
