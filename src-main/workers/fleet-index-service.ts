/**
 * The opened root's fleet index in the app (docs/FLEET.md "In the app"): built off main
 * (workers/index-thread.ts) once a page first asks about it (a core nobody searches, a CLI
 * command's or a test's, builds nothing), then kept: brought up to date when the library is read again and
 * within a moment of every live change (the observer's `run.*` pushes name the data dir, and only
 * that dir is read again, after its runs' last indexed sequences), and searched by `fleet.search`
 * from what is indexed so far. Progress goes out as `fleet.indexing` pushes.
 */
import type { PushMessage } from '../../shared/contract';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { parseSearchQuery } from '../../shared/search/search-query';
import type { FleetIndexStatus, FleetSearchResult } from '../../shared/search/fleet-search-types';
import { createIndexer, type Indexer } from './index-thread';
import type { ThreadMode } from './thread-script';
import { indexFilePath } from '../fleet/index-file';
import { indexedCounts, SEARCH_LIMIT, searchIndex } from '../fleet/fleet-search';

export type FleetIndexServiceOptions = {
  /** The app's cache folder (the index file lives there; null: in memory, built in this thread). */
  cacheDir: string | null;
  table: () => PriceTable;
  publish: (message: PushMessage) => void;
  mode?: ThreadMode;
  /** How long a live change waits for more before the update starts (they come in bursts). */
  liveDelayMs?: number;
  /** Shortest gap between two progress pushes. */
  progressMs?: number;
};

export interface FleetIndexService {
  /** The library was opened or read again: index what it lists. */
  libraryChanged(snapshot: LibrarySnapshot): void;
  /** A push went out: a live change to a data dir is indexed shortly after. */
  pushed(message: PushMessage): void;
  /** Search what is indexed so far (the first search or status starts the build). */
  search(query: string, limit?: number): Result<FleetSearchResult>;
  status(): FleetIndexStatus;
  /** Resolves once no update is under way or waiting (tests, the bench). */
  settled(): Promise<void>;
  close(): void;
}

/**
 * The runs a live patch changed, by data dir, when `next` is `previous` patched (live-library.ts:
 * patchSnapshot keeps every row it did not touch as the same object, under the same data dirs);
 * null when `next` is a new read of the library (no row kept), which the whole root is indexed for.
 */
export function patchedRuns(previous: LibrarySnapshot, next: LibrarySnapshot): Map<string, Set<string>> | null {
  if (previous.root !== next.root || previous.dataDirs.length !== next.dataDirs.length) return null;
  const dirs = new Set(previous.dataDirs.map((dir) => dir.path));
  if (next.dataDirs.some((dir) => !dirs.has(dir.path))) return null;
  const before = new Set(previous.runs);
  const changed = new Map<string, Set<string>>();
  const mark = (run: LibrarySnapshot['runs'][number]) => {
    const runs = changed.get(run.dataDir) ?? new Set<string>();
    runs.add(run.runId);
    changed.set(run.dataDir, runs);
  };
  let kept = 0;
  for (const run of next.runs) {
    if (before.delete(run)) kept += 1;
    else mark(run);
  }
  if (kept === 0 && next.runs.length > 0) return null;
  // Rows left in `before` were removed by the patch.
  for (const run of before) mark(run);
  return changed;
}

const IDLE: FleetIndexStatus = { phase: 'idle', runsDone: 0, runsTotal: 0, indexedRuns: 0, indexedEvents: 0, problem: null };

