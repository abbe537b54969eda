/**
 * Bring the fleet index of a root up to date with its data dirs (docs/FLEET.md "The fleet index").
 *
 * Incremental at three levels: a little-workflow data dir whose events.db is in the state it was
 * last indexed in (databaseState: device, inode, size, mtime, ctime of events.db and its -wal) is
 * not opened; a run whose row (event count, last sequence, end, status) is unchanged is not read;
 * a changed run whose indexed prefix is still its log (run-log-trust.ts) is read only after its last
 * indexed sequence. A rewritten, truncated or replaced log re-indexes that run alone. Each data
 * dir is one write transaction, so a reader of the index sees it before or after, never half.
 */
import { diagnostic, type Diagnostic } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { DataDirInfo, RunSummary } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { payloadFields, type EventField } from '../../shared/search/event-fields';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { IndexConnection } from '../sources/little-workflow/sqlite-driver';
import type { Discovery, EventRead } from '../sources/little-workflow/store-types';
import { createSourceRegistry, isLittleWorkflowFormat, type SourceRegistry } from '../sources/registry';
import type { RunSource } from '../sources/run-source';
import { HeldReader } from './held-reader';
import { dirState } from './index-fresh';
import { FleetTableWriter } from './index-tables';
import { indexedRunsOf, IndexWriter, type IndexedRun } from './index-writer';
import { readDataDirTables, WorkflowRunTables, type FleetTables } from './run-tables';
import { runTrust, StreamDigest, type RunTrust } from './run-log-trust';

/** An artifact's text is indexed up to this many characters. */
export const ARTIFACT_TEXT_LIMIT = 256 * 1024;

/** How far a build has got (the app shows it; the CLI prints it on a terminal). */
export type IndexProgress = { dataDirs: number; doneDirs: number; runsRead: number; eventsAdded: number; runsDone: number };

/** What a build did, and what the index holds after it. */
export type IndexStats = {
  dataDirs: number;
  runs: number;
  events: number;
  /** Runs read this time (new or changed), events added, runs re-indexed from scratch (their log was rewritten). */
  runsRead: number;
  eventsAdded: number;
  runsReindexed: number;
  diagnostics: Diagnostic[];
};

export type IndexOptions = {
  /** The table every indexed cost is priced with (the library's, or the command's --price-table). */
  table: PriceTable;
  sources?: SourceRegistry;
  onProgress?: (progress: IndexProgress) => void;
  /**
   * Called after each run (the app's in-thread build yields here so other channels are answered
   * between runs, and reports `runsDone` as it goes). Answer a promise only to yield: the dir's
   * snapshot is let go while it is awaited (held-reader.ts).
   */
  onRun?: (progress: IndexProgress) => void | Promise<void>;
  /** Only these data dirs changed (a live update): the index's other dirs are kept, not forgotten. */
  partial?: boolean;
  /**
   * Only these runs of a dir changed (the live observer named them): the dir's other indexed runs
   * are kept as they are. The dir's state is recorded all the same: every other run that changed
   * by then is named by a push of its own, which brings its own update.
   */
  onlyRuns?: ReadonlyMap<string, ReadonlySet<string>>;
};

export { discoverFleet } from './fleet-discovery';

/** Update the index in `db` for the data dirs `discovery` found (discoverFleet). */
export async function updateFleetIndex(db: IndexConnection, discovery: Discovery, options: IndexOptions): Promise<IndexStats> {
  const registry = options.sources ?? createSourceRegistry();
  const writer = new IndexWriter(db);
  const progress: IndexProgress = { dataDirs: discovery.dataDirs.length, doneDirs: 0, runsRead: 0, eventsAdded: 0, runsDone: 0 };
  const stats = { runsReindexed: 0, diagnostics: [] as Diagnostic[] };
  try {
    if (options.partial !== true) forgetMissingDirs(db, writer, new Set(discovery.dataDirs.map((dir) => dir.path)));
    for (const dir of discovery.dataDirs) {
      writer.begin();
      const runsBefore = progress.runsDone;
      try {
        await indexDataDir(db, writer, dir, registry.sourceOf(dir), options.table, progress, stats, options.onRun, options.onlyRuns?.get(dir.path));
        writer.commit();
      } catch (error) {
        writer.rollback();
        stats.diagnostics.push(diagnostic('index-failed', `${dir.label}: ${error instanceof Error ? error.message : String(error)}`, { path: dir.path }));
      }
      // An unchanged dir (not listed) or a failed one: its runs are done all the same.
      progress.runsDone = Math.max(progress.runsDone, runsBefore + dir.runCount);
      progress.doneDirs += 1;
      options.onProgress?.({ ...progress });
    }
  } finally {
    if (options.sources === undefined) registry.dispose();
  }
  const count = (sql: string): number => Number(db.prepare(sql).get()?.n ?? 0);
  return {
    dataDirs: discovery.dataDirs.length,
    runs: count('SELECT count(*) AS n FROM index_runs'),
    events: count('SELECT count(*) AS n FROM index_events'),
    runsRead: progress.runsRead,
    eventsAdded: progress.eventsAdded,
    ...stats,
  };
}

