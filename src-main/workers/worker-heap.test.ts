import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { configureWorkerHeaps, WORKER_MIN_SEMI_SPACE_MB } from './worker-heap';

/** The young generation's size of a worker started now, as its own heap reports it. */
function newSpaceOfWorker(): Promise<number> {
  const code = "const { parentPort } = require('node:worker_threads'); const v8 = require('node:v8'); parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);";
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (size: number) => void worker.terminate().then(() => resolve(size)));
    worker.once('error', reject);
  });
}

describe('configureWorkerHeaps', () => {
  it('makes every worker started afterwards begin with semi-spaces of WORKER_MIN_SEMI_SPACE_MB', async () => {
    configureWorkerHeaps();
    configureWorkerHeaps();
    // V8 reports the young generation's capacity; it starts at the minimum (1 MB semi-spaces by default).
    expect(await newSpaceOfWorker()).toBeGreaterThanOrEqual(WORKER_MIN_SEMI_SPACE_MB * 1024 * 1024);
  });
});
