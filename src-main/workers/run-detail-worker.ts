/**
 * Worker thread that loads library snapshots (folding every run without a terminal event),
 * builds run details in stages (the engine's staged-detail.ts: the head, then the lists, then the
 * integrity check), replay-vs-live comparisons and run diffs: reading and folding a
 * 200,000-event run takes seconds, and main's thread must never block that long (in Electron it
 * also drives the windows). Each message names a data dir and a run; the answer is a `Result`.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { RunComparison } from '../../shared/compare/run-comparison';
import { compareRunLog, type LiveCapture } from '../library/run-compare';
import { checkpointsFor, type Checkpoints } from '../engine/fold-log';
import type { RunDetailContext } from '../engine/run-stages';
import { yieldToLoop } from '../sources/little-workflow/in-slices';
import type { RunModelData } from '../../shared/run/run-model';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import { getHeapStatistics } from 'node:v8';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../library/load-library';
import { diffRefs } from '../library/run-diff-service';
import { loadJob } from '../library/job/load-job';
import type { Job } from '../../shared/job/job-types';
import type { RunSummary } from '../../shared/library';
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { RunRef } from '../../shared/run/run-detail-types';
import { discover } from '../sources/fs/discovery';
import { primeSnapshots } from '../engine/prime-snapshots';
import { settle, TravelMoves } from '../engine/travel-moves';
import { stagedDetail, type StagedDetail } from '../engine/staged-detail';
import { HeadsFirst } from './heads-first';
import { packModelDataInTurns, type PackedModelData } from './packed-lists';
import type { Discovery } from '../sources/little-workflow/store-types';
import { IdleWarmUp } from '../engine/idle-warm-up';
import { warmUpFold } from '../engine/fold-warm-up';
import { readWarmUpLog, type WarmUpLog } from '../engine/warm-up-log';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { FleetView } from '../../shared/fleet/fleet-summary-types';
import { fleetView } from '../fleet/fleet-summary';
import { readSnapshotTables } from '../fleet/run-tables';

/** A request to the worker: load a library, build a run's detail, or compare its log with a live capture. */
export type RunWorkerRequest =
  | { id: number; kind: 'library'; root: string; table: PriceTable }
  | { id: number; kind: 'discover'; root: string }
  | { id: number; kind: 'detail'; dataDir: string; runId: string; context: RunDetailContext }
  | { id: number; kind: 'compare'; dataDir: string; runId: string; live: LiveCapture | null; upto?: number }
  | { id: number; kind: 'diff'; a: RunRef; b: RunRef; table: PriceTable }
  | { id: number; kind: 'job'; dataDir: string; runId: string; runs: RunSummary[]; table: PriceTable; cacheDir: string | null; at?: number }
  | { id: number; kind: 'fleet'; snapshot: Pick<LibrarySnapshot, 'root' | 'dataDirs' | 'runs'>; table: PriceTable };

/** What request `id` answers first: a detail answers with the run's head, its lists and findings follow. */
export type RunWorkerResult = RunHeadCore | RunComparison | LibrarySnapshot | Discovery | RunDiffView | Job | FleetView;

/**
 * What the worker posts: the result of request `id`, then (details only) the run's lists and
 * its integrity findings, in that order. `heapBytes`: the worker's heap after the message, so
 * the pool can end a worker a big build left large.
 */
export type RunWorkerResponse = { id: number; heapBytes: number } & (
  | { result: Result<RunWorkerResult> }
  | { lists: Result<PackedModelData> }
  | { findings: Result<Diagnostic[]> }
);

/** A request's result and, for details, the stages to run once it is sent (staged-detail.ts). */
export type HandledRequest = Omit<StagedDetail, 'result'> & { result: Result<RunWorkerResult> };

/** The heads being built in this thread: a build's later stages wait for none to be (heads-first.ts). */
const heads = new HeadsFirst();

/** Serve one request with its own reader (closed afterwards); never throws. */
export async function handleRunRequest(request: RunWorkerRequest): Promise<HandledRequest> {
  // The live observer's rescans: a big root is walked here, never on main's thread.
  if (request.kind === 'discover') {
    try {
      return { result: ok(discover(request.root, { countRuns: false })) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `discovering ${request.root} failed: ${(error as Error).message}`, { path: request.root })) };
    }
  }
  if (request.kind === 'library') {
    try {
      return { result: loadLibrary(request.root, request.table) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `loading ${request.root} failed: ${(error as Error).message}`, { path: request.root })) };
    }
  }
  // The fleet reads every run under the root: seconds for a big one, never on main's thread.
  if (request.kind === 'fleet') {
    try {
      const { snapshot, table } = request;
      return { result: ok(fleetView(readSnapshotTables(snapshot, table).tables, { priceTable: table.id, root: snapshot.root })) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `the fleet of ${request.snapshot.root} failed: ${(error as Error).message}`, { path: request.snapshot.root })) };
    }
  }
  if (request.kind === 'diff') {
    try {
      return { result: diffRefs(request.a, request.b, request.table) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `diff of ${request.a.runId} and ${request.b.runId} failed: ${(error as Error).message}`)) };
    }
  }
  if (request.kind === 'job') {
    try {
      return { result: loadJob(request.dataDir, request.runId, { table: request.table, checkpoints: threadCheckpoints(request.cacheDir), runs: request.runs, ...(request.at === undefined ? {} : { at: request.at }) }) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `job of ${request.runId} failed: ${(error as Error).message}`, { runId: request.runId })) };
    }
  }
  if (request.kind === 'compare') {
    const reader = openDataDir(request.dataDir);
    if (!reader.ok) return { result: reader };
    try {
      return { result: await compareRunLog(reader.value, request.runId, request.live, request.upto) };
    } catch (error) {
      return { result: fail(diagnostic('internal', `compare of ${request.runId} failed: ${(error as Error).message}`, { runId: request.runId })) };
    } finally {
      reader.value.close();
    }
  }
  return stagedDetail(request.dataDir, request.runId, request.context, threadCheckpoints(request.context.cacheDir), () => heads.idle());
}

