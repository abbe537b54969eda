/**
 * A process whose worker thread holds a reader of a live data dir (so the thread made a private
 * mirror), as the app's fleet index thread does between updates: prints one `ready` line once the
 * thread's folder exists, then ends the process with the thread running (`exit`) or terminates
 * the thread first (`terminate`).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { takeThreadFoldersAtExit } from '../../src-main/sources/fs/private-temp';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';

if (isMainThread) {
  const [dataDir, mode] = process.argv.slice(2);
  takeThreadFoldersAtExit();
  const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(__filename)});`, { eval: true, workerData: { dataDir } });
  worker.on('message', (message: unknown) => {
    process.stdout.write(`${JSON.stringify(message)}\n`);
    if (mode === 'terminate') void worker.terminate().then(() => process.exit(0));
    else setTimeout(() => process.exit(0), 50);
  });
} else {
  const reader = openDataDir((workerData as { dataDir: string }).dataDir);
  parentPort?.postMessage({ ready: true, recipe: reader.ok ? reader.value.recipe : null });
  setInterval(() => undefined, 1000);
}
