/**
 * One lazily started worker thread for library loads, run details and comparisons, with an in-process
 * fallback when a worker cannot be started (e.g. the worker bundle is missing).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { diagnostic, fail, type Diagnostic, type Result } from '../../shared/diagnostics';
import { appRoot, unpackedPath } from '../app-paths';
import type { RunDetailContext } from '../library/run-detail';
import type { RunModelData } from '../../shared/run/run-model';
import type { LibrarySnapshot } from '../../shared/library';
import type { Discovery } from '../sources/little-workflow/store-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { LiveCapture } from '../library/run-compare';
import { handleRunRequest, type RunWorkerRequest, type RunWorkerResponse, type WorkerAnswer } from './run-detail-worker';
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { RunRef } from '../../shared/run/run-detail-types';

type Pending = (result: Result<WorkerAnswer>) => void;
type PendingFindings = (findings: Result<Diagnostic[]>) => void;

/** A built detail, and its integrity findings, which the worker sends after it. */
export type DetailBuild = { data: RunModelData; findings: Promise<Result<Diagnostic[]>> };

/** Where the worker script is: the built bundle, or the TypeScript source under tsx (tests, scripts). */
export function workerScript(): { code: string; eval: boolean } | null {
  // From source (vitest, tsx scripts): register tsx's CommonJS hooks in the thread, then load the TS.
  if (__filename.endsWith('.ts')) return { code: `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'run-detail-worker.ts'))});`, eval: true };
  // In the package the worker script is asarUnpack'ed: a worker thread loads it from disk.
  const built = unpackedPath(join(appRoot(), 'out', 'main', 'run-detail-worker.js'));
  return existsSync(built) ? { code: built, eval: false } : null;
}

/** The pool's calls. */
export type RunDetailPool = ReturnType<typeof createRunDetailPool>;

/** Load libraries and build run details off main's thread. */
export function createRunDetailPool(options: { useWorker?: boolean } = {}) {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  // Details whose result came and whose findings are still being checked.
  const pendingFindings = new Map<number, PendingFindings>();

  const failAll = (message: string) => {
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve(fail(diagnostic('internal', message)));
    }
    for (const [id, resolve] of pendingFindings) {
      pendingFindings.delete(id);
      resolve(fail(diagnostic('internal', message)));
    }
  };

  const start = (): Worker | null => {
    if (worker || options.useWorker === false) return worker;
    const script = workerScript();
    if (!script) return null;
    try {
      worker = new Worker(script.code, { eval: script.eval });
    } catch {
      return null;
    }
    // The pool must not keep a CLI or test process alive on its own.
    worker.unref();
    worker.on('message', (message: RunWorkerResponse) => {
      if ('findings' in message) {
        pendingFindings.get(message.id)?.(message.findings);
        pendingFindings.delete(message.id);
        return;
      }
      pending.get(message.id)?.(message.result);
      pending.delete(message.id);
    });
    worker.on('error', (error) => {
      failAll(`the run-detail worker failed: ${error.message}`);
      worker = null;
    });
    worker.on('exit', () => {
      failAll('the run-detail worker stopped');
      worker = null;
    });
    return worker;
  };

  // Distributive omit, so each request kind keeps its own fields.
  type RequestBody = RunWorkerRequest extends infer R ? (R extends RunWorkerRequest ? Omit<R, 'id'> : never) : never;
  const call = (body: RequestBody): Promise<Result<WorkerAnswer>> => {
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
    const w = start();
    if (!w) {
      const handled = await handleRunRequest({ ...body, id: 0 });
      if (!handled.result.ok) return handled.result;
      const check = handled.findings;
      // In-process: the check runs on a later turn, after the caller has the detail.
      const findings = new Promise<Result<Diagnostic[]>>((resolve) => setImmediate(() => resolve(check ? check() : { ok: true, value: [] })));
      return { ok: true, value: { data: handled.result.value as RunModelData, findings } };
    }
    const id = nextId++;
    const findings = new Promise<Result<Diagnostic[]>>((resolve) => pendingFindings.set(id, resolve));
    const result = await new Promise<Result<WorkerAnswer>>((resolve) => {
      pending.set(id, resolve);
      w.postMessage({ ...body, id });
    });
    if (!result.ok) {
      pendingFindings.delete(id);
      return result;
    }
    return { ok: true, value: { data: result.value as RunModelData, findings } };
  };

  return {
    /** The snapshot of `root` priced with `table` (open runs are folded to judge them: seconds for a big one). */
    library: (root: string, table: PriceTable) => call({ kind: 'library', root, table }) as Promise<Result<LibrarySnapshot>>,
    /** The data dirs under `root` (no run counts), walked in the worker: the live observer's rescans. */
    discover: (root: string) => call({ kind: 'discover', root }) as Promise<Result<Discovery>>,
    /** The detail of `runId` in `dataDir` with its derived parts, built in the worker when one can run; its findings follow. */
    detail,
    /** The run's log (cut after `upto` when given) folded afresh and compared with `live` (or simulated batches), in the worker. */
    compare: (dataDir: string, runId: string, live: LiveCapture | null, upto?: number) =>
      call({ kind: 'compare', dataDir, runId, live, upto }) as Promise<Result<RunComparison>>,
    /** Two runs diffed (each read strictly, as of its `at` when given), in the worker. */
    diff: (a: RunRef, b: RunRef, table: PriceTable) => call({ kind: 'diff', a, b, table }) as Promise<Result<RunDiffView>>,
    /** Stop the worker (pending requests fail). */
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
