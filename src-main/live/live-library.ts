/**
 * The core's live hook-up: one observer per opened library, its notices turned into pushes
 * (`run.delta` with event summaries, `run.started`/`run.ended`/`run.reset`) and into a
 * library snapshot that stays current (patched rows, throttled; a reload when new runs or
 * data dirs appear, debounced).
 */
import type { PushMessage } from '../../shared/contract';
import type { LibrarySnapshot } from '../../shared/library';
import type { LiveRunSummary, RunEndReason } from '../../shared/live/live-types';
import { patchSnapshot } from '../../shared/live/library-patch';
import { runKey } from '../../shared/run/run-key';
import { createLiveObserver, type LiveObserver, type LiveObserverOptions } from './live-observer';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { eventSummary, type LiveBatch, type LiveNotification } from '../../shared/live/live-notifications';

/** What the core lends the live library. */
export type LiveLibraryHost = {
  root: string;
  snapshot(): LibrarySnapshot | null;
  /** Replace the snapshot (the core then serves it to `library.current`). */
  setSnapshot(snapshot: LibrarySnapshot): void;
  publish(message: PushMessage): void;
  /** Reload the library from disk without restarting the observer (new runs or data dirs). */
  reload(): void;
  /** The table the tails price model calls with (the library's, never a default). */
  priceTable: PriceTable;
  /** Observer overrides (tests shorten intervals). */
  observer?: Partial<LiveObserverOptions>;
  /** Minimum gap between two `library.changed` pushes caused by growing runs (default 250 ms). */
  snapshotEveryMs?: number;
  /** Debounce of reloads caused by new runs or data dirs (default 1000 ms). */
  reloadAfterMs?: number;
};

/** The running hook-up. */
export type LiveLibrary = { observer: LiveObserver; stop(): void };

/** The push form of a notice (null for notices that are not pushed). */
export function toPushMessage(notice: LiveNotification): PushMessage | null {
  switch (notice.kind) {
    case 'run.delta':
      return { kind: 'run.delta', dataDir: notice.dataDir, runId: notice.runId, events: notice.events.map(eventSummary), skipped: 0, summary: notice.summary };
    case 'run.started':
      return { kind: 'run.started', dataDir: notice.dataDir, runId: notice.runId, reason: notice.reason, summary: notice.summary };
    case 'run.ended':
      return { kind: 'run.ended', dataDir: notice.dataDir, runId: notice.runId, reason: notice.reason, summary: notice.summary };
    case 'run.reset':
      return { kind: 'run.reset', dataDir: notice.dataDir, runId: notice.runId, reason: notice.reason, summary: notice.summary };
    default:
      return null;
  }
}

/** Start observing `host.root` and feeding the core. */
export function startLiveLibrary(host: LiveLibraryHost): LiveLibrary {
  const observer = createLiveObserver({ root: host.root, unref: true, ...host.observer, priceTable: host.priceTable });
  const patches = new Map<string, { live: LiveRunSummary; ended?: RunEndReason; removed?: boolean }>();
  let patchTimer: ReturnType<typeof setTimeout> | null = null;
  let reloadTimer: ReturnType<typeof setTimeout> | null = null;
  let lastPatch = Number.NEGATIVE_INFINITY;
  const every = host.snapshotEveryMs ?? 250;

  const flushPatches = () => {
    patchTimer = null;
    const current = host.snapshot();
    if (current === null || patches.size === 0) return;
    const next = patchSnapshot(current, patches.values());
    patches.clear();
    lastPatch = Date.now();
    host.setSnapshot(next);
    host.publish({ kind: 'library.changed', snapshot: next });
  };
  const schedulePatch = () => {
    if (patchTimer !== null) return;
    patchTimer = setTimeout(flushPatches, Math.max(0, lastPatch + every - Date.now()));
    patchTimer.unref?.();
  };
  const scheduleReload = () => {
    if (reloadTimer !== null) clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      patches.clear();
      host.reload();
    }, host.reloadAfterMs ?? 1000);
    reloadTimer.unref?.();
  };

  observer.subscribe('core-push', (batch: LiveBatch) => {
    for (const notice of batch) {
      const message = toPushMessage(notice);
      if (message !== null) host.publish(message);
      if (notice.kind === 'dataDir.added' || (notice.kind === 'run.started' && notice.reason === 'new')) scheduleReload();
      if (notice.kind === 'run.delta' || notice.kind === 'run.started' || notice.kind === 'run.ended' || notice.kind === 'run.reset') {
        const key = runKey(notice.dataDir, notice.runId);
        patches.set(key, {
          live: notice.summary,
          ...(notice.kind === 'run.ended' ? { ended: notice.reason, removed: notice.reason === 'removed' } : {}),
        });
        schedulePatch();
      }
    }
  });
  observer.start();
  return {
    observer,
    stop() {
      observer.stop();
      if (patchTimer !== null) clearTimeout(patchTimer);
      if (reloadTimer !== null) clearTimeout(reloadTimer);
      patchTimer = reloadTimer = null;
    },
  };
}
