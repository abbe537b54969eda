/**
 * One interface for every kind of run log the inspector reads (little-workflow's SQLite data
 * dirs, loopctl's ledgers, little-harness session folders whose sessions are the "runs").
 * Callers ask the registry (registry.ts) for the source of a data dir and never branch on its
 * format themselves.
 *
 * A `SourceKind` is stateless (recognise a folder, count its runs for discovery, make a
 * source); a `RunSource` is one instance with whatever caches the format needs, owned by
 * whoever created the registry (the library, the CLI, the worker) and disposed with it.
 */
import type { MirrorCopier } from './little-workflow/mirror-copy';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { Diagnostic, Result } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { PayloadNeeds } from '../../shared/events/payload-needs';
import type { HarnessView } from '../../shared/fold/harness/harness-types';
import type { MaterializedRunState } from '../../shared/fold/run-state-types';
import type { DataDirInfo, LogFormat, RunSummary } from '../../shared/library';
import type { LiveNotification } from '../../shared/live/live-notifications';
import type { LivePhase, LiveRunSummary } from '../../shared/live/live-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { ReportBodies } from '../../shared/report-export/harness-section';
import type { EventFilterSpec, EventRow, LockInfo, RunDetail } from '../../shared/run/run-detail-types';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import type { ListedModelData, RunModelData } from '../../shared/run/run-model';
import type { ArtifactManifest } from './little-workflow/artifacts';
import type { LockReader } from './little-workflow/lock-watch';
import type { SqliteDriver } from './little-workflow/sqlite-driver';
import type { OpenDataDirOptions } from './little-workflow/data-dir-reader';
import type { EventRead } from './little-workflow/store-types';
import type { ScanReadItem } from './little-workflow/scan-rows';

/** The source names a run row carries (`RunSummary.source`; absent means little-workflow). */
export type SourceName = NonNullable<RunSummary['source']>;

/** What discovery needs from a kind of source; nothing here keeps state. */
export interface SourceKind {
  readonly name: SourceName;
  /** The format of `dir` when it is a data dir of this kind (checked without following links out of it), else null. */
  recognise(dir: string): LogFormat | null;
  /** Run count and diagnostics of a data dir, for discovery's `countRuns`. */
  countRuns(dir: string, options?: OpenDataDirOptions): { runCount: number; diagnostics: Diagnostic[] };
  /** A source instance; its state lives until `dispose()`. */
  create(options?: SourceOptions): RunSource;
  /** True when data dirs of other kinds can sit inside one of this kind (a `.little-harness` tree's session worlds): discovery walks on into it. */
  readonly nestsDataDirs?: boolean;
}

/** Knobs shared by every source. */
export type SourceOptions = {
  /** Builds a run's detail off main (the library's worker pool); without it the source builds in-process. */
  buildDetail?: DetailBuilder;
  /** Folds a run's log afresh and compares it with the live copy (the library's worker pool). */
  compareLog?: LogComparer;
};

/** The library's way to compare a little-workflow run's log with its live fold (in its worker thread). */
export type LogComparer = (dataDir: string, runId: string, live: LiveRunSnapshot | undefined, upto?: number) => Promise<Result<RunComparison>>;

/**
 * A run's model as its build delivers it, in stages: the head (cut from the fold) at once, the
 * lists (the detail with what is derived from it) when built, and the integrity findings last
 * (absent: the detail carries them).
 */
/** The lists come whole (built in main's thread) or read through their lists (the worker's, unpacked on demand). */
export type DetailBuild = { head: RunHeadCore; lists: Promise<Result<RunModelData | ListedModelData>>; findings?: Promise<Result<Diagnostic[]>> };

/**
 * Context of a detail build besides the log: the run's row, its neighbours and the price table;
 * `upto` builds the run as of that event (shared/run/as-of-facts.ts); `cacheDir` is the app's
 * cache folder for fold checkpoints (null or absent: memory only; a source may ignore it).
 */
export type DetailContext = { summary: RunSummary; siblings: readonly RunSummary[]; table: PriceTable; upto?: number; cacheDir?: string | null };

/** The library's way to build a little-workflow detail (in its worker thread). */
export type DetailBuilder = (dataDir: string, runId: string, context: DetailContext) => Promise<Result<DetailBuild>>;

/** Facts about a run that are not in its log. */
export type RunFacts = {
  /** The run's lock (`unknown` where the format has no locks). */
  lock: LockInfo;
  /** The outer loop whose manifest names this run as its pending cycle. */
  pendingCycle: { pendingCycleRunId: string; outerLoopId: string } | null;
  /** Ids of the outer-loop manifests in the data dir. */
  outerLoopIds: string[];
  /** Ids of the workflow versions stored in the data dir. */
  workflowVersionIds: string[];
};

/** An artifact's manifest and its payload (parsed JSON, text, or bytes). */
export type ArtifactContent = { manifest: ArtifactManifest; payload: unknown };

