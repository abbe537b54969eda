/**
 * The fleet index's thread (workers/index-thread.ts): opens the index file named in `workerData`
 * for writing and runs the updates main posts, one after another, posting their progress. Apart
 * from the run-detail worker so a long build never delays a run view's build.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openIndexForWrite } from '../fleet/index-file';
import { KeptLiveDirs } from '../fleet/kept-live-dirs';
import { runIndexUpdate, type IndexThreadMessage, type IndexThreadRequest } from './index-thread';

const port = parentPort;
if (port !== null) {
  const post = (message: IndexThreadMessage) => port.postMessage(message);
  const { path } = workerData as { path: string };
  const opened = openIndexForWrite(path);
  if (!opened.ok) post({ kind: 'open-failed', message: opened.error.message });
  else {
    const db = opened.value;
    // Live dirs held between updates (fleet/kept-live-dirs.ts): this thread's mirrors of them stay.
    const kept = new KeptLiveDirs();
    post({ kind: 'opened' });
    let queue: Promise<void> = Promise.resolve();
    port.on('message', (request: IndexThreadRequest) => {
      if (request.kind === 'close') {
        kept.close();
        return post({ kind: 'closed' });
      }
      queue = queue.then(async () => {
        try {
          const { diagnostics } = await runIndexUpdate(db, request.update, (runsDone) => post({ kind: 'progress', id: request.id, runsDone }), false, kept);
          post({ kind: 'done', id: request.id, diagnostics });
        } catch (error) {
          post({ kind: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
        }
      });
    });
  }
}
