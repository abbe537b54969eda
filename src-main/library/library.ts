/**
 * The opened library: the one owner of the snapshot, the active price table, the live observer
 * and the run-model cache. Every figure that has a price is computed with `table()`: loading a
 * table reloads the snapshot, restarts the live observer with it (so live patches of run rows
 * carry its prices) and drops the cached models (per-call costs, turn prices, exports).
 */
import { resolve } from 'node:path';
import { latestWins } from '../../shared/async/latest-wins';
import type { PushMessage } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { OpeningProgress } from '../../shared/contract';
import type { WalkProgress } from '../sources/fs/discovery';
import type { MirrorCopier } from '../sources/little-workflow/mirror-copy';
import type { LibrarySnapshot } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import { startLiveLibrary, type LiveLibrary } from '../live/live-library';
import type { LiveObserverOptions } from '../live/live-observer';
import type { Discover, DiscoveryJob, RunBuilds } from './run-builds';
import type { FleetView } from '../../shared/fleet/fleet-summary-types';
import { loadPriceTableFile } from './price-table-file';
import { createRunService } from './run-service';

/** Recently opened roots, persisted by the Electron shell (never inside a data dir). */
export interface RecentStore {
  list(): string[];
  add(path: string): void;
}

export type LibraryOptions = {
  /** Where snapshots and live notices go (the core fans them out). */
  publish(message: PushMessage): void;
  recent?: RecentStore;
  /** Live observer options; `false` turns it off. */
  live?: false | Partial<LiveObserverOptions>;
  logError(message: string): void;
  /** Builds snapshots and run models (the composition's worker pool, workers/run-detail-pool.ts). */
  pool: RunBuilds;
  /** Browser mode: `loadTable` reads only files inside these folders (absent: any file). */
  priceTableFolders?: readonly string[];
  /** The app's cache folder for fold checkpoints (src-main/app-folders); null or absent: memory only. */
  cacheDir?: string | null;
  /** Starts an open's walk (the composition's, workers/discovery-thread.ts: a thread in the built app). */
  discover: Discover;
  /** Makes a live log's full private copy (the composition's, workers/mirror-copy-thread.ts: a thread in the built app; absent: in this thread). */
  mirrorCopier?: MirrorCopier;
};

/** The library of one process (one opened root at a time). */
export type Library = ReturnType<typeof createLibrary>;

