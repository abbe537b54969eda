/**
 * The copy thread's entry (one thread per full copy of a live events.db, ended when the copy is
 * cancelled): copies the `dbPath` named in `workerData` into `target` and posts the outcome
 * (workers/mirror-copy-thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { copyMirror } from '../sources/little-workflow/mirror-copy';
import type { MirrorCopyMessage } from './mirror-copy-thread';

const port = parentPort;
if (port !== null) {
  const { dbPath, target } = workerData as { dbPath: string; target: string };
  let message: MirrorCopyMessage;
  try {
    message = { kind: 'done', result: copyMirror(dbPath, target) };
  } catch (error) {
    message = { kind: 'failed', message: String(error) };
  }
  port.postMessage(message);
}
