/**
 * Builds and updates a root's fleet index off main's event loop (docs/FLEET.md "In the app").
 *
 * Where the app is built, a thread of its own (workers/index-worker.ts) holds the index's write
 * connection and main searches through a read-only connection to the same file: each data dir
 * is one committed transaction, so a search sees every dir indexed so far. Without a built
 * thread (tests and tsx scripts, see thread-script.ts) or without a cache folder (an index in
 * memory cannot be shared between threads), the build runs in this thread and yields to the event
 * loop between runs, so other channels are still answered while it goes.
 */
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { updateFleetIndex } from '../fleet/index-build';
import { openIndexForRead, openIndexForWrite } from '../fleet/index-file';
import { KEEP_LIVE_DIR_MS, KeptLiveDirs } from '../fleet/kept-live-dirs';
import { takeThreadFoldersAtExit } from '../sources/fs/private-temp';
import type { IndexConnection } from '../sources/little-workflow/sqlite-driver';
import type { Discovery } from '../sources/little-workflow/store-types';
import { threadScript, type ThreadMode } from './thread-script';

/** One update: the dirs to bring up to date (`partial`: only those changed; the others are kept; `onlyRuns`: only these runs of a dir). */
export type IndexUpdate = { discovery: Discovery; partial: boolean; table: PriceTable; onlyRuns?: Map<string, Set<string>> };

/** main → thread: an update, or the end (the thread lets its held dirs go, then says `closed`). */
export type IndexThreadRequest = { kind: 'update'; id: number; update: IndexUpdate } | { kind: 'close' };

/** thread → main: the file is open (or not), then per update its progress and its end. */
export type IndexThreadMessage =
  | { kind: 'opened' }
  | { kind: 'open-failed'; message: string }
  | { kind: 'closed' }
  | { kind: 'progress'; id: number; runsDone: number }
  | { kind: 'done'; id: number; diagnostics: Diagnostic[] }
  | { kind: 'failed'; id: number; message: string };

/** A root's index, however it is built. */
export interface Indexer {
  /** Bring the index up to date; `onRuns` gets how many runs the update has gone through. */
  update(update: IndexUpdate, onRuns: (runsDone: number) => void): Promise<{ diagnostics: Diagnostic[] }>;
  /** A connection to search with (null until the index is open, or when it cannot be). */
  reader(): IndexConnection | null;
  /** Why the index cannot be opened, if so. */
  problem(): string | null;
  /** Whether the index's own thread runs now (false for a build in this thread). */
  running(): boolean;
  close(): void;
}

/** How long a closed index thread has to let its held dirs go before it is terminated. */
const CLOSE_GRACE_MS = 1000;

/** Runs gone through between two yields of an in-thread build (and two progress posts of the thread). */
export const RUNS_PER_YIELD = 25;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Run one update on `db`, reporting progress every RUNS_PER_YIELD runs (and yielding when asked).
 * A live update's dirs are held open in `kept` first, so their mirrors outlive the update.
 */
export async function runIndexUpdate(db: IndexConnection, update: IndexUpdate, onRuns: (runsDone: number) => void, yieldBetween: boolean, kept: KeptLiveDirs): Promise<{ diagnostics: Diagnostic[] }> {
  // Only a dir read through a private mirror is held (kept-live-dirs.ts decides: no format named here).
  if (update.partial) for (const dir of update.discovery.dataDirs) kept.keep(dir.path);
  const stats = await updateFleetIndex(db, update.discovery, {
    table: update.table,
    partial: update.partial,
    onlyRuns: update.onlyRuns,
    onProgress: (p) => onRuns(p.runsDone),
    // A promise only when it yields: the build lets its snapshot go only then (held-reader.ts).
    onRun: (p) => {
      if (p.runsDone % RUNS_PER_YIELD !== 0) return;
      onRuns(p.runsDone);
      return yieldBetween ? nextTurn() : undefined;
    },
  });
  return { diagnostics: stats.diagnostics };
}

/** The index of one root at `path` (null: in memory), built in a thread when `mode` allows. */
export function createIndexer(path: string | null, mode: ThreadMode = 'auto'): Indexer {
  const script = path === null ? null : threadScript('index-worker', mode);
  return script === null || path === null ? inThreadIndexer(path) : threadIndexer(path, script);
}

