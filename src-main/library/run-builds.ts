/**
 * What the library asks of the threads that read for it: the interface is the library's, the
 * implementations are workers/' (run-detail-pool.ts, discovery-thread.ts), and the composition
 * (core/inspector-core.ts) hands them in. So workers/ depends on library/, never the reverse.
 */
import type { Result } from '../../shared/diagnostics';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { FleetView } from '../../shared/fleet/fleet-summary-types';
import type { Job } from '../../shared/job/job-types';
import type { DataDirInfo, LibrarySnapshot, RunSummary } from '../../shared/library';
import type { ScanSettings } from '../../shared/scan/scan-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import type { RunDetailContext } from '../engine/run-stages';
import type { WalkProgress } from '../sources/fs/discovery';
import type { DetailBuild } from '../sources/run-source';
import type { Discovery } from '../sources/little-workflow/store-types';
import type { LiveCapture } from './run-compare';
import type { ScannedRun } from './scan-runs';

/** Library loads, run details and comparisons, built off main's thread where one can run. */
export interface RunBuilds {
  /** The snapshot of `root` priced with `table` (open runs are folded to judge them: seconds for a big one). */
  library(root: string, table: PriceTable): Promise<Result<LibrarySnapshot>>;
  /** The data dirs under `root` (no run counts): the live observer's rescans. */
  discover(root: string): Promise<Result<Discovery>>;
  /** The head of `runId` in `dataDir` once it is folded; its lists and then its findings follow. */
  detail(dataDir: string, runId: string, context: RunDetailContext): Promise<Result<DetailBuild>>;
  /** The run's log (cut after `upto` when given) folded afresh and compared with `live` (or simulated batches). */
  compare(dataDir: string, runId: string, live: LiveCapture | null, upto?: number): Promise<Result<RunComparison>>;
  /** Two runs diffed (each read strictly, as of its `at` when given). */
  diff(a: RunRef, b: RunRef, table: PriceTable): Promise<Result<RunDiffView>>;
  /** The job of `runId` (its members folded for their reports and plans); `runs`: the data dir's run list. */
  job(dataDir: string, runId: string, runs: RunSummary[], table: PriceTable, cacheDir: string | null, at?: number): Promise<Result<Job>>;
  /** The Fleet view of a snapshot: every run read and summed. */
  fleet(snapshot: Pick<LibrarySnapshot, 'root' | 'dataDirs' | 'runs'>, table: PriceTable): Promise<Result<FleetView>>;
  /** Stop the builds (pending requests fail). */
  close(): Promise<void>;
}

/** A walk under way: its answer (`cancelled` once cancelled), and the cancel. */
export type DiscoveryJob = { result: Promise<Result<Discovery>>; cancel(): void };

/** Starts the walk of an open (on a thread of its own where one can run); `onProgress` gets the running counts. */
export type Discover = (root: string, onProgress: (progress: WalkProgress) => void) => DiscoveryJob;

/** One run's behaviour scan (the run view's card), as the scan thread is handed it: `now` as ISO text, `at` null for the whole run. */
export type RunScanRequest = { dir: DataDirInfo; runId: string; table: PriceTable; settings?: ScanSettings; now: string; at: number | null };

/** A scan under way: its answer (`cancelled` once cancelled), and the cancel. */
export type RunScanJob = { result: Promise<Result<ScannedRun>>; cancel(): void };

/** Starts one run's scan (on a thread of its own where one can run). */
export type ScanRunOffMain = (request: RunScanRequest) => RunScanJob;
