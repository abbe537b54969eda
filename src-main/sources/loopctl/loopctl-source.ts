/**
 * loopctl's observer ledgers (`trajectory.jsonl` / `events.jsonl`) behind the RunSource
 * interface. A run's "log" is its records in order (its events.jsonl lines, then its
 * trajectory record); there are no locks, artifacts or resumes. The record cache behind the
 * events list belongs to the source instance, so it goes when the registry is disposed.
 */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { join } from 'node:path';
import { diagnostic, fail, ok } from '../../../shared/diagnostics';
import { prepareRunModel } from '../../../shared/run/run-model';
import { headOfDetail } from '../../../shared/run/run-head';
import { filesStamp } from '../fs/file-stamp';
import type { RunSource, SourceKind, SourceTailOptions } from '../run-source';
import { LoopctlDirTail } from './loopctl-dir-tail';
import { LoopctlRecordCache, recordEnvelope } from './loopctl-events';
import { readLoopctlExportBodies } from './loopctl-export-bodies';
import { isLoopctlDir, LOOPCTL_FILES, readLoopctlDir } from './loopctl-reader';
import { loadLoopctlRunDetail, summariseLoopctlDir } from './loopctl-runs';

const NO_LOCK = { state: 'unknown', pid: null, createdAt: null } as const;

function createLoopctlSource(): RunSource {
  const records = new LoopctlRecordCache();
  return {
    name: 'loopctl',
    listRuns: (dir, table) => summariseLoopctlDir(dir.path, table),
    // Every run's records come from the same two ledgers.
    logStamp: (dataDir) => filesStamp(LOOPCTL_FILES.map((file) => join(dataDir, file))),
    async *streamLog(dataDir, runId, afterSequence = 0) {
      const all = records.records(dataDir, runId);
      if (!all.ok) {
        yield { ok: false, sequence: null, runId, diagnostic: all.error, raw: null };
        return;
      }
      for (let i = afterSequence; i < all.value.length; i += 1) yield { ok: true, event: recordEnvelope(runId, i + 1, all.value[i]!) };
    },
    // loopctl writes no locks, outer loops or workflow versions.
    readFacts: () => ok({ lock: { ...NO_LOCK }, pendingCycle: null, outerLoopIds: [], workflowVersionIds: [] }),
    // Folded fresh from the ledgers on main: a ledger fold is quick next to a SQLite run's.
    detail: async (dataDir, runId, context) => {
      // A loopctl run is folded from its ledgers, which have no crash semantics to replay up to an event.
      if (context.upto !== undefined) return fail(diagnostic('unsupported', 'Time travel needs a little-workflow event log; loopctl runs are shown as they are now'));
      const detail = loadLoopctlRunDetail(dataDir, runId, context.table);
      // Folded here at once (ledgers are small): every stage is ready together.
      return detail.ok ? ok({ head: headOfDetail(detail.value), lists: Promise.resolve(ok(prepareRunModel(detail.value, context.table, new Date()))) }) : detail;
    },
    compare: async () => fail(diagnostic('unsupported', 'loopctl runs have no event log to compare')),
    eventRows: async (dataDir, runId, fromSequence, limit) => records.eventRows(dataDir, runId, fromSequence, limit),
    eventIndex: async (dataDir, runId, filter) => records.eventIndex(dataDir, runId, filter),
    event: async (dataDir, runId, sequence) => records.event(dataDir, runId, sequence),
    artifact: () => fail(diagnostic('unsupported', 'loopctl runs have no artifacts')),
    reportBodies: async (detail, maxText) => ok(readLoopctlExportBodies(detail, maxText)),
    openTail: (dir, tail: SourceTailOptions) =>
      new LoopctlDirTail(dir.path, { replayExisting: tail.replayExisting, watch: tail.watch, wake: tail.wake, priceTable: tail.priceTable }),
    dispose: () => records.clear(),
  };
}

/** loopctl data dirs: a folder holding at least one ledger file. */
export const LOOPCTL_KIND: SourceKind = {
  name: 'loopctl',
  recognise: (dir) => (isLoopctlDir(dir) ? 'loopctl' : null),
  countRuns(dir) {
    const fold = readLoopctlDir(dir, BUNDLED_PRICE_TABLE); // counted, not priced
    return { runCount: fold.runs.length, diagnostics: fold.diagnostics };
  },
  create: createLoopctlSource,
};