function inThreadIndexer(path: string | null): Indexer {
  const opened = openIndexForWrite(path);
  const db = opened.ok ? opened.value : null;
  const kept = new KeptLiveDirs();
  // One update at a time on the one connection (a live update waits for the build under way).
  let queue: Promise<unknown> = Promise.resolve();
  return {
    update(update, onRuns) {
      const run = queue.then(() => (db === null ? { diagnostics: [] } : runIndexUpdate(db, update, onRuns, true, kept)));
      queue = run.catch(() => undefined);
      return run;
    },
    reader: () => db,
    problem: () => (opened.ok ? null : opened.error.message),
    running: () => false,
    close: () => {
      kept.close();
      db?.close();
    },
  };
}

/**
 * The index in a thread of its own, started by the first update (an idle one held ~20 MB from the
 * open on, and the first build waits: fleet-index-service.ts). It ends once its updates are done
 * (a big root's build left its heap at hundreds of MB: ~350 MB after the 200,000-event run, kept
 * until V8 got round to shrinking it): at once after a whole-root update, KEEP_LIVE_DIR_MS after a
 * live one (its live dirs' mirrors stay for the next commit: fleet/kept-live-dirs.ts). The next
 * update starts another on the same file. Main's read connection, opened once the first thread has
 * the file open, stays.
 */
function threadIndexer(path: string, script: { code: string; eval: boolean }): Indexer {
  // The thread's mirrors of live dirs (fleet/kept-live-dirs.ts) go when this process ends.
  takeThreadFoldersAtExit();
  let worker: Worker | null = null;
  // Ends the thread once it has been idle long enough (see above); null while updates run.
  let idleTimer: NodeJS.Timeout | null = null;
  let lastPartial = false;
  let read: IndexConnection | null = null;
  let problem: string | null = null;
  let nextId = 1;
  const waiting = new Map<number, { onRuns: (runsDone: number) => void; resolve: (value: { diagnostics: Diagnostic[] }) => void; reject: (error: Error) => void }>();
  const failAll = (message: string) => {
    problem ??= message;
    for (const job of waiting.values()) job.reject(new Error(message));
    waiting.clear();
  };
  const start = (): Worker => {
    const started = new Worker(script.code, { eval: script.eval, workerData: { path } });
    // The thread must not keep a CLI's `serve` (or a test) alive on its own.
    started.unref();
    started.on('message', (message: IndexThreadMessage) => {
      if (message.kind === 'opened') {
        if (read !== null) return;
        const opened = openIndexForRead(path);
        if (opened.ok) read = opened.value;
        else problem = opened.error.message;
        return;
      }
      if (message.kind === 'open-failed') return failAll(message.message);
      if (message.kind === 'closed') return void started.terminate();
      const job = waiting.get(message.id);
      if (job === undefined) return;
      if (message.kind === 'progress') return job.onRuns(message.runsDone);
      waiting.delete(message.id);
      if (message.kind === 'done') job.resolve({ diagnostics: message.diagnostics });
      else job.reject(new Error(message.message));
      // Nothing left to do: the thread and its heap go, at once or once its live dirs are let go.
      if (waiting.size === 0 && worker === started) {
        if (!lastPartial) return end(started);
        idleTimer = setTimeout(() => end(started), KEEP_LIVE_DIR_MS);
        idleTimer.unref();
      }
    });
    // A thread ended here is gone from `worker` already: only the current one fails the waiting updates.
    started.on('error', (error) => worker === started && failAll(`The index thread failed: ${String(error)}`));
    started.on('exit', () => worker === started && failAll('The index thread has stopped.'));
    return started;
  };
  // The thread removes the mirrors of the dirs it holds first (a terminated thread's exit hooks
  // do not run); one busy in a long build is ended all the same a moment later.
  const end = (ending: Worker) => {
    if (worker === ending) worker = null;
    idleTimer = null;
    ending.postMessage({ kind: 'close' } satisfies IndexThreadRequest);
    setTimeout(() => void ending.terminate(), CLOSE_GRACE_MS).unref();
  };
  return {
    update(update, onRuns) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        if (problem !== null) return reject(new Error(problem));
        waiting.set(id, { onRuns, resolve, reject });
        if (idleTimer !== null) clearTimeout(idleTimer);
        idleTimer = null;
        lastPartial = update.partial;
        worker ??= start();
        worker.postMessage({ kind: 'update', id, update } satisfies IndexThreadRequest);
      });
    },
    reader: () => read,
    problem: () => problem,
    /** Whether a thread runs now (it ends once its updates are done). */
    running: () => worker !== null,
    close() {
      read?.close();
      read = null;
      if (idleTimer !== null) clearTimeout(idleTimer);
      if (worker !== null) end(worker);
    },
  };
}
