/**
 * Every session of one little-harness data dir read and modelled: the run list's rows (the
 * source's `listRuns`) and the sessions list (`sessions.list`) come from this one walk.
 */
import { diagnostic, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { outcomeSession, outcomesReport, type OutcomeSession, type OutcomesReport, type UnreadSession } from '../../../shared/harness-trace/outcomes';
import { buildSessionModel, type SessionModel } from '../../../shared/harness-trace/session-model';
import { sessionRunSummary } from '../../../shared/harness-trace/session-run-row';
import type { TraceRead } from '../../../shared/harness-trace/trace-reader';
import type { RunSummary } from '../../../shared/library';
import { listSessionFolders, readSessionTrace, type SessionEntry } from './session-store';

/** One session folder read: its model, or why its trace could not be read. */
export type ReadSession = { entry: SessionEntry; sessionId: string; read: { trace: TraceRead; model: SessionModel } | { problem: Diagnostic } };

/** Read every session folder of `harnessDir` (by path key). */
export function readSessions(harnessDir: string): Result<ReadSession[]> {
  const listed = listSessionFolders(harnessDir);
  if (!listed.ok) return listed;
  return ok(
    listed.value.map((entry) => {
      const sessionId = entry.status?.id ?? entry.pathKey;
      const trace = readSessionTrace(entry.dir);
      return { entry, sessionId, read: trace.ok ? { trace: trace.value, model: buildSessionModel(sessionId, entry.status, trace.value) } : { problem: trace.error } };
    }),
  );
}

/**
 * Outcomes across every session of `harnessDir`. One session whose trace cannot be read (a FIFO,
 * a device, a link out) costs only itself: it is left out and named in `unreadSessions`, the
 * others are counted (issue 30; it used to fail the whole report). The CLI's `outcomes` and the
 * app's `sessions.outcomes` both answer this.
 */
export function treeOutcomes(harnessDir: string): Result<OutcomesReport & { unreadSessions: UnreadSession[] }> {
  const sessions = readSessions(harnessDir);
  if (!sessions.ok) return sessions;
  const counted: OutcomeSession[] = [];
  const unreadSessions: UnreadSession[] = [];
  for (const s of sessions.value) {
    if ('problem' in s.read) unreadSessions.push({ pathKey: s.entry.pathKey, code: s.read.problem.code, message: s.read.problem.message });
    else counted.push(outcomeSession(s.sessionId, s.read.trace));
  }
  return ok({ ...outcomesReport(counted), unreadSessions });
}

/** The run-list rows of a harness data dir: one per session whose trace reads; the others as diagnostics. */
export function listSessionRuns(harnessDir: string): { runs: RunSummary[]; diagnostics: Diagnostic[] } {
  const sessions = readSessions(harnessDir);
  if (!sessions.ok) return { runs: [], diagnostics: [sessions.error] };
  const runs: RunSummary[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const s of sessions.value) {
    if ('problem' in s.read) {
      diagnostics.push(s.read.problem);
      continue;
    }
    // A folder with neither status.json nor a trace line is not a session (yet).
    if (s.entry.status === null && s.read.trace.events.length === 0 && s.read.trace.invalid.length === 0 && s.read.trace.tornTail === null) continue;
    runs.push(sessionRunSummary(harnessDir, s.entry.pathKey, s.read.model, s.read.trace.events.map((r) => r.event)));
    if (s.entry.problem !== null) diagnostics.push({ ...s.entry.problem, severity: 'warning' });
    if (s.read.trace.invalid.length > 0) {
      diagnostics.push(diagnostic('payload-unparsable', `${s.sessionId}: ${s.read.trace.invalid.length} trace line(s) little-harness rejects`, { path: s.entry.dir, severity: 'warning' }));
    }
  }
  return { runs, diagnostics };
}
