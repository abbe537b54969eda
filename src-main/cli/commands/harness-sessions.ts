/**
 * little-harness session commands, equivalents of `little-harness sessions|trace|doctor|outcomes`
 * with the same numbers (docs/HARNESS-SESSIONS.md), read-only:
 *   sessions [--data-dir DIR] [--json]
 *   trace <session-id> [--failures] [--json]      (--json: the valid lines as NDJSON, as written)
 *   doctor <session-id> [--json]                  (exit 1 when anything failed or is invalid)
 *   outcomes [session-id] [--json]
 */
import { join } from 'node:path';
import { diagnostic } from '../../../shared/diagnostics';
import { buildSessionModel } from '../../../shared/harness-trace/session-model';
import { doctorExitCode } from '../../../shared/harness-trace/doctor';
import { outcomeSession, outcomesReport, type OutcomesReport } from '../../../shared/harness-trace/outcomes';
import { countArtifactFiles, listSessionFolders, readSessionTrace, treeOutcomes } from '../../library/harness-logs';
import { parseArgs, UsageError } from '../args';
import type { CliIo } from '../cli-io';
import { harnessDataDirs, oneHarnessDataDir, readSessionOrThrow, sessionDoctor } from '../harness-data-dir';
import { formatDoctorText, formatOutcomesText, formatSessionsTable, formatTraceText, type SessionRow } from '../harness-session-text';
import { DataDirError } from '../run-log';
import { terminalSafe } from '../terminal-safe';

/** Every session of every harness data dir under --data-dir. */
export async function sessionsCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false });
  if (positionals.length > 0) throw new UsageError('Usage: little-inspector sessions [--data-dir <dir>] [--json]');
  const rows: SessionRow[] = [];
  for (const harnessDir of harnessDataDirs(flags['data-dir'])) {
    const listed = listSessionFolders(harnessDir);
    if (!listed.ok) throw new DataDirError(listed.error);
    for (const entry of listed.value) {
      const trace = readSessionTrace(entry.dir);
      if (!trace.ok) {
        rows.push({ harnessDir, pathKey: entry.pathKey, model: null, problem: trace.error.message });
        continue;
      }
      rows.push({ harnessDir, pathKey: entry.pathKey, model: buildSessionModel(entry.status?.id ?? entry.pathKey, entry.status, trace.value), problem: entry.problem?.message ?? null });
    }
  }
  if (flags.json) {
    // tracePath and artifactCount are the fields little-harness's own `sessions` adds to each status.
    const out = rows.map((r) => {
      const dir = join(r.harnessDir, 'sessions', r.pathKey);
      const where = { harnessDir: r.harnessDir, pathKey: r.pathKey, tracePath: join(dir, 'trace.ndjson'), artifactCount: countArtifactFiles(dir), problem: r.problem };
      return { ...where, ...(r.model ? { sessionId: r.model.sessionId, state: r.model.state, firstAt: r.model.firstAt, lastAt: r.model.lastAt, tornTail: r.model.tornTail, counts: r.model.counts } : {}) };
    });
    io.stdout(`${JSON.stringify(out, null, 2)}\n`);
  } else io.stdout(formatSessionsTable(rows));
  return 0;
}

/** A session's trace, valid lines and invalid ones where they sit. */
export async function traceCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false, failures: false });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector trace <session-id> [--data-dir <dir>] [--failures] [--json]');
  const { trace } = readSessionOrThrow(oneHarnessDataDir(flags['data-dir']), positionals[0]);
  if (flags.json) {
    for (const r of trace.events) io.stdout(`${JSON.stringify(r.event)}\n`);
    for (const l of trace.invalid) io.stderr(`line ${l.line}: invalid: ${terminalSafe(l.reason)}\n`);
    if (trace.tornTail) io.stderr(`line ${trace.tornTail.line}: torn (${trace.tornTail.bytes} bytes, no newline)\n`);
  } else io.stdout(formatTraceText(trace, flags.failures === true));
  return 0;
}

/** doctor's findings for one session. */
export async function doctorCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false });
  if (positionals.length !== 1) throw new UsageError('Usage: little-inspector doctor <session-id> [--data-dir <dir>] [--json]');
  const report = sessionDoctor(oneHarnessDataDir(flags['data-dir']), positionals[0]);
  io.stdout(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctorText(report));
  // little-harness exits 2 here; ours keeps 2 for "the data dir cannot be read", so findings are 1 (as `check`).
  return doctorExitCode(report) === 0 ? 0 : 1;
}

/**
 * Outcome rates across the data dir's sessions (or one). Over the tree, a session whose trace
 * cannot be read costs only itself (`treeOutcomes`): named on stderr and in `unreadSessions`,
 * the others counted, exit 0; exit 2 only when no session could be read.
 */
export async function outcomesCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv, { 'data-dir': true, json: false });
  if (positionals.length > 1) throw new UsageError('Usage: little-inspector outcomes [session-id] [--data-dir <dir>] [--json]');
  const harnessDir = oneHarnessDataDir(flags['data-dir']);
  let report: OutcomesReport;
  if (positionals.length === 1) {
    const { session, trace } = readSessionOrThrow(harnessDir, positionals[0]);
    report = outcomesReport([outcomeSession(session.id, trace)]);
  } else {
    const tree = treeOutcomes(harnessDir);
    if (!tree.ok) throw new DataDirError(tree.error);
    report = tree.value;
    const unread = tree.value.unreadSessions;
    if (report.sessionIds.length === 0 && unread.length > 0) {
      const more = unread.length > 1 ? ` (and ${unread.length - 1} more)` : '';
      throw new DataDirError(diagnostic(unread[0].code, `no session of ${harnessDir} could be read: ${unread[0].message}${more}`, { path: harnessDir }));
    }
    for (const u of unread) io.stderr(`${terminalSafe(`session ${u.pathKey} not counted: ${u.code}: ${u.message}`)}\n`);
  }
  io.stdout(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatOutcomesText(report));
  return 0;
}
