/** Test helpers for the live observer: a recording subscriber and full-fold references. */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';
import type { EventEnvelope } from '../../shared/events/envelope';
import { HarnessViewBuilder } from '../../shared/fold/harness/harness-view';
import { materializeRunState } from '../../shared/fold/run-state';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import type { LiveObserver } from '../../src-main/live/live-observer';
import type { LiveBatch, LiveNotification } from '../../shared/live/live-notifications';
import type { ScriptWriter } from './live-writer';

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
  const full = materializeRunState(runId, events);
  expect(live!.foldError).toBeNull();
  expect(live!.lastSequence).toBe(events.length);
  expect(JSON.stringify(live!.folded!.state)).toBe(JSON.stringify(full));
  expect(live!.folded!.state).toEqual(full);
  // The observer's accumulator keeps harness bodies as previews (what the run view shows).
  expect(live!.folded!.harness).toEqual(new HarnessViewBuilder('previews').addAll(events).snapshot());
  return events;
}

/** Poll `predicate` (ticking the observer) until true or `timeoutMs` passes. */
export async function until(predicate: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * What a live test file cleans up: after each test the observer under test (`stopObserver`) and
 * the writer children it started; at the end its temp roots. Push onto the returned lists.
 */
export function cleanUpLiveTests(stopObserver: () => void): { roots: string[]; writers: ScriptWriter[] } {
  const roots: string[] = [];
  const writers: ScriptWriter[] = [];
  afterEach(async () => {
    stopObserver();
    for (const writer of writers.splice(0)) await writer.kill();
  });
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  return { roots, writers };
}
