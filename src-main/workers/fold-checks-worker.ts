/**
 * The thread of a fold's checks (started by fold-checks-thread.ts): run them, post the answer,
 * then set the flag the fold's thread waits on. A small entry of its own: it loads the reader
 * and nothing of the fold, so the thread starts in a few tens of milliseconds.
 */
import { workerData } from 'node:worker_threads';
import { foldChecks, type FoldChecksAnswer } from '../engine/fold-checks';
import type { ChecksThreadData } from './fold-checks-thread';

const given = workerData as ChecksThreadData | null;
if (given !== null && given.flag instanceof Int32Array) {
  let answer: FoldChecksAnswer;
  try {
    answer = foldChecks(given.job);
  } catch (error) {
    answer = { ok: false, reason: `the checks failed: ${String(error)}` };
  }
  given.port.postMessage(answer);
  Atomics.store(given.flag, 0, 1);
  Atomics.notify(given.flag, 0);
}
