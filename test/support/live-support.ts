/** Test helpers for the live observer: a recording subscriber and full-fold references. */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { afterEach, expect } from 'vitest';
import type { EventEnvelope } from '../../shared/events/envelope';
import { HarnessViewBuilder } from '../../shared/fold/harness/harness-view';
import { materializeRunState } from '../../shared/fold/run-state';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { createLiveObserver, type LiveObserver, type LiveObserverOptions } from '../../src-main/live/live-observer';
import { loadLibrary } from '../../src-main/library/load-library';
import type { LibrarySnapshot } from '../../shared/library';
import { patchSnapshot } from '../../shared/live/library-patch';
import type { LiveBatch, LiveNotification } from '../../shared/live/live-notifications';
import { startScriptWriter, type ScriptWriter } from './live-writer';
import { scratchRoot } from './scratch';

/** Everything a subscriber received, flattened, plus helpers. */
export type Recorder = {
  notifications: LiveNotification[];
  batches: number;
  /** Delivered event sequences of one run, in order (across resets: all of them). */
  sequences(runId: string): number[];
  kinds(runId: string): string[];
};

/** Subscribe a recorder named `name`. */
export function record(observer: LiveObserver, name = 'recorder'): Recorder {
  const notifications: LiveNotification[] = [];
  const recorder: Recorder = {
    notifications,
    batches: 0,
    sequences: (runId) => notifications.flatMap((n) => (n.kind === 'run.delta' && n.runId === runId ? n.events.map((e) => e.sequence) : [])),
    kinds: (runId) => notifications.filter((n) => 'runId' in n && n.runId === runId).map((n) => (n.kind === 'run.delta' ? n.kind : `${n.kind}:${(n as { reason?: string }).reason ?? ''}`)),
  };
  observer.subscribe(name, (batch: LiveBatch) => {
    recorder.batches += 1;
    notifications.push(...batch);
  });
  return recorder;
}

/** Every event of a run as the store reads it now. */
export function readAll(dataDir: string, runId: string): EventEnvelope[] {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const events: EventEnvelope[] = [];
    for (const read of reader.value.readEvents(runId)) {
      if (!read.ok) throw new Error(read.diagnostic.message);
      events.push(read.event);
    }
    return events;
  } finally {
    reader.value.close();
  }
}

/** Assert the observer's live state and harness view of a run equal a fresh full fold. */
export function expectLiveEqualsFullFold(observer: LiveObserver, dataDir: string, runId: string): EventEnvelope[] {
  const events = readAll(dataDir, runId);
  const live = observer.capture(dataDir, runId);
  expect(live?.folded, `observer tails ${runId}`).toBeDefined();
  const full = materializeRunState(runId, events, { priceTable: BUNDLED_PRICE_TABLE });
  expect(live!.foldError).toBeNull();
  expect(live!.lastSequence).toBe(events.length);
  expect(JSON.stringify(live!.folded!.state)).toBe(JSON.stringify(full));
  expect(live!.folded!.state).toEqual(full);
  // The observer's accumulator keeps harness bodies as previews (what the run view shows).
  expect(live!.folded!.harness).toEqual(new HarnessViewBuilder('previews').addAll(events).snapshot());
  return events;
}

/** Poll `predicate` (ticking the observer) until true or `timeoutMs` passes. */
export async function until(predicate: () => boolean, timeoutMs = 15_000, what: string | (() => string) = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Wait until `done()` while the observer keeps delivering: fail only when it ticks `stallTicks`
 * times in a row without `progress()` changing (it stopped delivering), never because the machine
 * is slow. For waits on throughput, where a deadline would be a wall-clock threshold.
 */
export async function untilDelivered(observer: LiveObserver, done: () => boolean, progress: () => number, what: string, stallTicks = 40): Promise<void> {
  let seen = progress();
  let since = observer.stats().ticks;
  while (!done()) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = progress();
    const ticks = observer.stats().ticks;
    if (now !== seen) [seen, since] = [now, ticks];
    else if (ticks - since >= stallTicks) throw new Error(`no progress towards ${what} in ${stallTicks} observer ticks (at ${now})`);
  }
}

/** What a live test file sets up; everything it makes is cleaned up by the scope. */
export type LiveTestScope = {
  /** A new temp folder, removed after the file. */
  tempRoot(prefix: string): string;
  /** A writer child holding `dataDir`'s events.db, killed after the test. */
  writer(dataDir: string): Promise<ScriptWriter>;
  /** A new observer (not started), stopped after the test. */
  observe(options: LiveObserverOptions): LiveObserver;
};

/**
 * The set-up every live test file shares: after each test the observers it made are stopped
 * (stopping twice is harmless) and its writer children killed; at the end its temp roots go.
 */
export function liveTestScope(): LiveTestScope {
  const writers: ScriptWriter[] = [];
  const observers: LiveObserver[] = [];
  afterEach(async () => {
    for (const observer of observers.splice(0)) observer.stop();
    for (const writer of writers.splice(0)) await writer.kill();
  });
  return {
    tempRoot: scratchRoot,
    async writer(dataDir) {
      const writer = await startScriptWriter(dataDir);
      writers.push(writer);
      return writer;
    },
    observe(options) {
      const observer = createLiveObserver(options);
      observers.push(observer);
      return observer;
    },
  };
}

/** The library as loaded now from `root` (a failure fails the test). */
export function loadedLibrary(root: string): LibrarySnapshot {
  const library = loadLibrary(root, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  return library.value;
}

/** `snapshot` patched with every run summary the recorder received (what the renderer's list shows). */
export function patchedByLive(snapshot: LibrarySnapshot, rec: Recorder): LibrarySnapshot {
  return patchSnapshot(snapshot, rec.notifications.flatMap((n) => (n.kind === 'run.delta' || n.kind === 'run.ended' ? [{ live: n.summary }] : [])));
}
