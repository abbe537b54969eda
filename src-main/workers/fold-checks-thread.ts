/**
 * Starts a fold's checks (library/checkpoints/fold-checks.ts) on a thread of their own, so a
 * synchronous fold (the CLI's `report`) folds on one core while the other proves what it may
 * leave out (library/checkpoints/fold-aside.ts). The fold's thread cannot await: it waits with
 * `Atomics.wait` on a shared flag the thread sets once its answer is posted, and takes the answer
 * with `receiveMessageOnPort`; no event loop turns in between.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { useUriFilenames } from '../sources/little-workflow/driver-better-sqlite3';
import { appRoot, unpackedPath } from '../app-paths';
import type { FoldChecksAnswer, FoldChecksJob } from '../engine/fold-checks';

/** Checks running elsewhere: their answer if it came (`peek`, never waits), or once it comes (`wait`); `close` ends them. */
export type FoldChecks = { peek(): FoldChecksAnswer | null; wait(): FoldChecksAnswer; close(): void };

/**
 * How long the fold waits for an answer before folding without it. The thread's work is a part of
 * what the fold does meanwhile, so only a thread that died without answering (killed, out of
 * memory) makes the fold wait this long.
 */
export const CHECKS_TIMEOUT_MS = 60_000;

/** What the thread is given: the job, the port to answer on and the flag it sets once it has. */
export type ChecksThreadData = { job: FoldChecksJob; port: MessagePort; flag: Int32Array };

/**
 * The thread's entry, or null when there is none: the TypeScript source under tsx (vitest, tsx
 * scripts), else the built bundle (app.asar.unpacked in the package: a thread loads its script from disk).
 */
function checksScript(): { path: string; preamble: string } | null {
  if (__filename.endsWith('.ts')) return { path: join(__dirname, 'fold-checks-worker.ts'), preamble: "require('tsx/cjs');" };
  const built = unpackedPath(join(appRoot(), 'out', 'main', 'fold-checks-worker.js'));
  return existsSync(built) ? { path: built, preamble: '' } : null;
}

/**
 * The code the thread runs: it loads the entry, and answers itself when the entry does not load
 * (a missing or broken script), so the fold never waits for a thread that will not answer.
 */
function threadCode(script: { path: string; preamble: string }): string {
  return [
    "const { workerData } = require('node:worker_threads');",
    `try { ${script.preamble} require(${JSON.stringify(script.path)}); } catch (error) {`,
    "  workerData.port.postMessage({ ok: false, reason: 'the checks thread did not load: ' + String(error) });",
    '  Atomics.store(workerData.flag, 0, 1);',
    '  Atomics.notify(workerData.flag, 0);',
    '}',
  ].join('\n');
}

/** Seams for tests: another script (plain JavaScript) for the thread, another wait. */
export type ChecksThreadOptions = { script?: string; timeoutMs?: number };

/**
 * Whether this thread may block in Atomics.wait (Node's threads may; an embedder can forbid it on
 * its main thread). The check comes before the value compare, so a wait for a value that is not
 * there answers at once where waiting is allowed and throws where it is not.
 */
function canWait(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Start `job` on a thread; null when no thread can be started (no script, no threads, no waiting
 * here) or there is no second core for it (it would only slow the fold): the fold then reads without one.
 */
export function startFoldChecksThread(job: FoldChecksJob, options: ChecksThreadOptions = {}): FoldChecks | null {
  const script = options.script === undefined ? checksScript() : { path: options.script, preamble: '' };
  const timeoutMs = options.timeoutMs ?? CHECKS_TIMEOUT_MS;
  if (script === null || availableParallelism() < 2 || !canWait()) return null;
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    const workerData: ChecksThreadData = { job, port: port2, flag };
    // Not the process's execArgv (a preload or profiler flag is not the checks' business), and no
    // warnings: node:sqlite's ExperimentalWarning, once per thread, would print a second time.
    useUriFilenames();
    worker = new Worker(threadCode(script), { eval: true, workerData, transferList: [port2], execArgv: ['--no-warnings'] });
  } catch {
    port1.close();
    return null;
  }
  // The checks must never keep a CLI or test process alive.
  worker.unref();
  let answer: FoldChecksAnswer | null = null;
  const take = (): FoldChecksAnswer | null => {
    const received = receiveMessageOnPort(port1);
    if (received !== undefined) answer = received.message as FoldChecksAnswer;
    return answer;
  };
  return {
    peek: () => answer ?? (Atomics.load(flag, 0) === 1 ? take() : null),
    wait: () => {
      if (answer !== null) return answer;
      Atomics.wait(flag, 0, 0, timeoutMs);
      return take() ?? { ok: false, reason: `the checks thread did not answer within ${timeoutMs} ms` };
    },
    close: () => {
      port1.close();
      void worker.terminate().catch(() => undefined);
    },
  };
}