function forgetMissingDirs(db: IndexConnection, writer: IndexWriter, present: ReadonlySet<string>): void {
  const gone = [...db.prepare('SELECT id, path FROM index_dirs').iterate()].filter((row) => !present.has(String(row.path)));
  if (gone.length === 0) return;
  writer.begin();
  for (const row of gone) {
    for (const run of indexedRunsOf(db, Number(row.id)).keys()) writer.removeRun(Number(row.id), run);
    db.prepare('DELETE FROM index_dirs WHERE id = ?').run(Number(row.id));
  }
  writer.commit();
}

function dirIdOf(db: IndexConnection, dir: DataDirInfo): { id: number; state: string | null } {
  const found = db.prepare('SELECT id, state FROM index_dirs WHERE path = ?').get(dir.path);
  if (found !== undefined) return { id: Number(found.id), state: found.state === null ? null : String(found.state) };
  db.prepare('INSERT INTO index_dirs (path, label, kind, format, state) VALUES (?, ?, ?, ?, NULL)').run(dir.path, dir.label, dir.kind, dir.format);
  return { id: Number(db.prepare('SELECT id FROM index_dirs WHERE path = ?').get(dir.path)?.id), state: null };
}

type Stats = { runsReindexed: number; diagnostics: Diagnostic[] };

async function indexDataDir(
  db: IndexConnection,
  writer: IndexWriter,
  dir: DataDirInfo,
  source: RunSource,
  table: PriceTable,
  progress: IndexProgress,
  stats: Stats,
  onRun: IndexOptions['onRun'],
  onlyRuns: ReadonlySet<string> | undefined,
): Promise<void> {
  const { id, state: lastState } = dirIdOf(db, dir);
  // Only little-workflow's events.db has a state that says "nothing changed" without listing runs.
  const sqlite = isLittleWorkflowFormat(dir.format);
  const state = dirState(dir);
  if (state !== null && state === lastState) return;
  // A live update lists only the runs it names: listing a big dir whole (its aggregates, every
  // model call, the folds of its open runs) was most of the time from a commit to its search.
  const listed = source.listRuns(dir, table, onlyRuns);
  for (const d of listed.diagnostics.filter((note) => note.severity === 'error').slice(0, 3)) stats.diagnostics.push(d);
  const runs = onlyRuns === undefined ? listed.runs : listed.runs.filter((summary) => onlyRuns.has(summary.runId));
  const reader = sqlite ? openDataDir(dir.path) : null;
  const held = new HeldReader(reader?.ok === true ? reader.value : null);
  held.take();
  const trust = runTrust(dir.path, reader?.ok === true && reader.value.recipe !== null ? reader.value : null, () => held.snapshot());
  try {
    const indexed = indexedRunsOf(db, id);
    const tableWriter = new FleetTableWriter(db);
    const tablesLater: RunSummary[] = [];
    for (const summary of runs) {
      const before = indexed.get(summary.runId);
      indexed.delete(summary.runId);
      // A log whose stamp is the one indexed is not read (SQLite logs prove their prefix in SQL instead).
      const stamp = trust.reader === null ? (source.logStamp?.(dir.path, summary.runId) ?? null) : null;
      if (before !== undefined && stamp !== null && before.stamp === stamp) {
        if (before.status !== summary.status) {
          writer.saveRun(id, { ...before, status: summary.status });
          tablesLater.push(summary);
        }
        progress.runsDone += 1;
        continue;
      }
      const read = await indexRun(writer, id, dir, source, trust, summary, before, stamp, table, progress, stats);
      // Nothing new in its log and its row as it was: its table rows stand (not read again).
      if (read === UNCHANGED) {
        progress.runsDone += 1;
        await held.across(onRun?.(progress));
        continue;
      }
      if (read === null) tablesLater.push(summary);
      else {
        // A run new to the index has no table rows to remove (they are written with its index row).
        if (before !== undefined) tableWriter.remove(dir.path, summary.runId);
        tableWriter.add(read);
      }
      progress.runsDone += 1;
      await held.across(onRun?.(progress));
    }
    for (const gone of indexed.keys()) {
      // Runs the update did not name were not listed: only a named one can be gone.
      if (onlyRuns !== undefined && !onlyRuns.has(gone)) continue;
      writer.removeRun(id, gone);
      tableWriter.remove(dir.path, gone);
    }
    // Rows of runs read only in part (or not at all): their tables are made whole from the source.
    const later = readDataDirTables(dir, tablesLater, table);
    for (const d of later.diagnostics.slice(0, 3)) stats.diagnostics.push(d);
    for (const summary of tablesLater) tableWriter.remove(dir.path, summary.runId);
    tableWriter.add(later.tables);
  } finally {
    held.letGo();
    if (reader?.ok === true) reader.value.close();
  }
  db.prepare('UPDATE index_dirs SET state = ?, label = ?, kind = ? WHERE id = ?').run(state, dir.label, dir.kind, id);
}

