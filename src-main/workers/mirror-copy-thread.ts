/**
 * Makes a WAL mirror's full copy (sources/little-workflow/mirror-copy.ts) on a thread of its own,
 * one thread per copy: the live observer of the app and `serve` runs on main, where the first
 * copy of two 500 MB live logs held the event loop ~2 s (a page and `app.info` waited behind it).
 * Cancelling terminates the thread, wherever the copy is.
 *
 * `auto` uses the thread where the app is built; from source (tests, tsx scripts) the copy runs
 * in this thread on a later turn unless `thread` is asked for (the tests of the thread itself),
 * as for discovery (thread-script.ts says why).
 */
import { Worker } from 'node:worker_threads';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import { copyMirror, type CopiedMirror, type MirrorCopier, type MirrorCopyJob } from '../sources/little-workflow/mirror-copy';
import { threadScript, type ThreadMode } from './thread-script';

/** What the thread posts: the copy's outcome, or why it threw. */
export type MirrorCopyMessage = { kind: 'done'; result: Result<CopiedMirror | 'wal-gone'> } | { kind: 'failed'; message: string };

/** The copier that runs each copy on a thread of its own (`mode` as in thread-script.ts). */
export function mirrorCopierOffMain(mode: ThreadMode = 'auto'): MirrorCopier {
  return (dbPath, target) => copyOffMain(dbPath, target, mode);
}

function copyOffMain(dbPath: string, target: string, mode: ThreadMode): MirrorCopyJob {
  const script = threadScript('mirror-copy-worker', mode);
  if (script === null) {
    let stopped = false;
    // Still answered on a later turn, so callers see one behaviour.
    const result = Promise.resolve().then(() => (stopped ? null : copyMirror(dbPath, target)));
    return {
      result,
      cancel: () => {
        stopped = true;
        return result.then(() => undefined);
      },
    };
  }
  let worker: Worker;
  try {
    worker = new Worker(script.code, { eval: script.eval, workerData: { dbPath, target } });
  } catch (error) {
    return { result: Promise.resolve(fail(diagnostic('internal', `Cannot start the copy thread: ${String(error)}`))), cancel: () => Promise.resolve() };
  }
  let settle: (result: Result<CopiedMirror | 'wal-gone'> | null) => void = () => undefined;
  let stopped: Promise<void> = Promise.resolve();
  const result = new Promise<Result<CopiedMirror | 'wal-gone'> | null>((resolve) => {
    let done = false;
    settle = (value) => {
      if (done) return;
      done = true;
      resolve(value);
      stopped = worker.terminate().then(
        () => undefined,
        () => undefined,
      );
    };
  });
  const failed = (why: string) => settle(fail(diagnostic('internal', `Copying ${dbPath} failed: ${why}`, { path: dbPath })));
  worker.on('message', (message: MirrorCopyMessage) => (message.kind === 'done' ? settle(message.result) : failed(message.message)));
  worker.on('error', (error) => failed(String(error)));
  worker.on('exit', () => settle(null));
  return {
    result,
    cancel: () => {
      settle(null);
      return stopped;
    },
  };
}
