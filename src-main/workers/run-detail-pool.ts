/**
 * One lazily started worker thread for library loads, run details and comparisons, with an in-process
 * fallback when a worker cannot be started (e.g. the worker bundle is missing).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { useUriFilenames } from '../sources/little-workflow/driver-better-sqlite3';
import { configureWorkerHeaps } from './worker-heap';
import { Worker } from 'node:worker_threads';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { appRoot, unpackedPath } from '../app-paths';
import type { RunDetailContext } from '../engine/run-stages';
import type { ListedModelData, RunModelData } from '../../shared/run/run-model';
import { unpackModelData } from './packed-lists';
import type { LibrarySnapshot } from '../../shared/library';
import type { Discovery } from '../sources/little-workflow/store-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { LiveCapture } from '../library/run-compare';
import type { RunBuilds } from '../library/run-builds';
import { handleRunRequest, type RunWorkerRequest, type RunWorkerResponse, type RunWorkerResult } from './run-detail-worker';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import type { DetailBuild } from '../sources/run-source';
import type { FleetView } from '../../shared/fleet/fleet-summary-types';

export type { DetailBuild } from '../sources/run-source';

type Pending = (result: Result<RunWorkerResult>) => void;
type PendingLists = (lists: Result<RunModelData | ListedModelData>) => void;
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { Job } from '../../shared/job/job-types';
import type { RunSummary } from '../../shared/library';
import type { RunRef } from '../../shared/run/run-detail-types';
type PendingFindings = (findings: Result<Diagnostic[]>) => void;

/**
 * A worker whose heap grew past this after a request (a big run's build, a library load that
 * folded a big open run) is ended once it has nothing left to do: its heap goes back to the
 * OS (a thread's V8 heap keeps its pages otherwise), and the next request starts a fresh one.
 */
export const RECYCLE_HEAP_BYTES = 96 * 1024 * 1024;

/**
 * After a time-travel build the worker is kept this long even when large: its snapshots in
 * memory (checkpoints/fold-snapshots.ts) and the last move's live fold make every move cheap,
 * and a recycled worker's first move folds from the start again (or from a checkpoint the CLI
 * left in the cache folder): a user reading one state for a minute must not pay that. Once idle
 * this long it is recycled (its memory, ~100 MB of snapshots at 200,000 events, goes with it).
 */
export const SCRUB_WARM_MS = 120_000;

/** Where the worker script is: the built bundle, or the TypeScript source under tsx (tests, scripts). */
export function workerScript(): { code: string; eval: boolean } | null {
  // From source (vitest, tsx scripts): register tsx's CommonJS hooks in the thread, then load the TS.
  if (__filename.endsWith('.ts')) return { code: `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'run-detail-worker.ts'))});`, eval: true };
  // In the package the worker script is asarUnpack'ed: a worker thread loads it from disk.
  const built = unpackedPath(join(appRoot(), 'out', 'main', 'run-detail-worker.js'));
  return existsSync(built) ? { code: built, eval: false } : null;
}

/** The pool's calls: the library's RunBuilds, and whether its thread runs now. */
export type RunDetailPool = ReturnType<typeof createRunDetailPool>;