/** What indexRun answers for a run whose indexed prefix is still its whole log and whose row is unchanged. */
const UNCHANGED = Symbol('unchanged');

/** Read a run's events after `from` and add them; the last sequence read (or `from`). */
async function addEvents(
  writer: IndexWriter,
  dirId: number,
  dir: DataDirInfo,
  source: RunSource,
  reads: Iterable<EventRead> | AsyncIterable<EventRead>,
  from: number,
  progress: IndexProgress,
  digest?: StreamDigest,
  tables?: WorkflowRunTables,
): Promise<{ last: number; added: number; digestAtFrom: string | null }> {
  let last = from;
  let added = 0;
  let digestAtFrom: string | null = from === 0 ? (digest?.now() ?? null) : null;
  for await (const read of reads) {
    tables?.add(read);
    if (!read.ok) continue;
    const event = read.event;
    if (digest !== undefined) {
      digest.add(event);
      if (event.sequence <= from) {
        if (event.sequence === from) digestAtFrom = digest.now();
        continue;
      }
    } else if (event.sequence <= from) continue;
    writer.addEvent(dirId, event, artifactFields(source, dir.path, event));
    last = Math.max(last, event.sequence);
    added += 1;
  }
  progress.eventsAdded += added;
  return { last, added, digestAtFrom };
}

async function indexRun(
  writer: IndexWriter,
  dirId: number,
  dir: DataDirInfo,
  source: RunSource,
  trust: RunTrust,
  summary: RunSummary,
  before: IndexedRun | undefined,
  stamp: string | null,
  table: PriceTable,
  progress: IndexProgress,
  stats: Stats,
): Promise<FleetTables | null | typeof UNCHANGED> {
  const runId = summary.runId;
  let inline: FleetTables | null = null;
  const reindexedBefore = stats.runsReindexed;
  let from = 0;
  let result: { last: number; added: number; digestAtFrom: string | null };
  let digest: string | null;
  if (trust.reader !== null) {
    if (before !== undefined) {
      const trusted = before.identity === trust.identity && before.digest !== null && trust.digestAt(runId, before.lastSequence) === before.digest;
      if (trusted) from = before.lastSequence;
      else {
        writer.removeRun(dirId, runId);
        stats.runsReindexed += 1;
      }
    }
    // Read from the first event, the run's table rows come from the same pass; else they are read again whole.
    const tables = from === 0 ? new WorkflowRunTables(summary, table) : undefined;
    result = await addEvents(writer, dirId, dir, source, trust.reader.readEvents(runId, from), from, progress, undefined, tables);
    if (tables !== undefined) inline = tables.finish();
    digest = trust.digestAt(runId, result.last);
  } else {
    // Streamed logs are read whole; the indexed prefix is kept when its keys hash the same.
    from = before?.lastSequence ?? 0;
    let stream = new StreamDigest();
    result = await addEvents(writer, dirId, dir, source, source.streamLog(dir.path, runId), from, progress, stream);
    const kept = before !== undefined && result.digestAtFrom === before.digest;
    if (before !== undefined && !kept) {
      writer.removeRun(dirId, runId);
      stats.runsReindexed += 1;
      stream = new StreamDigest();
      from = 0;
      result = await addEvents(writer, dirId, dir, source, source.streamLog(dir.path, runId), 0, progress, stream);
    }
    digest = stream.now();
  }
  const same = before !== undefined && from > 0 && from === before.lastSequence && result.added === 0;
  if (same && before.status === summary.status && before.eventCount === summary.eventCount && before.finishedAt === summary.finishedAt && before.digest === digest) {
    return UNCHANGED;
  }
  const indexedEvents = (from === 0 ? 0 : (before?.indexedEvents ?? 0)) + result.added;
  // Counted when something was read into the index (a proven, unchanged SQLite run reads nothing).
  if (result.added > 0 || stats.runsReindexed > reindexedBefore || before === undefined) progress.runsRead += 1;
  writer.saveRun(dirId, {
    runId,
    status: summary.status,
    eventCount: summary.eventCount,
    // What the next build resumes after: the rows read (a row appended since the list was made
    // makes the next build read again).
    lastSequence: result.last,
    finishedAt: summary.finishedAt,
    identity: trust.identity,
    digest,
    stamp,
    indexedEvents,
  });
  return inline;
}

/** The text of the artifact an event names (`artifactRef`), when it is text or JSON. */
function artifactFields(source: RunSource, dataDir: string, event: EventEnvelope): EventField[] {
  const payload = event.payload;
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return [];
  const ref = (payload as Record<string, unknown>).artifactRef;
  if (typeof ref !== 'string') return [];
  const found = source.artifact(dataDir, event.runId, ref);
  if (!found.ok || found.value.payload instanceof Uint8Array) return [];
  return payloadFields(found.value.payload, 'artifact', ARTIFACT_TEXT_LIMIT);
}
