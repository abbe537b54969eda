/**
 * One JSON file of the state folder: read and validated, written whole and atomically.
 *
 * The files are the user's (they may edit or break them): a missing file reads as null, a
 * file that is not JSON or fails its schema is a `state-file-corrupt` diagnostic, never a
 * throw. Before a write replaces a corrupt file, the old bytes are kept beside it
 * (`<name>.corrupt-<time>`), so nothing the user wrote is ever lost silently.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { writeDiagnostic, writeFilesAtomic } from '../export/atomic-write';
import { checkFolderOnDisk } from '../app-folders/app-folders';

/** Largest state file read (notes of many runs fit easily; a runaway file is refused, not parsed). */
export const MAX_STATE_FILE_BYTES = 32 * 1024 * 1024;

/** Read `name` in `dir` against `schema`: the value, null when the file is missing, or why it cannot be used. */
export function readStateFile<T>(dir: string, name: string, schema: z.ZodType<T>): Result<T | null> {
  const path = join(dir, name);
  let text: string;
  try {
    const bytes = readFileSync(path);
    if (bytes.byteLength > MAX_STATE_FILE_BYTES) return fail(corrupt(path, `it is larger than ${MAX_STATE_FILE_BYTES} bytes`));
    text = bytes.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return ok(null);
    return fail(diagnostic(code === 'EACCES' || code === 'EPERM' ? 'permission-denied' : 'state-file-corrupt', `Cannot read ${path} (${code ?? 'unknown error'})`, { path }));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(corrupt(path, 'it is not valid JSON'));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return fail(corrupt(path, `${first?.path.map(String).join('.') || 'the file'}: ${first?.message ?? 'does not match'}`));
  }
  return ok(parsed.data);
}

function corrupt(path: string, why: string) {
  return diagnostic('state-file-corrupt', `${path} cannot be used: ${why}. It is left as it is; the next save keeps it as ${path}.corrupt-<time> and starts a new file.`, { path });
}

/** Replace `name` in `dir` with `value` (temp + fsync + rename, mode 0600: it may hold header secrets). */
export function writeStateFile(dir: string, name: string, value: unknown, options: { keepCorrupt?: boolean; now?: () => Date } = {}): Result<void> {
  const checked = checkFolderOnDisk('state', dir);
  if (!checked.ok) return checked;
  const path = join(dir, name);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (options.keepCorrupt) renameSync(path, `${path}.corrupt-${(options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return fail(stateWriteFailed(writeDiagnostic(error, path).message, path));
  }
  const written = writeFilesAtomic([{ path, data: `${JSON.stringify(value, null, 2)}\n`, mode: 0o600 }]);
  return written.ok ? written : fail(stateWriteFailed(written.error.message, path));
}

function stateWriteFailed(message: string, path: string) {
  return diagnostic('state-write-failed', message, { path });
}
