/**
 * little-harness sessions under the opened root, for the app: the list, one session's view,
 * and the files its trace names (spooled diffs and outputs). Requests name a harness dir
 * relative to the root; it must be one found under it, so a request cannot point elsewhere.
 */
import { join, relative, resolve, sep } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { doctorReport } from '../../shared/harness-trace/doctor';
import { outcomeSession, outcomesReport, type OutcomesReport } from '../../shared/harness-trace/outcomes';
import { buildSessionModel } from '../../shared/harness-trace/session-model';
import type { SessionFile, SessionListing, SessionView } from '../../shared/harness-trace/session-view-types';
import { findHarnessDataDirs } from '../sources/little-harness/harness-roots';
import { sessionLinks } from '../sources/little-harness/session-links';
import { readSessions, treeOutcomes } from '../sources/little-harness/session-rows';
import { openSessionFolder, readSessionFile, readSessionTrace } from '../sources/little-harness/session-store';

/** Longest text a file answer carries (the rest is cut, and said so). */
export const SESSION_FILE_CAP = 1024 * 1024;
/** Longest invalid line text sent (the reason is always whole). */
const INVALID_TEXT_CAP = 500;

/** Every session of every harness data dir under `root`. */
export function listSessions(root: string): Result<SessionListing[]> {
  const out: SessionListing[] = [];
  for (const harnessDir of findHarnessDataDirs(root)) {
    const sessions = readSessions(harnessDir);
    if (!sessions.ok) return sessions;
    for (const { entry, sessionId, read } of sessions.value) {
      const base = { harnessDir: label(root, harnessDir), pathKey: entry.pathKey, sessionId };
      if ('problem' in read) {
        out.push({ ...base, state: entry.status?.state ?? null, firstAt: null, lastAt: null, tornTail: false, counts: null, problem: read.problem.message });
        continue;
      }
      const m = read.model;
      out.push({ ...base, state: m.state, firstAt: m.firstAt, lastAt: m.lastAt, tornTail: m.tornTail, counts: m.counts, problem: entry.problem?.message ?? null });
    }
  }
  return ok(out);
}

/** One session: items, doctor, invalid lines. */
export function sessionView(root: string, harnessDir: string, requested: string): Result<SessionView> {
  const dir = knownHarnessDir(root, harnessDir);
  if (!dir.ok) return dir;
  // A folder whose status.json is missing or torn still opens: its trace says what happened, `problem` says what is wrong.
  const session = openSessionFolder(dir.value, requested);
  if (!session.ok) return session;
  const trace = readSessionTrace(session.value.dir);
  if (!trace.ok) return trace;
  // Opened by id or by path key (a back link names the folder): the status file names the session.
  const sessionId = session.value.status?.id ?? session.value.id;
  const model = buildSessionModel(sessionId, session.value.status, trace.value);
  const t = trace.value;
  const linked = sessionLinks(session.value.dir, (world) => label(root, world));
  return ok({
    listing: { harnessDir, sessionId: model.sessionId, pathKey: session.value.pathKey, state: model.state, firstAt: model.firstAt, lastAt: model.lastAt, tornTail: model.tornTail, counts: model.counts, problem: session.value.problem?.message ?? null },
    items: model.items,
    doctor: doctorReport(sessionId, t),
    invalidLines: t.invalid.map((l) => ({ line: l.line, reason: l.reason, text: l.text.slice(0, INVALID_TEXT_CAP) })),
    tornTail: t.tornTail ? { line: t.tornTail.line, bytes: t.tornTail.bytes, text: t.tornTail.text.slice(0, INVALID_TEXT_CAP) } : null,
    links: linked.links,
    linkProblems: linked.diagnostics.map((d) => d.message),
  });
}

/** Outcome rates across the sessions of one harness data dir, or of one session (`little-harness outcomes [id]`). */
export function sessionOutcomes(root: string, harnessDir: string, sessionId?: string): Result<OutcomesReport> {
  const dir = knownHarnessDir(root, harnessDir);
  if (!dir.ok) return dir;
  if (sessionId !== undefined) {
    const session = openSessionFolder(dir.value, sessionId);
    if (!session.ok) return session;
    const trace = readSessionTrace(session.value.dir);
    return trace.ok ? ok(outcomesReport([outcomeSession(session.value.status?.id ?? session.value.id, trace.value)])) : trace;
  }
  return treeOutcomes(dir.value);
}

/** A file of the session by harness path (a spooled diff or tool output), as UTF-8 text. */
export function sessionFile(root: string, harnessDir: string, sessionId: string, path: string): Result<SessionFile> {
  const dir = knownHarnessDir(root, harnessDir);
  if (!dir.ok) return dir;
  const session = openSessionFolder(dir.value, sessionId);
  if (!session.ok) return session;
  const bytes = readSessionFile(session.value.dir, path);
  if (!bytes.ok) return bytes;
  const truncated = bytes.value.length > SESSION_FILE_CAP;
  return ok({ path, bytes: bytes.value.length, text: bytes.value.subarray(0, SESSION_FILE_CAP).toString('utf8'), truncated });
}

/** A folder's label relative to the opened root, as discovery writes data dir labels. */
function label(root: string, dir: string): string {
  return relative(root, dir).split(sep).join('/') || '.';
}

function knownHarnessDir(root: string, harnessDir: string): Result<string> {
  const wanted = resolve(join(root, harnessDir));
  const found = findHarnessDataDirs(root).find((d) => resolve(d) === wanted);
  return found ? ok(found) : fail(diagnostic('invalid-argument', `${harnessDir} is not a little-harness data dir under the opened folder`));
}