/** An empty library; `open` fills it. */
export function createLibrary(options: LibraryOptions) {
  let snapshot: LibrarySnapshot | null = null;
  let root: string | null = null;
  let table: PriceTable = BUNDLED_PRICE_TABLE;
  // One worker for library loads and run details: judging open runs folds their logs.
  const { pool } = options;
  const runs = createRunService({ snapshot: () => snapshot, table: () => table, pool, cacheDir: options.cacheDir ?? null });
  // Opens, refreshes, table loads and the live reloads: an older load finishing later is dropped.
  const loads = latestWins();
  let live: { root: string; table: PriceTable; library: LiveLibrary } | null = null;

  // The open under way: its walk (cancellable until it answers) and the ticket its answer needs.
  let opening: { job: DiscoveryJob; cancel(): void } | null = null;

  // The open under way, for `current()`: a page loaded while the server opens waits for it.
  let pending: Promise<Result<LibrarySnapshot>> | null = null;
  const open = (path: string): Promise<Result<LibrarySnapshot>> => {
    const started = openNow(path);
    pending = started;
    void started.finally(() => {
      if (pending === started) pending = null;
    });
    return started;
  };

  const openNow = async (path: string): Promise<Result<LibrarySnapshot>> => {
    const absolute = resolve(path);
    const ticket = loads.begin();
    opening?.cancel();
    const progress = (phase: OpeningProgress['phase'], counts: WalkProgress) => options.publish({ kind: 'library.opening', progress: { path: absolute, phase, ...counts } });
    // The walk first, on a thread of its own: progress as it goes, a cancel that ends it at once,
    // and a quick answer for a folder with no data dir in it (nothing is read then).
    const job = options.discover(absolute, (counts) => progress('discovering', counts));
    let cancelled = false;
    // A cancel also answers an open waiting on its read at once: the worker's load then runs to
    // its end unheard (the pool has no way to stop a load), but the user has their library back.
    let stopWaiting = () => {};
    const cancelledRead = new Promise<null>((done) => (stopWaiting = () => done(null)));
    const mine = { job, cancel: () => ((cancelled = true), job.cancel(), stopWaiting()) };
    opening = mine;
    const found = await job.result;
    if (opening === mine && !found.ok) opening = null;
    if (!found.ok) return found;
    if (cancelled || !ticket.current()) return openCancelled(absolute);
    const dataDirs = found.value.dataDirs;
    if (dataDirs.length === 0) {
      opening = null;
      return fail(found.value.diagnostics.find((d) => d.severity === 'error') ?? found.value.diagnostics[0] ?? diagnostic('not-a-data-dir', `No data dir under ${absolute}`, { path: absolute }));
    }
    const sessions = dataDirs.filter((d) => d.sessionKey !== null).length;
    progress('reading', { folders: 0, dataDirs: dataDirs.length, sessions });
    // Then the worker reads the runs (it walks again: the folders are in the OS cache by now).
    const loaded = await Promise.race([pool.library(absolute, table), cancelledRead]);
    if (opening === mine) opening = null;
    if (loaded === null || cancelled || !ticket.current()) return openCancelled(absolute);
    if (!loaded.ok) return loaded;
    snapshot = loaded.value;
    root = absolute;
    runs.clear();
    options.recent?.add(absolute);
    options.publish({ kind: 'library.changed', snapshot: loaded.value });
    startLive(absolute);
    return loaded;
  };

  // One observer per opened root and table; a refresh of the same root keeps it (no commit is
  // missed), a new table restarts it: its tails fold the whole log again with the new prices.
  const startLive = (at: string) => {
    if (options.live === false || (live?.root === at && live.table === table)) return;
    live?.library.stop();
    live = {
      root: at,
      table,
      library: startLiveLibrary({
        root: at,
        snapshot: () => snapshot,
        setSnapshot: (next) => void (snapshot = next),
        publish: (message) => {
          // A rewritten log invalidates cached models (same event count, other content).
          if (message.kind === 'run.reset') runs.clear();
          options.publish(message);
        },
        reload: () => {
          if (root !== at) return;
          const ticket = loads.begin();
          void pool.library(at, table).then((reloaded) => {
            if (!reloaded.ok || !ticket.current() || root !== at) return;
            snapshot = reloaded.value;
            options.publish({ kind: 'library.changed', snapshot: reloaded.value });
          });
        },
        observer: {
          // Tails start on the data dirs the load found, and rescans walk the root in the worker.
          initialDataDirs: snapshot?.dataDirs ?? [],
          // The tails' baseline is what the load read, so nothing committed since is missed (their first copy may come seconds later).
          baselines: snapshotBaselines(snapshot),
          discoverDataDirs: () => pool.discover(at).then((found) => (found.ok ? found.value.dataDirs : [])),
          // A live log's full private copy (the first, and any after the writer outran us) is made on a thread of its own.
          ...(options.mirrorCopier ? { mirrorCopier: options.mirrorCopier } : {}),
          logError: options.logError,
          ...(options.live === undefined ? {} : options.live),
        },
        priceTable: table,
      }),
    };
  };

  return {
    snapshot: () => snapshot,
    /**
     * The library once the open under way (if any) has answered: its snapshot, or, when nothing
     * was open before it, the open's failure (a cancel is not one: then null, nothing open).
     */
    /** Resolves once there is a library to ask, or no open is under way (a first open's end; never a later one's). */
    async firstOpen(): Promise<void> {
      if (snapshot === null && pending !== null) await pending;
    },
    async current(): Promise<Result<LibrarySnapshot | null>> {
      const under = pending;
      if (under === null) return ok(snapshot);
      const answer = await under;
      if (!answer.ok && snapshot === null && answer.error.code !== 'cancelled') return answer;
      return ok(snapshot);
    },
    /** Stop the open under way (its walk's thread is ended; its answer is `cancelled`); false when none was. */
    cancelOpen(): boolean {
      if (opening === null) return false;
      opening.cancel();
      opening = null;
      return true;
    },
    /** The price table every cost is computed with. */
    table: () => table,
    open,
    /** Load the opened root again (null when nothing is open). */
    refresh: async (): Promise<Result<LibrarySnapshot | null>> => (root === null ? ok(null) : open(root)),
    /** Make `path`'s table (null: the bundled one) the active table and re-price everything. */
    async loadTable(path: string | null): Promise<Result<LibrarySnapshot | null>> {
      if (path === null) table = BUNDLED_PRICE_TABLE;
      else {
        const loaded = loadPriceTableFile(path, { allowedFolders: options.priceTableFolders });
        if (!loaded.ok) return loaded;
        table = loaded.value;
      }
      runs.clear();
      return root === null ? ok(null) : open(root);
    },
    /** Run-level operations on the opened library (models cached per run). */
    runs,
    /** The Fleet view of the opened root (null when nothing is open), built in the worker. */
    fleet: async (): Promise<Result<FleetView | null>> => (snapshot === null ? ok(null) : pool.fleet(snapshot, table)),
    /** The live observer's frozen copy of a tailed run (for `run.compare`). */
    capture: (ref: RunRef) => live?.library.observer.capture(ref.dataDir, ref.runId),
    /** Absolute paths of the opened data dirs (exports are never written inside them). */
    dataDirPaths: () => snapshot?.dataDirs.map((d) => d.path) ?? [],
    /** Stop the live observer and the worker; idempotent. */
    close() {
      opening?.cancel();
      opening = null;
      loads.cancel();
      live?.library.stop();
      live = null;
      void runs.close();
    },
  };
}

/** The answer of an open that was cancelled (or overtaken by a later one). */
function openCancelled(path: string): Result<never> {
  return fail(diagnostic('cancelled', `Opening ${path} was cancelled`, { path, severity: 'info' }));
}

/** The last sequence of each run the snapshot lists, by data dir (null snapshot: none known). */
function snapshotBaselines(snapshot: LibrarySnapshot | null): (dataDir: string) => ReadonlyMap<string, number> | undefined {
  if (snapshot === null) return () => undefined;
  const byDir = new Map<string, Map<string, number>>();
  for (const run of snapshot.runs) {
    let seen = byDir.get(run.dataDir);
    if (seen === undefined) byDir.set(run.dataDir, (seen = new Map()));
    seen.set(run.runId, run.lastSequence ?? run.eventCount);
  }
  return (dataDir) => byDir.get(dataDir) ?? new Map();
}
