/**
 * little-harness session folders behind the RunSource interface. A `.little-harness` data dir
 * is a data dir whose runs are its sessions: the run list shows one row per session (state,
 * model and tool calls, failures), its log is its trace.ndjson (events as envelopes, run id =
 * session id), and its live tail follows each trace by byte offset. A session has no fold, no
 * steps and no locks: its detail is the session view (`session.view`), so the run-view methods
 * answer `unsupported`. The Local Worlds nested in session folders are data dirs of their own.
 */
import { join } from 'node:path';
import { diagnostic, fail, ok } from '../../../shared/diagnostics';
import { traceEnvelope } from '../../../shared/harness-trace/session-run-row';
import { filesStamp } from '../fs/file-stamp';
import type { RunSource, SourceKind } from '../run-source';
import { HarnessDirTail } from './harness-dir-tail';
import { isHarnessDataDir } from './harness-roots';
import { listSessionRuns } from './session-rows';
import { openSessionFolder, readSessionTrace } from './session-store';

const NO_LOCK = { state: 'unknown', pid: null, createdAt: null } as const;
const SESSION_VIEW = 'a little-harness session has no workflow run view: it opens in the session view';

function createHarnessSource(): RunSource {
  return {
    name: 'little-harness',
    listRuns: (dir) => listSessionRuns(dir.path),
    async *streamLog(dataDir, runId, afterSequence = 0) {
      // Rows include folders whose status.json does not read: their traces stream too.
      const session = openSessionFolder(dataDir, runId);
      const trace = session.ok ? readSessionTrace(session.value.dir) : session;
      if (!trace.ok) {
        yield { ok: false, sequence: null, runId, diagnostic: trace.error, raw: null };
        return;
      }
      for (const record of trace.value.events) if (record.event.sequence > afterSequence) yield { ok: true, event: traceEnvelope(record.event) };
    },
    logStamp: (dataDir, runId) => {
      const session = openSessionFolder(dataDir, runId);
      return session.ok ? filesStamp([join(session.value.dir, 'trace.ndjson')]) : null;
    },
    readFacts: () => ok({ lock: { ...NO_LOCK }, pendingCycle: null, outerLoopIds: [], workflowVersionIds: [] }),
    detail: async () => fail(diagnostic('unsupported', SESSION_VIEW)),
    compare: async () => fail(diagnostic('unsupported', 'little-harness sessions have no workflow fold to compare')),
    eventRows: async () => fail(diagnostic('unsupported', SESSION_VIEW)),
    eventIndex: async () => fail(diagnostic('unsupported', SESSION_VIEW)),
    event: async () => fail(diagnostic('unsupported', SESSION_VIEW)),
    artifact: () => fail(diagnostic('unsupported', 'session files are read with session.file')),
    reportBodies: async () => fail(diagnostic('unsupported', 'little-harness sessions have no run report')),
    openTail: (dir, tail) => new HarnessDirTail(dir.path, { replayExisting: tail.replayExisting, watch: tail.watch, wake: tail.wake }),
    dispose: () => undefined,
  };
}

/** little-harness data dirs: a folder whose `sessions/` holds a session folder. */
export const LITTLE_HARNESS_KIND: SourceKind = {
  name: 'little-harness',
  recognise: (dir) => (isHarnessDataDir(dir) ? 'harness-trace' : null),
  countRuns(dir) {
    const { runs, diagnostics } = listSessionRuns(dir);
    return { runCount: runs.length, diagnostics };
  },
  create: createHarnessSource,
  nestsDataDirs: true,
};