/** Load libraries and build run details off main's thread. */
export function createRunDetailPool(options: { useWorker?: boolean; recycleHeapBytes?: number; scrubWarmMs?: number } = {}): RunBuilds & { running(): boolean } {
  const recycleAt = options.recycleHeapBytes ?? RECYCLE_HEAP_BYTES;
  const warmMs = options.scrubWarmMs ?? SCRUB_WARM_MS;
  // Until when a large idle worker is kept (the last time-travel build's start + warmMs), and the timer that recycles it then.
  let warmUntil = 0;
  let warmTimer: NodeJS.Timeout | null = null;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  // Details whose head came, waiting for their lists; then for their integrity findings.
  const pendingLists = new Map<number, PendingLists>();
  const pendingFindings = new Map<number, PendingFindings>();
  let heapBytes = 0;

  const failAll = (message: string) => {
    for (const waiting of [pending, pendingLists, pendingFindings] as Array<Map<number, (r: Result<never>) => void>>) {
      for (const [id, resolve] of waiting) {
        waiting.delete(id);
        resolve(fail(diagnostic('internal', message)));
      }
    }
  };

  // Nothing in flight and a big heap left behind: end the worker (its memory goes with it).
  const recycleIfIdle = () => {
    if (worker === null || heapBytes < recycleAt || pending.size + pendingLists.size + pendingFindings.size > 0) return;
    const warm = warmUntil - Date.now();
    if (warm > 0) {
      if (warmTimer !== null) clearTimeout(warmTimer);
      warmTimer = setTimeout(() => {
        warmTimer = null;
        recycleIfIdle();
      }, warm);
      warmTimer.unref();
      return;
    }
    const idle = worker;
    worker = null;
    heapBytes = 0;
    void idle.terminate();
  };

  const start = (): Worker | null => {
    if (worker || options.useWorker === false) return worker;
    const script = workerScript();
    if (!script) return null;
    let started: Worker;
    try {
      useUriFilenames();
      configureWorkerHeaps();
      started = new Worker(script.code, { eval: script.eval });
    } catch {
      return null;
    }
    worker = started;
    // The pool must not keep a CLI or test process alive on its own.
    started.unref();
    started.on('message', (message: RunWorkerResponse) => {
      heapBytes = message.heapBytes;
      if ('findings' in message) {
        pendingFindings.get(message.id)?.(message.findings);
        pendingFindings.delete(message.id);
      } else if ('lists' in message) {
        const lists = message.lists;
        pendingLists.get(message.id)?.(lists.ok ? ok(unpackModelData(lists.value)) : lists);
        pendingLists.delete(message.id);
      } else {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
      recycleIfIdle();
    });
    // A recycled worker is gone from the pool already: only the current one fails the waiting requests.
    started.on('error', (error) => {
      if (worker !== started) return;
      failAll(`the run-detail worker failed: ${error.message}`);
      worker = null;
    });
    started.on('exit', () => {
      if (worker !== started) return;
      failAll('the run-detail worker stopped');
      worker = null;
    });
    return started;
  };

  // Distributive omit, so each request kind keeps its own fields.
  type RequestBody = RunWorkerRequest extends infer R ? (R extends RunWorkerRequest ? Omit<R, 'id'> : never) : never;
  const call = (body: RequestBody): Promise<Result<RunWorkerResult>> => {
    const w = start();
    if (!w) return handleRunRequest({ ...body, id: 0 } as RunWorkerRequest).then(({ result }) => result);
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      w.postMessage({ ...body, id });
    });
  };

  const detail = async (dataDir: string, runId: string, context: RunDetailContext): Promise<Result<DetailBuild>> => {
    const body = { kind: 'detail' as const, dataDir, runId, context };
    if (context.upto !== undefined) warmUntil = Date.now() + warmMs;
    const w = start();
    if (!w) {
      const handled = await handleRunRequest({ ...body, id: 0 });
      if (!handled.result.ok) return handled.result;
      const { lists: buildLists, after, findings: check } = handled;
      // In-process: the lists, the checkpoint and the check run on later turns, after the caller has the head.
      const lists = new Promise<Result<RunModelData>>((resolve) =>
        setImmediate(() => {
          void (async () => {
            resolve(buildLists ? await buildLists() : fail(diagnostic('internal', 'no lists were built')));
            after?.();
          })();
        }),
      );
      // In-process nothing stops the check (no later move cancels it), so it never answers null.
      const findings = lists.then(async () => (check ? ((await check()) ?? fail(diagnostic('cancelled', 'the check stopped'))) : ok([])));
      return ok({ head: handled.result.value as RunHeadCore, lists, findings });
    }
    const id = nextId++;
    const lists = new Promise<Result<RunModelData | ListedModelData>>((resolve) => pendingLists.set(id, resolve));
    const findings = new Promise<Result<Diagnostic[]>>((resolve) => pendingFindings.set(id, resolve));
    const result = await new Promise<Result<RunWorkerResult>>((resolve) => {
      pending.set(id, resolve);
      w.postMessage({ ...body, id });
    });
    if (!result.ok) {
      pendingLists.delete(id);
      pendingFindings.delete(id);
      recycleIfIdle();
      return result;
    }
    return ok({ head: result.value as RunHeadCore, lists, findings });
  };

  return {
    /** The snapshot of `root` priced with `table` (open runs are folded to judge them: seconds for a big one). */
    library: (root: string, table: PriceTable) => call({ kind: 'library', root, table }) as Promise<Result<LibrarySnapshot>>,
    /** The data dirs under `root` (no run counts), walked in the worker: the live observer's rescans. */
    discover: (root: string) => call({ kind: 'discover', root }) as Promise<Result<Discovery>>,
    /** The head of `runId` in `dataDir` once it is folded; its lists and then its findings follow (built in the worker when one can run). */
    detail,
    /** The run's log (cut after `upto` when given) folded afresh and compared with `live` (or simulated batches), in the worker. */
    compare: (dataDir: string, runId: string, live: LiveCapture | null, upto?: number) =>
      call({ kind: 'compare', dataDir, runId, live, upto }) as Promise<Result<RunComparison>>,
    /** Two runs diffed (each read strictly, as of its `at` when given), in the worker. */
    diff: (a: RunRef, b: RunRef, table: PriceTable) => call({ kind: 'diff', a, b, table }) as Promise<Result<RunDiffView>>,
    /** The job of `runId` (its members folded for their reports and plans), in the worker; `runs`: the data dir's run list. */
    job: (dataDir: string, runId: string, runs: RunSummary[], table: PriceTable, cacheDir: string | null, at?: number) =>
      call({ kind: 'job', dataDir, runId, runs, table, cacheDir, ...(at === undefined ? {} : { at }) }) as Promise<Result<Job>>,
    /** The Fleet view of a snapshot: every run read and summed (fleet/run-tables.ts), in the worker. */
    fleet: (snapshot: Pick<LibrarySnapshot, 'root' | 'dataDirs' | 'runs'>, table: PriceTable) => call({ kind: 'fleet', snapshot: { root: snapshot.root, dataDirs: snapshot.dataDirs, runs: snapshot.runs }, table }) as Promise<Result<FleetView>>,
    /** Whether a worker thread is running now (it ends itself after a request left it large). */
    running: () => worker !== null,
    /** Stop the worker (pending requests fail). */
    async close(): Promise<void> {
      if (warmTimer !== null) clearTimeout(warmTimer);
      const w = worker;
      worker = null;
      failAll('the run-detail worker stopped');
      if (w) await w.terminate();
    },
  };
}
