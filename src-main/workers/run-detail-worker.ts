/**
 * Worker thread that builds run details: reading and folding a 200,000-event run takes
 * seconds, and main's thread must never block that long (in Electron it also drives the
 * windows). Each message names a data dir and a run; the answer is a `Result<RunDetail>`.
 */
import { parentPort } from 'node:worker_threads';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { loadRunDetail, type RunDetailContext } from '../core/run-detail';
import { openDataDir } from '../store/data-dir-reader';

/** A request to the worker. */
export type RunDetailRequest = { id: number; dataDir: string; runId: string; context: RunDetailContext };
/** The worker's answer to request `id`. */
export type RunDetailResponse = { id: number; result: Result<RunDetail> };

async function handle(request: RunDetailRequest): Promise<Result<RunDetail>> {
  const reader = openDataDir(request.dataDir);
  if (!reader.ok) return reader;
  try {
    return await loadRunDetail(reader.value, request.runId, request.context);
  } catch (error) {
    return fail(diagnostic('internal', `building the run detail failed: ${(error as Error).message}`, { runId: request.runId }));
  } finally {
    reader.value.close();
  }
}

parentPort?.on('message', (request: RunDetailRequest) => {
  void handle(request).then((result) => parentPort!.postMessage({ id: request.id, result } satisfies RunDetailResponse));
});