export function createFleetIndexService(options: FleetIndexServiceOptions): FleetIndexService {
  const liveDelayMs = options.liveDelayMs ?? 100;
  const progressMs = options.progressMs ?? 200;
  let snapshot: LibrarySnapshot | null = null;
  let indexer: Indexer | null = null;
  let status: FleetIndexStatus = IDLE;
  // What is still to do: the whole root, and/or some runs of some dirs (by dir path, the live observer's names).
  let wantFull = false;
  const wantDirs = new Map<string, Set<string>>();
  let running: Promise<void> | null = null;
  let liveTimer: NodeJS.Timeout | null = null;
  let lastPush = 0;
  // Nothing is built until the first fleet.* request; from then on every change is followed.
  let active = false;

  const counts = (): Pick<FleetIndexStatus, 'indexedRuns' | 'indexedEvents'> => {
    const db = indexer?.reader() ?? null;
    if (db === null) return { indexedRuns: 0, indexedEvents: 0 };
    try {
      const { runs, events } = indexedCounts(db);
      return { indexedRuns: runs, indexedEvents: events };
    } catch {
      // The file is being created or replaced by the thread: nothing to count yet.
      return { indexedRuns: 0, indexedEvents: 0 };
    }
  };
  const setStatus = (next: Partial<FleetIndexStatus>, force: boolean) => {
    status = { ...status, ...next };
    const now = Date.now();
    if (!force && now - lastPush < progressMs) return;
    lastPush = now;
    options.publish({ kind: 'fleet.indexing', status: { ...status, ...counts() } });
  };

  const pump = () => {
    if (!active || running !== null || snapshot === null || indexer === null) return;
    const current = snapshot;
    const target = indexer;
    const full = wantFull;
    const dirs = full ? current.dataDirs : current.dataDirs.filter((dir) => wantDirs.has(dir.path));
    wantFull = false;
    if (dirs.length === 0) {
      wantDirs.clear();
      // A root with no readable data dir is fully indexed at once: say so, or a caller waiting for the build waits forever.
      if (full) setStatus({ phase: 'ready', runsDone: 0, runsTotal: current.runs.length, problem: null }, true);
      return;
    }
    if (full) setStatus({ phase: 'indexing', runsDone: 0, runsTotal: current.runs.length }, true);
    const onlyRuns = full ? undefined : new Map([...wantDirs].filter(([path]) => dirs.some((dir) => dir.path === path)));
    const update = { discovery: { root: current.root, dataDirs: dirs, diagnostics: [] }, partial: !full, table: options.table(), onlyRuns };
    wantDirs.clear();
    running = target
      .update(update, (runsDone) => {
        if (full && target === indexer) setStatus({ runsDone: Math.min(runsDone, status.runsTotal) }, false);
      })
      .then(
        () => {
          if (target === indexer) setStatus({ phase: 'ready', runsDone: status.runsTotal, problem: null }, true);
        },
        (error: unknown) => {
          if (target === indexer) setStatus({ phase: 'failed', problem: error instanceof Error ? error.message : String(error) }, true);
        },
      )
      .finally(() => {
        running = null;
        pump();
      });
  };

  const openRoot = (next: LibrarySnapshot) => {
    indexer?.close();
    const path = options.cacheDir === null ? null : indexFilePath(options.cacheDir, next.root);
    indexer = createIndexer(path, options.mode);
    status = { ...IDLE, runsTotal: next.runs.length, problem: indexer.problem() };
  };

  const activate = () => {
    if (active) return;
    active = true;
    wantFull = true;
    pump();
  };

  return {
    libraryChanged(next) {
      if (snapshot?.root !== next.root) openRoot(next);
      const patched = snapshot === null ? null : patchedRuns(snapshot, next);
      snapshot = next;
      if (status.problem !== null && status.phase !== 'failed') return setStatus({ phase: 'failed' }, true);
      if (patched === null) wantFull = true;
      else {
        // A live patch of the list: its runs were named by their own pushes; no whole-root pass
        // (which listed and proved every run of the dir, and held the live update up behind it).
        if (patched.size === 0) return;
        for (const [dir, runs] of patched) wantDirs.set(dir, new Set([...(wantDirs.get(dir) ?? []), ...runs]));
      }
      pump();
    },
    pushed(message) {
      if (message.kind === 'library.changed') return this.libraryChanged(message.snapshot);
      if (!active || (message.kind !== 'run.delta' && message.kind !== 'run.started' && message.kind !== 'run.ended' && message.kind !== 'run.reset')) return;
      const runs = wantDirs.get(message.dataDir) ?? new Set<string>();
      runs.add(message.runId);
      wantDirs.set(message.dataDir, runs);
      if (liveTimer !== null) return;
      liveTimer = setTimeout(() => {
        liveTimer = null;
        pump();
      }, liveDelayMs);
    },
    search(text, limit = SEARCH_LIMIT) {
      activate();
      const query = parseSearchQuery(text);
      if (!query.ok) return query;
      const db = indexer?.reader() ?? null;
      if (db === null) {
        if (snapshot === null) return fail(diagnostic('invalid-argument', 'Open a folder first: search looks through the runs under the opened folder.'));
        return ok({ hits: [], total: 0, status: this.status() });
      }
      try {
        const found = searchIndex(db, query.value, { limit });
        return ok({ hits: found.hits, total: found.total, status: { ...status, indexedRuns: found.indexed.runs, indexedEvents: found.indexed.events } });
      } catch (error) {
        return fail(diagnostic('index-failed', `The fleet index could not be searched: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
    status() {
      activate();
      return { ...status, ...counts() };
    },
    async settled() {
      while (running !== null || liveTimer !== null) {
        await (running ?? new Promise((resolve) => setTimeout(resolve, liveDelayMs)));
      }
    },
    close() {
      if (liveTimer !== null) clearTimeout(liveTimer);
      liveTimer = null;
      indexer?.close();
      indexer = null;
      snapshot = null;
    },
  };
}
