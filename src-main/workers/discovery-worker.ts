/**
 * The discovery thread's entry (one thread per open, ended when the open is cancelled): walks
 * the root named in `workerData` and posts progress while it walks, then the discovery. Kept
 * apart from the run-detail worker so a walk of a huge folder can be ended by terminating its
 * thread, without losing the run-detail worker's warm state or waiting behind its builds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { discover } from '../sources/fs/discovery';
import type { DiscoveryThreadMessage } from './discovery-thread';

const port = parentPort;
if (port !== null) {
  const { root } = workerData as { root: string };
  let message: DiscoveryThreadMessage;
  try {
    const discovery = discover(root, { countRuns: false, onProgress: (progress) => port.postMessage({ kind: 'progress', progress } satisfies DiscoveryThreadMessage) });
    message = { kind: 'done', discovery };
  } catch (error) {
    message = { kind: 'failed', message: String(error) };
  }
  port.postMessage(message);
}
