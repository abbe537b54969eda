/**
 * Worker thread that loads library snapshots (folding every run without a terminal event),
 * builds run details (with their turn rows and cost aggregate) and replay-vs-live comparisons: reading and folding a
 * 200,000-event run takes seconds, and main's thread must never block that long (in Electron it
 * also drives the windows). Each message names a data dir and a run; the answer is a `Result`.
 */
import { parentPort } from 'node:worker_threads';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { RunComparison } from '../../shared/compare/run-comparison';
import { compareRunLog, type LiveCapture } from '../core/run-compare';
import { loadRunDetail, type RunDetailContext } from '../core/run-detail';
import { prepareRunModel, type RunModelData } from '../core/run-model';
import { openDataDir } from '../store/data-dir-reader';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { loadLibrary } from '../core/load-library';

/** A request to the worker: load a library, build a run's detail, or compare its log with a live capture. */
export type RunWorkerRequest =
  | { id: number; kind: 'library'; root: string; table: PriceTable }
  | { id: number; kind: 'detail'; dataDir: string; runId: string; context: RunDetailContext }
  | { id: number; kind: 'compare'; dataDir: string; runId: string; live: LiveCapture | null };
/** The worker's answer to request `id`. */
export type RunWorkerResponse = { id: number; result: Result<RunModelData | RunComparison | LibrarySnapshot> };

/** Serve one request with its own reader (closed afterwards); never throws. */
export async function handleRunRequest(request: RunWorkerRequest): Promise<Result<RunModelData | RunComparison | LibrarySnapshot>> {
  if (request.kind === 'library') {
    try {
      return loadLibrary(request.root, request.table);
    } catch (error) {
      return fail(diagnostic('internal', `loading ${request.root} failed: ${(error as Error).message}`, { path: request.root }));
    }
  }
  const reader = openDataDir(request.dataDir);
  if (!reader.ok) return reader;
  try {
    if (request.kind === 'compare') return await compareRunLog(reader.value, request.runId, request.live);
    const detail = await loadRunDetail(reader.value, request.runId, request.context);
    // Turn rows and priced calls are O(n log n) over every turn: derived here, not on main.
    return detail.ok ? ok(prepareRunModel(detail.value)) : detail;
  } catch (error) {
    return fail(diagnostic('internal', `${request.kind} of ${request.runId} failed: ${(error as Error).message}`, { runId: request.runId }));
  } finally {
    reader.value.close();
  }
}

parentPort?.on('message', (request: RunWorkerRequest) => {
  void handleRunRequest(request).then((result) => parentPort!.postMessage({ id: request.id, result } satisfies RunWorkerResponse));
});
