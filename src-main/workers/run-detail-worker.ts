/**
 * Worker thread that loads library snapshots (folding every run without a terminal event),
 * builds run details (with their turn rows and cost aggregate) and replay-vs-live comparisons: reading and folding a
 * 200,000-event run takes seconds, and main's thread must never block that long (in Electron it
 * also drives the windows). Each message names a data dir and a run; the answer is a `Result`.
 */
import { parentPort } from 'node:worker_threads';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import type { RunComparison } from '../../shared/compare/run-comparison';
import { compareRunLog, type LiveCapture } from '../library/run-compare';
import { checkpointsFor } from '../library/checkpoints/fold-checkpointed';
import { loadRunDetailParts, type RunDetailContext } from '../library/run-detail';
import { yieldToLoop } from '../sources/little-workflow/read-log-async';
import { prepareRunModel, type RunModelData } from '../../shared/run/run-model';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../library/load-library';
import { discover } from '../sources/fs/discovery';
import type { Discovery } from '../sources/little-workflow/store-types';

/** A request to the worker: load a library, build a run's detail, or compare its log with a live capture. */
export type RunWorkerRequest =
  | { id: number; kind: 'library'; root: string; table: PriceTable }
  | { id: number; kind: 'discover'; root: string }
  | { id: number; kind: 'detail'; dataDir: string; runId: string; context: RunDetailContext }
  | { id: number; kind: 'compare'; dataDir: string; runId: string; live: LiveCapture | null };
/** What the worker answers: the result of request `id`, then (details only) the run's integrity findings. */
export type RunWorkerResponse =
  | { id: number; result: Result<RunModelData | RunComparison | LibrarySnapshot | Discovery> }
  | { id: number; findings: Result<Diagnostic[]> };

/** A request's result and, for details, the integrity check to run once the result is sent. */
export type HandledRequest = { result: Result<RunModelData | RunComparison | LibrarySnapshot | Discovery>; findings?: () => Result<Diagnostic[]> };

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
  const failed = (error: unknown) => fail(diagnostic('internal', `${request.kind} of ${request.runId} failed: ${(error as Error).message}`, { runId: request.runId }));
  const reader = openDataDir(request.dataDir);
  if (!reader.ok) return { result: reader };
  try {
    if (request.kind === 'compare') return { result: await compareRunLog(reader.value, request.runId, request.live) };
    const parts = await loadRunDetailParts(reader.value, request.runId, request.context, checkpointsFor(request.context.cacheDir ?? null));
    if (!parts.ok) return { result: parts };
    const { detail, checkFindings } = parts.value;
    // Turn rows and priced calls are O(n log n) over every turn: derived here, not on main.
    return {
      result: ok(prepareRunModel(detail, request.context.table, new Date())),
      findings: () => {
        try {
          return ok(checkFindings());
        } catch (error) {
          return failed(error);
        }
      },
    };
  } catch (error) {
    return { result: failed(error) };
  } finally {
    reader.value.close();
  }
}

parentPort?.on('message', (request: RunWorkerRequest) => {
  void handleRunRequest(request).then(async ({ result, findings }) => {
    parentPort!.postMessage({ id: request.id, result } satisfies RunWorkerResponse);
    if (!findings) return;
    // The run view has its detail; the integrity check follows (other requests may go first).
    await yieldToLoop();
    parentPort!.postMessage({ id: request.id, findings: findings() } satisfies RunWorkerResponse);
  });
});