/** One data dir's reads, whatever its format. Every method is read-only. */
export interface RunSource {
  readonly name: SourceName;
  /**
   * The run rows of one data dir, priced with `table`, and its diagnostics. `only`: the caller
   * wants these runs' rows alone (a live update of a few runs); a source may then leave the others
   * out (little-workflow's SQL does) or answer them too, each row the same as in the whole list.
   */
  listRuns(dir: DataDirInfo, table: PriceTable, only?: ReadonlySet<string>): { runs: RunSummary[]; diagnostics: Diagnostic[] };
  /**
   * A run's log, in sequence order, after `afterSequence`: read lazily, so a consumer can fold
   * rows as they come. Undecodable rows come as diagnostics in place; a failed read ends it.
   * `needs`: the payloads the consumer reads (a source may hand the others as `UNREAD_PAYLOAD`).
   */
  streamLog(dataDir: string, runId: string, afterSequence?: number, needs?: PayloadNeeds): AsyncIterable<EventRead>;
  /**
   * The behaviour scan's read through `upto`, where the format can leave out in its store the rows
   * the scan does not read (little-workflow/scan-rows.ts): first every row's time or `fallback`,
   * then the rows of `types` a page at a time; a failed read ends it. Absent (or `fallback`): the
   * scan reads `streamLog`.
   */
  scanRead?(dataDir: string, runId: string, upto: number, types: readonly string[]): AsyncIterable<ScanReadItem | EventRead>;
  /**
   * What changes whenever the run's log can have changed (file stats), without reading it; the
   * fleet index skips a run whose stamp it has seen. Absent or null: no cheap stamp (read to know).
   */
  logStamp?(dataDir: string, runId: string): string | null;
  /** Facts of a run besides its log. */
  readFacts(dataDir: string, runId: string): Result<RunFacts>;
  /** The run view's full detail. */
  detail(dataDir: string, runId: string, context: DetailContext): Promise<Result<DetailBuild>>;
  /** A fresh fold of the run's log compared with `live` (a capture of the observer's fold), and its resume audit; `upto` cuts the log after that event. */
  compare(dataDir: string, runId: string, live: LiveRunSnapshot | undefined, upto?: number): Promise<Result<RunComparison>>;
  /** Rows `fromSequence…` (at most `limit`) of the events list. */
  eventRows(dataDir: string, runId: string, fromSequence: number, limit: number): Promise<Result<EventRow[]>>;
  /** Sequences of the events matching `filter`. */
  eventIndex(dataDir: string, runId: string, filter: EventFilterSpec): Promise<Result<number[]>>;
  /** One event in full (or the raw text of a row whose payload does not parse). */
  event(dataDir: string, runId: string, sequence: number): Promise<Result<{ event: EventEnvelope | null; rawPayload: string | null }>>;
  /** One artifact a run names (formats without artifacts say `unsupported`). */
  artifact(dataDir: string, runId: string, ref: string): Result<ArtifactContent>;
  /** Full bodies (untruncated texts) for an exported report of `detail`. */
  reportBodies(detail: RunDetail, maxText: number): Promise<Result<ReportBodies>>;
  /** A live tail of one data dir (started by its first tick), or null when that log is never appended to. */
  openTail(dir: Pick<DataDirInfo, 'path' | 'format'>, options: SourceTailOptions): SourceTail | null;
  /** Drop caches; idempotent. */
  dispose(): void;
}

/** Knobs of a tail (the observer passes its own). */
export type SourceTailOptions = {
  fullCheckMs: number;
  lockCheckMs: number;
  /** Deliver what already exists (each run announced as `new`), not only new records. */
  replayExisting: boolean;
  watch: boolean;
  runFilter?: (runId: string) => boolean;
  priceTable: PriceTable;
  /** little-workflow's SQLite driver and lock reader (tests inject them; other sources ignore them). */
  driver?: SqliteDriver;
  readLock?: LockReader;
  /** Something changed on disk: tick soon. */
  wake: () => void;
  /**
   * What the caller has already seen of each run (the library's snapshot: run id -> last
   * sequence): rows after it are delivered, runs not in it are new. Without it the baseline is
   * the log at the tail's first read (little-workflow tails; other sources ignore it).
   */
  baseline?: ReadonlyMap<string, number>;
  /** Full copies of a live events.db made off this thread (the app and `serve`); without it they are made in this thread. */
  mirrorCopier?: MirrorCopier;
};

/** A run as a tail sees it now: frozen, no fold state. */
export type LiveRunInfo = Readonly<{
  dataDir: string;
  runId: string;
  phase: LivePhase;
  lastSequence: number;
  lastEventAt: string | null;
  foldError: string | null;
  summary: LiveRunSummary;
}>;

/** A run's live state copied at one instant: later rows never change it (deep-frozen). */
export type LiveRunSnapshot = LiveRunInfo & {
  /** The incremental fold at `lastSequence`; null when the source folds no event log (loopctl). */
  readonly folded: Readonly<{ state: MaterializedRunState; harness: HarnessView }> | null;
};

/** The live tail of one data dir: every source's tail has this shape. */
export interface SourceTail {
  readonly path: string;
  /** One pass: read at most about `budget` rows, push notices to `out`; `more` when rows are left. */
  tick(now: number, budget: number, out: LiveNotification[]): { rows: number; more: boolean };
  /** The runs it tails. */
  liveRuns(): LiveRunInfo[];
  /** A copy of one run's live state, or undefined when it is not tailed. */
  capture(runId: string): LiveRunSnapshot | undefined;
  /** Number of runs tailed. */
  readonly runCount: number;
  /**
   * True once its first read succeeded: what existed then is its baseline (folded silently
   * unless replaying), and everything after it is delivered. Until then nothing is promised.
   */
  readonly ready: boolean;
  /** Close files and watchers; idempotent. */
  stop(): void;
}
