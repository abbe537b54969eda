/**
 * The live observer: tails every data dir under an opened root and tells subscribers what
 * commits, in batches.
 *
 * It wakes on `fs.watch` of each data dir's `events/` folder (about two events per commit on
 * the `-wal`) and also polls every `pollMs` (250 ms by default). The poll is the safety net:
 * fs.watch misses changes on network and some container filesystems, stops when the watched
 * folder is deleted or replaced, and can hit inotify limits; a poll is one `stat` trio plus
 * `PRAGMA data_version` per data dir, so 4 per second costs next to nothing idle while
 * bounding the latency when the watcher is silent. New data dirs are looked for every
 * `discoverMs`. Work per tick is bounded (`rowsPerTick`); leftovers continue on the next
 * turn of the event loop, so a huge backlog never blocks main for long. loopctl ledger folders
 * are tailed too (loopctl-dir-tail.ts: byte offsets, fs.watch on the folder, same notices).
 */
import { watch, type FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import type { DataDirInfo } from '../../shared/library';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { discover } from '../sources/fs/discovery';
import type { SqliteDriver } from '../sources/little-workflow/sqlite-driver';
import type { MirrorCopier } from '../sources/little-workflow/mirror-copy';
import type { LiveBatch, LiveNotification } from '../../shared/live/live-notifications';
import type { LockReader } from '../sources/little-workflow/lock-watch';
import { createSourceRegistry, type SourceRegistry } from '../sources/registry';
import type { LiveRunInfo, LiveRunSnapshot, SourceTail } from '../sources/run-source';
import { SubscriberHub } from './subscriber-hub';

/** Options of {@link createLiveObserver}; only `root` is required. */
export type LiveObserverOptions = {
  /** The opened root (a data dir, a project folder, a `.little-harness` tree). */
  root: string;
  /** Safety-net poll interval (default 250 ms). */
  pollMs?: number;
  /** Coalescing delay after a watch event (default 4 ms: the `-wal` fires ~2x per commit). */
  debounceMs?: number;
  /** How often new data dirs are looked for under the root (default 2000 ms; 0 = never). */
  discoverMs?: number;
  /**
   * Walks the root for data dirs somewhere else (the library's worker thread), so a rescan of a
   * big root never holds main's event loop. Without it, rescans walk synchronously (the CLI).
   */
  discoverDataDirs?: () => Promise<readonly DataDirInfo[]>;
  /** The data dirs already found (the library's snapshot): start tails on them without a walk on main. */
  initialDataDirs?: readonly DataDirInfo[];
  /** Minimum gap between full head checks while commits keep coming (default 2000 ms). */
  fullCheckMs?: number;
  /** Gap between lock checks of open runs (default 1000 ms). */
  lockCheckMs?: number;
  /** Rows read per tick across all runs before yielding the event loop (default 5000). */
  rowsPerTick?: number;
  /** Deliver existing events too (each run announced as `new`), not only new commits. */
  replayExisting?: boolean;
  /** Use fs.watch (default true); the poll runs either way. */
  watch?: boolean;
  /** Tail only runs this accepts. */
  runFilter?: (runId: string) => boolean;
  priceTable: PriceTable;
  driver?: SqliteDriver;
  readLock?: LockReader;
  /**
   * What the caller already shows of the initial data dirs' runs (run id -> last sequence):
   * the tails' baseline, so rows committed between that read and the tails' first (a copy made
   * off main can take seconds) are still delivered.
   */
  baselines?: (dataDir: string) => ReadonlyMap<string, number> | undefined;
  /** Full copies of a live events.db made off main (the library's thread); without it, in this thread (the CLI). */
  mirrorCopier?: MirrorCopier;
  /** Where failing subscribers are reported (default console.error). */
  logError?: (message: string) => void;
  /** Let the process exit while only the observer's timers are left (the app and server keep it alive). */
  unref?: boolean;
  /** Clock (ms), injectable for tests. */
  now?: () => number;
  /** The sources whose tails it runs (default: its own registry, disposed on stop). */
  sources?: SourceRegistry;
};

/** Counters for tests, benchmarks and the load test. */
export type LiveStats = { ticks: number; rows: number; notifications: number; dataDirs: number; runs: number };

/** A running observer. */
export interface LiveObserver {
  /** Scan (synchronously) and start watching and polling; idempotent. */
  start(): void;
  /** Stop timers and watchers and close every connection; idempotent. */
  stop(): void;
  /** Register a subscriber (called in registration order); returns the unsubscribe. */
  subscribe(name: string, handler: (batch: LiveBatch) => void | Promise<void>): () => void;
  /** Tick now (tests, benchmarks); notices are still delivered asynchronously. */
  tick(): void;
  /** Deliver queued notices now. */
  flush(): void;
  /** A tailed run as it stands now (frozen; no fold state), of any source. */
  run(dataDir: string, runId: string): LiveRunInfo | undefined;
  /** Every tailed run, of every source. */
  runs(): LiveRunInfo[];
  /** A deep-frozen copy of a tailed run's live state: rows read later never change it. */
  capture(dataDir: string, runId: string): LiveRunSnapshot | undefined;
  dataDirs(): string[];
  /** Data dirs whose first read has not succeeded yet (no baseline: nothing is promised for them). */
  pending(): string[];
  stats(): LiveStats;
}

/** Create an observer for `options.root` (not started). */
export function createLiveObserver(options: LiveObserverOptions): LiveObserver {
  const root = resolve(options.root);
  const now = options.now ?? Date.now;
  const pollMs = options.pollMs ?? 250;
  const debounceMs = options.debounceMs ?? 4;
  const discoverMs = options.discoverMs ?? 2000;
  const rowsPerTick = options.rowsPerTick ?? 5000;
  const hub = new SubscriberHub(options.logError ?? ((message) => console.error(`little-inspector: ${message}`)));
  // One tail per data dir, whatever its source (SQLite by rowid and sequence, loopctl ledgers by byte offset).
  const tails = new Map<string, SourceTail>();
  const sources = options.sources ?? createSourceRegistry();
  const stats: LiveStats = { ticks: 0, rows: 0, notifications: 0, dataDirs: 0, runs: 0 };
  let running = false;
  let poll: ReturnType<typeof setInterval> | null = null;
  let wakeTimer: ReturnType<typeof setTimeout> | null = null;
  let follow: ReturnType<typeof setImmediate> | null = null;
  // When the next rescan may start: never sooner than `discoverMs`, and at least ten times the
  // last walk's duration after it ended, so a huge root costs at most a tenth of a core.
  let nextDiscovery = Number.NEGATIVE_INFINITY;
  let lastWalkEnded = Number.NEGATIVE_INFINITY;
  let discovering = false;
  let rootWatcher: FSWatcher | null = null;
  let ticking = false;

  const wake = () => {
    if (!running || wakeTimer !== null) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      tick();
    }, debounceMs);
    if (options.unref === true) wakeTimer.unref();
  };

  const addDataDir = (dir: DataDirInfo, out: LiveNotification[], announce: boolean) => {
    const path = dir.path;
    if (tails.has(path)) return;
    const baseline = announce ? undefined : options.baselines?.(path);
    const tail = sources.sourceOf(dir).openTail(dir, {
      fullCheckMs: options.fullCheckMs ?? 2000,
      lockCheckMs: options.lockCheckMs ?? 1000,
      // A data dir that appears later is all new: its existing events are delivered too.
      replayExisting: options.replayExisting === true || announce,
      watch: options.watch ?? true,
      ...(options.runFilter ? { runFilter: options.runFilter } : {}),
      priceTable: options.priceTable,
      ...(options.driver ? { driver: options.driver } : {}),
      ...(options.readLock ? { readLock: options.readLock } : {}),
      ...(options.mirrorCopier ? { mirrorCopier: options.mirrorCopier } : {}),
      ...(baseline ? { baseline } : {}),
      wake,
    });
    if (tail === null) return;
    tails.set(path, tail);
    if (announce) out.push(Object.freeze({ kind: 'dataDir.added' as const, dataDir: path }));
  };

  const scheduleNextDiscovery = (startedAt: number) => {
    const ended = now();
    lastWalkEnded = ended;
    nextDiscovery = ended + Math.max(discoverMs, 10 * (ended - startedAt));
  };

  const discoverDataDirs = (out: LiveNotification[], announce: boolean) => {
    const startedAt = now();
    for (const dir of discover(root, { countRuns: false }).dataDirs) addDataDir(dir, out, announce);
    scheduleNextDiscovery(startedAt);
  };

  // A rescan elsewhere: one at a time; the tails it finds are added (and announced) when it answers.
  const rescanOffMain = (walk: () => Promise<readonly DataDirInfo[]>) => {
    if (discovering) return;
    discovering = true;
    const startedAt = now();
    void walk()
      .catch(() => [] as readonly DataDirInfo[])
      .then((dirs) => {
        discovering = false;
        scheduleNextDiscovery(startedAt);
        if (!running) return;
        const out: LiveNotification[] = [];
        for (const dir of dirs) addDataDir(dir, out, true);
        stats.notifications += out.length;
        hub.publish(out);
        if (out.length > 0) wake();
      });
  };

  // Something appeared in (or left) the root itself: rescan as soon as the plain interval allows,
  // not the cost-spaced one. fs.watch is not recursive on every platform; the rescans stay the net.
  const watchRoot = () => {
    if (discoverMs <= 0 || options.watch === false) return;
    try {
      rootWatcher = watch(root, () => {
        nextDiscovery = Math.min(nextDiscovery, lastWalkEnded + discoverMs);
        wake();
      });
      rootWatcher.on('error', () => {
        rootWatcher?.close();
        rootWatcher = null;
      });
      if (options.unref === true) rootWatcher.unref();
    } catch {
      rootWatcher = null;
    }
  };

  function tick(): void {
    if (!running || ticking) return;
    ticking = true;
    const out: LiveNotification[] = [];
    let more = false;
    try {
      stats.ticks += 1;
      const at = now();
      if (discoverMs > 0 && at >= nextDiscovery) {
        if (options.discoverDataDirs) rescanOffMain(options.discoverDataDirs);
        else discoverDataDirs(out, true);
      }
      let budget = rowsPerTick;
      for (const tail of tails.values()) {
        const result = tail.tick(at, Math.max(budget, 1), out);
        budget -= result.rows;
        stats.rows += result.rows;
        more ||= result.more;
      }
    } finally {
      ticking = false;
    }
    stats.notifications += out.length;
    hub.publish(out);
    // Rows left over: continue after other work (I/O, IPC) had its turn.
    if (more && running && follow === null) {
      follow = setImmediate(() => {
        follow = null;
        tick();
      });
    }
  }

  const views = (): LiveRunInfo[] => [...tails.values()].flatMap((tail) => tail.liveRuns());

  return {
    start() {
      if (running) return;
      running = true;
      const out: LiveNotification[] = [];
      if (options.initialDataDirs) {
        for (const dir of options.initialDataDirs) addDataDir(dir, out, false);
        nextDiscovery = now() + discoverMs;
      } else discoverDataDirs(out, false);
      hub.publish(out);
      tick();
      poll = setInterval(tick, pollMs);
      watchRoot();
      if (options.unref === true) poll.unref();
    },
    stop() {
      running = false;
      if (poll !== null) clearInterval(poll);
      if (wakeTimer !== null) clearTimeout(wakeTimer);
      if (follow !== null) clearImmediate(follow);
      poll = wakeTimer = follow = null;
      rootWatcher?.close();
      rootWatcher = null;
      for (const tail of tails.values()) tail.stop();
      tails.clear();
      if (options.sources === undefined) sources.dispose();
      hub.dispose();
    },
    subscribe: (name, handler) => hub.subscribe({ name, handler }),
    tick,
    flush: () => hub.flush(),
    run: (dataDir, runId) => tails.get(resolve(dataDir))?.liveRuns().find((view) => view.runId === runId),
    runs: views,
    capture: (dataDir, runId) => tails.get(resolve(dataDir))?.capture(runId),
    dataDirs: () => [...tails.keys()],
    pending: () => [...tails.values()].filter((tail) => !tail.ready).map((tail) => tail.path),
    stats: () => ({
      ...stats,
      dataDirs: tails.size,
      runs: [...tails.values()].reduce((sum, tail) => sum + tail.runCount, 0),
    }),
  };
}
