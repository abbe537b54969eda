/**
 * Runs discovery on a thread of its own (workers/discovery-worker.ts), one per open, so the walk
 * of a huge folder never holds main's event loop, reports its progress as it goes, and can be
 * cancelled: cancelling terminates the thread, whatever folder it is in.
 *
 * `auto` uses the thread where the app is built (the desktop app, `serve`); from source (tests,
 * tsx scripts) a thread must first load the whole source tree through tsx (~2.5 s per open on
 * this machine), so there the walk runs in this thread unless `thread` is asked for (the tests of
 * the thread itself). In this thread, a cancel drops the answer when the walk ends.
 */
import { Worker } from 'node:worker_threads';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { discover, type WalkProgress } from '../sources/fs/discovery';
import type { Discovery } from '../sources/little-workflow/store-types';
import type { Discover, DiscoveryJob } from '../library/run-builds';
import { oneAnswer, threadScript, type ThreadMode } from './thread-script';

/** What the thread posts: progress while it walks, then the discovery (or why it failed). */
export type DiscoveryThreadMessage =
  | { kind: 'progress'; progress: WalkProgress }
  | { kind: 'done'; discovery: Discovery }
  | { kind: 'failed'; message: string };


/** Where the walk runs: a thread where the app is built (`auto`), always (`thread`), or never (`in-process`). */
export type DiscoveryMode = ThreadMode;

const cancelled = (root: string) => fail<Discovery>(diagnostic('cancelled', `Opening ${root} was cancelled`, { path: root, severity: 'info' }));

/** Walk `root` off main; `onProgress` gets the running counts. */
export function discoverOffMain(root: string, onProgress: (progress: WalkProgress) => void, mode: DiscoveryMode = 'auto'): DiscoveryJob {
  const script = threadScript('discovery-worker', mode);
  if (script === null) {
    let stopped = false;
    // Still answered on a later turn, so callers see one behaviour.
    const result = Promise.resolve().then(() => (stopped ? cancelled(root) : ok(discover(root, { countRuns: false, onProgress }))));
    return { result, cancel: () => void (stopped = true) };
  }
  let worker: Worker;
  try {
    worker = new Worker(script.code, { eval: script.eval, workerData: { root } });
  } catch (error) {
    return { result: Promise.resolve(fail(diagnostic('internal', `Cannot start the discovery thread: ${String(error)}`))), cancel: () => undefined };
  }
  const { result, settle } = oneAnswer<Result<Discovery>>(worker);
  worker.on('message', (message: DiscoveryThreadMessage) => {
    if (message.kind === 'progress') onProgress(message.progress);
    else if (message.kind === 'done') settle(ok(message.discovery));
    else settle(fail(diagnostic('internal', `Discovery failed: ${message.message}`, { path: root })));
  });
  worker.on('error', (error) => settle(fail(diagnostic('internal', `Discovery failed: ${String(error)}`, { path: root }))));
  worker.on('exit', () => settle(cancelled(root)));
  return { result, cancel: () => settle(cancelled(root)) };
}

/** The library's walk of an open (library/run-builds.ts), run where `mode` says. */
export const discoveryIn = (mode: DiscoveryMode = 'auto'): Discover => (root, onProgress) => discoverOffMain(root, onProgress, mode);