/**
 * This thread's checkpoints for the cache folder `cacheDir`. The worker thread serves move after
 * move and is recycled when idle: time travel keeps its boundaries there as snapshots in memory.
 * Built on main's thread (no worker), they would stay for the process's life: there boundaries
 * go to the checkpoint store.
 */
function threadCheckpoints(cacheDir: string | null | undefined): Checkpoints {
  return checkpointsFor(cacheDir ?? null, { snapshots: !isMainThread });
}

/** The worker's committed heap, in bytes. */
const heapBytes = () => getHeapStatistics().total_heap_size;

const moves = new TravelMoves();

// The thread's first idle moment folds the bundled warm-up run (beside this bundle; none from
// source), so the first run a user opens meets compiled code. The log is read once, when wanted.
let warmUpLog: WarmUpLog | null | undefined;
const warmUp = new IdleWarmUp(async (stop) => {
  if (warmUpLog === undefined) warmUpLog = readWarmUpLog(__dirname);
  return warmUpLog === null ? 'done' : warmUpFold(BUNDLED_PRICE_TABLE, stop, warmUpLog);
});

parentPort?.on('message', (request: RunWorkerRequest) => {
  warmUp.begin(request.kind);
  void answer(request).finally(() => warmUp.end());
});

// Answer `request` and run its later stages; settles once all of them are sent.
async function answer(request: RunWorkerRequest): Promise<void> {
  const movedOn = request.kind === 'detail' ? moves.note(request) : null;
  // A run's head goes before any build's later stages (heads-first.ts).
  const head = request.kind === 'detail';
  if (head) heads.begin();
  let handled: HandledRequest;
  try {
    handled = await handleRunRequest(request);
    parentPort!.postMessage({ id: request.id, result: handled.result, heapBytes: heapBytes() } satisfies RunWorkerResponse);
  } finally {
    if (head) heads.done();
  }
  const { lists, after, findings, findingsFirst, release } = handled;
  if (!lists || !findings) return release?.();
  // A run's first move: snapshots to the end of its log meanwhile, in slices, so the next moves land near one.
  if (movedOn !== null && request.kind === 'detail') {
    // Behind any head: a move asked meanwhile folds at full speed (heads-first.ts).
    void primeSnapshots(request.dataDir, request.runId, request.context, threadCheckpoints(request.context.cacheDir), () => heads.idle());
  }
  // The run view shows its head; the lists follow, then the integrity check (other requests may go
  // between). A move's wait until the user stays on it (engine/travel-moves.ts).
  await (movedOn === null ? yieldToLoop() : settle());
  try {
    await laterStages(request.id, movedOn, lists, after, findings, findingsFirst === true);
  } finally {
    release?.();
  }
}

// The lists, the fold's checkpoint and the check of request `id`; a move passed over (`movedOn`) answers them `cancelled`.
async function laterStages(id: number, movedOn: (() => boolean) | null, lists: () => Promise<Result<RunModelData>>, after: (() => void) | undefined, findings: NonNullable<HandledRequest['findings']>, findingsFirst: boolean): Promise<void> {
  await heads.idle();
  if (movedOn?.() === true) {
    parentPort!.postMessage({ id, lists: CANCELLED, heapBytes: heapBytes() } satisfies RunWorkerResponse);
    parentPort!.postMessage({ id, findings: CANCELLED, heapBytes: heapBytes() } satisfies RunWorkerResponse);
    return;
  }
  // Findings at hand (kept from an earlier check) go at once: the lists take seconds more.
  if (findingsFirst) {
    const found = await findings();
    parentPort!.postMessage({ id, findings: found ?? CANCELLED, heapBytes: heapBytes() } satisfies RunWorkerResponse);
  }
  // Packed: main unpacks only the windows the view asks for (packed-lists.ts); the buffers are transferred.
  const built = await lists();
  await heads.idle();
  // Packed with a turn now and then: a move asked meanwhile is served between the pieces.
  const packed = built.ok ? await packModelDataInTurns(built.value, () => heads.idle()) : null;
  parentPort!.postMessage({ id, lists: packed ? ok(packed.packed) : (built as Result<never>), heapBytes: heapBytes() } satisfies RunWorkerResponse, packed?.transfer ?? []);
  await heads.idle();
  after?.();
  await yieldToLoop();
  // The check reads every row (seconds at 200,000 events) in slices: a later move is served between them and stops it.
  if (findingsFirst) return;
  const found = await findings(movedOn ?? undefined);
  parentPort!.postMessage({ id, findings: found ?? CANCELLED, heapBytes: heapBytes() } satisfies RunWorkerResponse);
}

/** What a skipped stage answers (main builds the position again if it is still shown: run-service.ts). */
const CANCELLED = fail(diagnostic('cancelled', 'a later position of this run was asked for: this one was not finished'));
