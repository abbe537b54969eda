/**
 * little-workflow's data dirs (`events/events.db`, or the legacy `events/*.jsonl`) behind the
 * RunSource interface. Each call opens the data dir with the read recipe and closes it before
 * it returns (a stream closes when it is finished or abandoned), so no connection outlives a request.
 */
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import type { DataDirInfo } from '../../../shared/library';
import type { PayloadNeeds } from '../../../shared/events/payload-needs';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import type { ReportBodies } from '../../../shared/report-export/harness-section';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import { lexists, statContained } from '../fs/safe-paths';
import { join } from 'node:path';
import type { RunSource, SourceKind, SourceOptions, SourceTailOptions } from '../run-source';
import { readArtifact } from './artifacts';
import { openDataDir, type OpenDataDirOptions } from './data-dir-reader';
import { DataDirTail } from './data-dir-tail';
import { readExportBodies } from './export-bodies';
import { SLICE, yieldToLoop } from './in-slices';
import { readRunFacts } from './run-facts';
import { eventRows, filterSequences, fullEvent } from './run-events';
import { summariseDataDir } from './run-rows';
import type { DataDirReader, EventRead } from './store-types';
import type { ScanReadItem } from './scan-rows';

/** Run `use` on the opened data dir, closing it afterwards. */
async function withReader<T>(dataDir: string, use: (reader: DataDirReader) => Promise<Result<T>> | Result<T>, options: OpenDataDirOptions = {}): Promise<Result<T>> {
  const reader = openDataDir(dataDir, options);
  if (!reader.ok) return reader;
  try {
    return await use(reader.value);
  } finally {
    reader.value.close();
  }
}

/** The log of `runId` after `afterSequence`, read in slices with a yield between them (main stays responsive). */
async function* streamLog(dataDir: string, runId: string, afterSequence = 0, needs?: PayloadNeeds): AsyncGenerator<EventRead> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) {
    yield { ok: false, sequence: null, runId, diagnostic: reader.error, raw: null };
    return;
  }
  try {
    let sinceYield = 0;
    for (const read of reader.value.readEvents(runId, afterSequence, undefined, needs)) {
      yield read;
      if (++sinceYield >= SLICE) {
        sinceYield = 0;
        await yieldToLoop();
      }
    }
  } finally {
    reader.value.close();
  }
}

/** The scan's read (scan-rows.ts), a page at a time with a yield between them; `fallback` for a log it cannot read that way. */
async function* scanRead(dataDir: string, runId: string, upto: number, types: readonly string[]): AsyncGenerator<ScanReadItem | EventRead> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) {
    yield { fallback: true };
    return;
  }
  try {
    if (reader.value.readForScan === undefined) {
      yield { fallback: true };
      return;
    }
    for (const item of reader.value.readForScan(runId, upto, types)) {
      yield item;
      if ('rows' in item) await yieldToLoop();
    }
  } finally {
    reader.value.close();
  }
}

function createLittleWorkflowSource(options: SourceOptions = {}): RunSource {
  return {
    name: 'little-workflow',
    listRuns(dir: DataDirInfo, table: PriceTable, only?: ReadonlySet<string>) {
      const opened = openDataDir(dir.path);
      if (!opened.ok) return { runs: [], diagnostics: [opened.error] };
      try {
        return summariseDataDir(opened.value, table, only);
      } finally {
        opened.value.close();
      }
    },
    streamLog,
    scanRead,
    readFacts: readRunFacts,
    detail: (dataDir, runId, context) =>
      options.buildDetail
        ? options.buildDetail(dataDir, runId, context)
        : Promise.resolve(fail(diagnostic('unsupported', 'This process builds no run details (no detail builder was given)'))),
    compare: (dataDir, runId, live, upto) =>
      options.compareLog ? options.compareLog(dataDir, runId, live, upto) : Promise.resolve(fail(diagnostic('unsupported', 'This process compares no runs (no comparer was given)'))),
    eventRows: (dataDir, runId, fromSequence, limit) => withReader(dataDir, (reader) => eventRows(reader, runId, fromSequence, limit)),
    eventIndex: (dataDir, runId, filter) => withReader(dataDir, (reader) => filterSequences(reader, runId, filter)),
    event: (dataDir, runId, sequence) => withReader(dataDir, (reader) => fullEvent(reader, runId, sequence)),
    artifact: (dataDir, runId, ref) => readArtifact(dataDir, ref, runId),
    reportBodies: (detail: RunDetail, maxText: number) => withReader<ReportBodies>(detail.ref.dataDir, (reader) => ok(readExportBodies(reader, detail, maxText))),
    // Legacy JSONL logs predate live runs: nothing appends to them any more.
    openTail: (dir, tail: SourceTailOptions) => (dir.format === 'sqlite' ? new DataDirTail(dir.path, tail) : null),
    dispose() {},
  };
}

/** little-workflow data dirs: a folder with an `events/` folder of its own. */
export const LITTLE_WORKFLOW_KIND: SourceKind = {
  name: 'little-workflow',
  recognise(dir) {
    // An events/ symlinked out of the folder is not followed (not even stat'ed); lstat for the db.
    if (statContained(dir, join(dir, 'events'))?.isDirectory() !== true) return null;
    return lexists(join(dir, 'events', 'events.db')) ? 'sqlite' : 'jsonl-legacy';
  },
  countRuns(dir, options?: OpenDataDirOptions) {
    const reader = openDataDir(dir, options);
    if (!reader.ok) return { runCount: 0, diagnostics: [reader.error] };
    try {
      const runs = reader.value.listRuns();
      return runs.ok ? { runCount: runs.value.runs.length, diagnostics: runs.value.diagnostics } : { runCount: 0, diagnostics: [runs.error] };
    } finally {
      reader.value.close();
    }
  },
  create: createLittleWorkflowSource,
};
