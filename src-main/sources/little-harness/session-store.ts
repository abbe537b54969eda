/**
 * Read-only access to the sessions of one little-harness data dir: list them, open one by id
 * (little-harness's lookup: the id's path key, and a session exists only when its status.json
 * parses), read its trace, and read files it names (`contentRef`s, spooled outputs) by harness
 * path. Every read stays inside the session folder (real paths checked, symlinks out refused).
 */
import { createHash } from 'node:crypto';
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { readTrace, type TraceRead } from '../../../shared/harness-trace/trace-reader';
import type { SessionStatus } from '../../../shared/harness-trace/session-model';
import { isRecord, outside, parseJson, readContainedFile } from '../fs/safe-paths';

/** little-harness `sessionKeyToPathKey`: the id when it is a safe folder name, else `s_<16 hex of sha256(id)>`. */
export function sessionPathKey(sessionId: string): string {
  if (/^[a-zA-Z0-9._:-]{1,96}$/.test(sessionId) && !sessionId.includes('..')) return sessionId;
  return `s_${createHash('sha256').update(sessionId).digest('hex').slice(0, 16)}`;
}

/** One session folder as listed: its status when readable, else why not. */
export type SessionEntry = { pathKey: string; dir: string; status: SessionStatus | null; problem: Diagnostic | null };

/** A session opened by id. */
export type OpenSession = { id: string; pathKey: string; dir: string; status: SessionStatus };

/** A session folder opened by id whether or not its status.json reads (`problem` says why not). */
export type SessionFolder = { id: string; pathKey: string; dir: string; status: SessionStatus | null; problem: Diagnostic | null };

/** Session folders of `harnessDir` (real folders only: a symlinked session is not followed), by path key. */
export function listSessionFolders(harnessDir: string): Result<SessionEntry[]> {
  let names: string[];
  try {
    names = readdirSync(join(harnessDir, 'sessions'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return ok([]);
    return fail(diagnostic('permission-denied', `${join(harnessDir, 'sessions')} cannot be listed (${code ?? 'error'})`, { path: harnessDir }));
  }
  return ok(names.map((pathKey) => ({ pathKey, dir: join(harnessDir, 'sessions', pathKey), ...readStatus(join(harnessDir, 'sessions', pathKey)) })));
}

/** Open the session `sessionId` as little-harness does (path key, then status.json); a typed diagnostic when it is not there. */
export function openSession(harnessDir: string, sessionId: string): Result<OpenSession> {
  const folder = openSessionFolder(harnessDir, sessionId);
  if (!folder.ok) return folder;
  const { status, problem, ...where } = folder.value;
  if (status === null) return fail(diagnostic('run-not-found', `Session not found: ${sessionId}${problem ? ` (${problem.message})` : ''}`, { path: where.dir }));
  return ok({ ...where, status });
}

/**
 * The folder of session `sessionId` (its path key under `sessions/`), with its status when
 * status.json reads. The app opens a folder whose status file is missing or torn (its trace
 * still says what happened); little-harness, and so the CLI, says "Session not found".
 * A session folder that is a link out of the harness data dir is refused.
 */
export function openSessionFolder(harnessDir: string, sessionId: string): Result<SessionFolder> {
  const pathKey = sessionPathKey(sessionId);
  const dir = join(harnessDir, 'sessions', pathKey);
  let real: string;
  try {
    real = realpathSync(dir);
    if (!statSync(real).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch {
    return fail(diagnostic('run-not-found', `Session not found: ${sessionId} (no folder sessions/${pathKey})`, { path: dir }));
  }
  let realHarness: string;
  try {
    realHarness = realpathSync(harnessDir);
  } catch (error) {
    return fail(diagnostic('path-not-found', `${harnessDir} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { path: harnessDir }));
  }
  const escape = outside(realHarness, real, dir);
  if (escape !== null) return fail(escape);
  return ok({ id: sessionId, pathKey, dir, ...readStatus(dir) });
}

/**
 * Regular files under the session's `artifacts/` folder, at any depth: the `artifactCount`
 * little-harness `sessions` prints. Links are not followed (a link is neither file nor folder).
 */
export function countArtifactFiles(sessionDir: string): number {
  const walk = (dir: string, depth: number): number => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return 0;
    }
    return entries.reduce((n, e) => n + (e.isFile() ? 1 : e.isDirectory() && depth < 64 ? walk(join(dir, e.name), depth + 1) : 0), 0);
  };
  return walk(join(sessionDir, 'artifacts'), 0);
}

/** The session's trace read whole; a missing trace is an empty one (as little-harness reads it). */
export function readSessionTrace(sessionDir: string): Result<TraceRead> {
  const read = readContainedFile(sessionDir, 'trace.ndjson');
  if (!read.ok) return read;
  return ok(readTrace(read.value.kind === 'found' ? new Uint8Array(read.value.bytes) : new Uint8Array()));
}

/** The bytes of harness path `harnessPath` (`/artifacts/…`, `/session/…`) of a session, or a diagnostic. */
export function readSessionFile(sessionDir: string, harnessPath: string): Result<Buffer> {
  const segments = harnessPath.split('/').filter((s) => s !== '');
  const roots = ['session', 'artifacts', 'persistent', '.agents'];
  if (!harnessPath.startsWith('/') || segments.length < 2 || !roots.includes(segments[0]) || segments.some((s) => s === '..' || s === '.' || s.includes('\0'))) {
    return fail(diagnostic('invalid-argument', `${JSON.stringify(harnessPath)} is not a harness path inside a managed root`));
  }
  const read = readContainedFile(sessionDir, ...segments);
  if (!read.ok) return read;
  if (read.value.kind === 'missing') return fail(diagnostic('artifact-missing', `${harnessPath} is named by the trace but not in the session folder`, { path: read.value.path }));
  return ok(read.value.bytes);
}

function readStatus(dir: string): { status: SessionStatus | null; problem: Diagnostic | null } {
  const read = readContainedFile(dir, 'status.json');
  if (!read.ok) return { status: null, problem: read.error };
  if (read.value.kind === 'missing') return { status: null, problem: diagnostic('run-not-found', `${dir} has no status.json`, { path: read.value.path }) };
  const parsed = parseJson(read.value.bytes.toString('utf8'));
  // little-harness reads a torn status.json as "no session" too (session-store.ts readStatus).
  if (!parsed.ok || !isRecord(parsed.value)) return { status: null, problem: diagnostic('payload-unparsable', `${read.value.path} is not a JSON object (${parsed.ok ? 'not an object' : parsed.message})`, { path: read.value.path }) };
  const v = parsed.value;
  const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  return { status: { id: text('id'), state: text('state'), pathKey: text('pathKey'), createdAt: text('createdAt'), updatedAt: text('updatedAt') }, problem: null };
}
