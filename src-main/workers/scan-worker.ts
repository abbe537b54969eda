/**
 * The scan thread's entry (one thread per run scan, ended once it answers or is superseded:
 * workers/scan-thread.ts): scans the run named in `workerData` as the run view's Behaviour card
 * asks (library/scan-runs.ts `scanRunLog`) and posts the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { diagnostic, fail } from '../../shared/diagnostics';
import { scanRunLog } from '../library/scan-runs';
import { createSourceRegistry } from '../sources/registry';
import type { RunScanRequest } from '../library/run-builds';

const port = parentPort;
if (port !== null) {
  const { dir, runId, table, settings, now, at } = workerData as RunScanRequest;
  const sources = createSourceRegistry();
  void scanRunLog(sources.sourceOf(dir), dir.path, runId, { table, ...(settings === undefined ? {} : { settings }), now: new Date(now) }, at ?? undefined)
    .catch((error: unknown) => fail(diagnostic('internal', `the scan of ${runId} failed: ${String(error)}`, { runId })))
    .then((result) => {
      sources.dispose();
      port.postMessage(result);
    });
}
