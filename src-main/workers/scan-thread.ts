/**
 * The run view's behaviour scan on a thread of its own (workers/scan-worker.ts), one per scan.
 * On main's thread a scan of a 200,000-event run held the event loop for up to 2.2 s at a time
 * (its SQL before the first row: every row's time joined, the repeatable model requests counted)
 * and 1-4 s in all, once per time-travel move: the next move's request waited behind it
 * (docs/PERFORMANCE.md, issue 33). A scan superseded by a later one of the same run (`cancel`)
 * ends its thread. `auto` runs it in this thread from source (tests, tsx), as thread-script.ts says.
 */
import { Worker } from 'node:worker_threads';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import { scanRunLog, type ScannedRun } from '../library/scan-runs';
import type { RunScanJob, RunScanRequest, ScanRunOffMain } from '../library/run-builds';
import { createSourceRegistry } from '../sources/registry';
import { oneAnswer, threadScript, type ThreadMode } from './thread-script';

/** Scan one run off main (or in this thread where no thread script is built); `cancel` ends it, answering `cancelled`. */
export function scanOffMain(job: RunScanRequest, mode: ThreadMode = 'auto'): RunScanJob {
  const cancelled = () => fail<ScannedRun>(diagnostic('cancelled', `the scan of ${job.runId} was superseded by a later one`, { runId: job.runId, severity: 'info' }));
  const script = threadScript('scan-worker', mode);
  if (script === null) {
    const sources = createSourceRegistry();
    const result = scanRunLog(sources.sourceOf(job.dir), job.dir.path, job.runId, { table: job.table, ...(job.settings === undefined ? {} : { settings: job.settings }), now: new Date(job.now) }, job.at ?? undefined).finally(() => sources.dispose());
    return { result, cancel: () => undefined };
  }
  let worker: Worker;
  try {
    worker = new Worker(script.code, { eval: script.eval, workerData: job });
  } catch (error) {
    return { result: Promise.resolve(fail(diagnostic('internal', `Cannot start the scan thread: ${String(error)}`))), cancel: () => undefined };
  }
  const { result, settle } = oneAnswer<Result<ScannedRun>>(worker);
  worker.on('message', (message: Result<ScannedRun>) => settle(message));
  worker.on('error', (error) => settle(fail(diagnostic('internal', `the scan of ${job.runId} failed: ${String(error)}`, { runId: job.runId }))));
  worker.on('exit', () => settle(cancelled()));
  return { result, cancel: () => settle(cancelled()) };
}

/** The scan service's run scans (library/run-builds.ts), run where `mode` says. */
export const scansIn =
  (mode: ThreadMode = 'auto'): ScanRunOffMain =>
  (job) =>
    scanOffMain(job, mode);
