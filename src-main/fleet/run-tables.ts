/**
 * THE per-run tables of the fleet (`runs`, `steps`, `attempts`, `model_calls`, `tool_calls`,
 * `sessions`; columns in table-rows.ts and docs/FLEET.md): for one run, one data dir, or every
 * data dir of a library snapshot. The fleet summary, the Parquet export and the index's SQL
 * tables all read these rows, so a figure means the same everywhere.
 *
 * Rows come from the existing models, never a second reading of the log: little-workflow runs
 * through the run accumulator (workflow-run-tables.ts), loopctl runs from their ledger fold,
 * sessions from their run-list rows. The price table is always the caller's.
 *
 * API kept stable for its users: add, don't rename.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { DataDirInfo, LibrarySnapshot, LogFormat, RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { readLoopctlDir } from '../sources/loopctl/loopctl-reader';
import type { RunSource } from '../sources/run-source';
import type { EventRead } from '../sources/little-workflow/store-types';
import { loopctlRunTables } from './loopctl-run-tables';
import { sessionRow } from './session-row';
import { appendFleetTables, emptyFleetTables, type FleetTables } from './table-rows';
import { WorkflowRunTables } from './workflow-run-tables';

export * from './table-rows';
export { WorkflowRunTables, stepIdOfPath, visitOfPath } from './workflow-run-tables';
export { loopctlRunTables } from './loopctl-run-tables';
export { sessionRow } from './session-row';

/** Tables and what could not be read on the way (a run whose log failed is still a row, from what was read). */
export type TablesRead = { tables: FleetTables; diagnostics: Diagnostic[] };

/** Progress of a root's read: data dirs and runs done so far. */
export type TablesProgress = { dataDirs: number; dataDirsDone: number; runs: number; runsDone: number };

/**
 * The rows of one run of the library, read through its data dir's source (`source.streamLog`):
 * what an index refreshing one run calls. A session's row is its `sessions` row.
 */
export async function readRunTables(source: RunSource, summary: RunSummary, table: PriceTable): Promise<Result<FleetTables>> {
  const session = sessionRow(summary);
  if (session !== null) return ok({ ...emptyFleetTables(), sessions: [session] });
  // A ledger run's rows come from its dir's fold; the others from the source's log stream.
  if (summary.source !== undefined && summary.source in LEDGER_RUN_TABLES) return LEDGER_RUN_TABLES[summary.source as keyof typeof LEDGER_RUN_TABLES](summary, table);
  const builder = new WorkflowRunTables(summary, table);
  for await (const read of source.streamLog(summary.dataDir, summary.runId)) {
    if (!read.ok && read.sequence === null) return fail(read.diagnostic);
    builder.add(read);
  }
  return ok(builder.finish());
}

/** Runs whose rows come from their ledger dir's fold rather than a log stream, by their source. */
const LEDGER_RUN_TABLES = {
  loopctl(summary: RunSummary, table: PriceTable): Result<FleetTables> {
    const run = readLoopctlDir(summary.dataDir, table).runs.find((r) => r.id === summary.runId);
    if (run === undefined) return fail(diagnostic('run-not-found', `Run not found: ${summary.runId}`, { runId: summary.runId, path: summary.dataDir }));
    return ok(loopctlRunTables(summary, run, table));
  },
};

/**
 * The rows of every run of one data dir (`runs`: the library's rows of that dir), the dir opened
 * once: SQLite through one reader, loopctl ledgers folded once, sessions from their rows.
 */
export function readDataDirTables(dir: Pick<DataDirInfo, 'path' | 'format'>, runs: readonly RunSummary[], table: PriceTable, onRun?: () => void): TablesRead {
  return DIR_TABLES[dir.format](dir.path, runs, table, onRun ?? (() => {}));
}

type DirTables = (path: string, runs: readonly RunSummary[], table: PriceTable, onRun: () => void) => TablesRead;

/** How each log format's dir becomes rows: sessions from their run-list rows, ledgers folded once, SQLite through one reader. */
const DIR_TABLES: Record<LogFormat, DirTables> = {
  'harness-trace': (_path, runs, _table, onRun) => {
    const tables = emptyFleetTables();
    for (const summary of runs) {
      const row = sessionRow(summary);
      if (row !== null) tables.sessions.push(row);
      onRun();
    }
    return { tables, diagnostics: [] };
  },
  loopctl: (path, runs, table, onRun) => {
    const tables = emptyFleetTables();
    const diagnostics: Diagnostic[] = [];
    const byId = new Map(readLoopctlDir(path, table).runs.map((run) => [run.id, run]));
    for (const summary of runs) {
      const run = byId.get(summary.runId);
      if (run !== undefined) appendFleetTables(tables, loopctlRunTables(summary, run, table));
      else diagnostics.push(diagnostic('run-not-found', `Run not found: ${summary.runId}`, { runId: summary.runId, path }));
      onRun();
    }
    return { tables, diagnostics };
  },
  sqlite: workflowDirTables,
  'jsonl-legacy': workflowDirTables,
};

function workflowDirTables(path: string, runs: readonly RunSummary[], table: PriceTable, onRun: () => void): TablesRead {
  const tables = emptyFleetTables();
  const diagnostics: Diagnostic[] = [];
  const reader = openDataDir(path);
  if (!reader.ok) return { tables, diagnostics: [reader.error] };
  try {
    for (const summary of runs) {
      appendFleetTables(tables, workflowTables(summary, reader.value.readEvents(summary.runId), table, diagnostics));
      onRun();
    }
  } finally {
    reader.value.close();
  }
  return { tables, diagnostics };
}

/** The rows of every run of a library snapshot, priced with `table` (the snapshot's own table). */
export function readSnapshotTables(snapshot: Pick<LibrarySnapshot, 'dataDirs' | 'runs'>, table: PriceTable, onProgress?: (progress: TablesProgress) => void): TablesRead {
  const byDir = new Map<string, RunSummary[]>();
  for (const run of snapshot.runs) {
    const list = byDir.get(run.dataDir);
    if (list === undefined) byDir.set(run.dataDir, [run]);
    else list.push(run);
  }
  const tables = emptyFleetTables();
  const diagnostics: Diagnostic[] = [];
  const progress: TablesProgress = { dataDirs: snapshot.dataDirs.length, dataDirsDone: 0, runs: snapshot.runs.length, runsDone: 0 };
  for (const dir of snapshot.dataDirs) {
    const read = readDataDirTables(dir, byDir.get(dir.path) ?? [], table, () => {
      progress.runsDone += 1;
      onProgress?.(progress);
    });
    appendFleetTables(tables, read.tables);
    for (const d of read.diagnostics) diagnostics.push(d);
    progress.dataDirsDone += 1;
    onProgress?.(progress);
  }
  return { tables, diagnostics };
}

// One little-workflow run's rows from its reads; a failed read ends the log there (said in `diagnostics`).
function workflowTables(summary: RunSummary, reads: Iterable<EventRead>, table: PriceTable, diagnostics: Diagnostic[]): FleetTables {
  const builder = new WorkflowRunTables(summary, table);
  for (const read of reads) {
    if (!read.ok && read.sequence === null) {
      diagnostics.push(read.diagnostic);
      break;
    }
    builder.add(read);
  }
  return builder.finish();
}
