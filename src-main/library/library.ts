/**
 * The opened library: the one owner of the snapshot, the active price table, the live observer
 * and the run-model cache. Every figure that has a price is computed with `table()`: loading a
 * table reloads the snapshot, restarts the live observer with it (so live patches of run rows
 * carry its prices) and drops the cached models (per-call costs, turn prices, exports).
 */
import { resolve } from 'node:path';
import { latestWins } from '../../shared/async/latest-wins';
import type { PushMessage } from '../../shared/contract';
import { ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import { startLiveLibrary, type LiveLibrary } from '../live/live-library';
import type { LiveObserverOptions } from '../live/live-observer';
import { createRunDetailPool, type RunDetailPool } from '../workers/run-detail-pool';
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
  /** Builds snapshots and run models (default: one worker thread). */
  pool?: RunDetailPool;
  /** Browser mode: `loadTable` reads only files inside these folders (absent: any file). */
  priceTableFolders?: readonly string[];
  /** The app's cache folder for fold checkpoints (src-main/app-folders); null or absent: memory only. */
  cacheDir?: string | null;
};

/** The library of one process (one opened root at a time). */
export type Library = ReturnType<typeof createLibrary>;

/** An empty library; `open` fills it. */
export function createLibrary(options: LibraryOptions) {
  let snapshot: LibrarySnapshot | null = null;
  let root: string | null = null;
  let table: PriceTable = BUNDLED_PRICE_TABLE;
  // One worker for library loads and run details: judging open runs folds their logs.
  const pool = options.pool ?? createRunDetailPool();
  const runs = createRunService({ snapshot: () => snapshot, table: () => table, pool, cacheDir: options.cacheDir ?? null });
  // Opens, refreshes, table loads and the live reloads: an older load finishing later is dropped.
  const loads = latestWins();
  let live: { root: string; table: PriceTable; library: LiveLibrary } | null = null;

  const open = async (path: string): Promise<Result<LibrarySnapshot>> => {
    const absolute = resolve(path);
    const ticket = loads.begin();
    const loaded = await pool.library(absolute, table);
    if (!loaded.ok || !ticket.current()) return loaded;
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
          discoverDataDirs: () => pool.discover(at).then((found) => (found.ok ? found.value.dataDirs : [])),
          logError: options.logError,
          ...(options.live === undefined ? {} : options.live),
          priceTable: table,
        },
      }),
    };
  };

  return {
    snapshot: () => snapshot,
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
    /** The live observer's frozen copy of a tailed run (for `run.compare`). */
    capture: (ref: RunRef) => live?.library.observer.capture(ref.dataDir, ref.runId),
    /** Absolute paths of the opened data dirs (exports are never written inside them). */
    dataDirPaths: () => snapshot?.dataDirs.map((d) => d.path) ?? [],
    /** Stop the live observer and the worker; idempotent. */
    close() {
      loads.cancel();
      live?.library.stop();
      live = null;
      void runs.close();
    },
  };
}
