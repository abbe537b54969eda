/**
 * Coalescing of queued push messages, shared by both transports (Electron's per-window
 * coalescer and browser mode's event stream): the newest library snapshot replaces older
 * ones, but live event batches are concatenated, never dropped, and keep their order with the
 * run's start/end/reset notices.
 */
import type { PushMessage } from '../contract';
import { runKey } from '../run/run-key';

/** Events one merged `run.delta` keeps; older ones become `skipped` (the view refetches them). */
export const MAX_DELTA_EVENTS = 2_000;

type Delta = Extract<PushMessage, { kind: 'run.delta' }>;

const keyOf = (message: PushMessage): string | null =>
  message.kind === 'library.changed' || message.kind === 'menu.exportRun' || message.kind === 'otlp.progress' || message.kind === 'library.opening' || message.kind === 'fleet.indexing'
    ? null
    : runKey(message.dataDir, message.runId);

/**
 * Queue `message` behind `pending` (returns a new array; inputs are not mutated).
 *
 * - `library.changed`: older snapshots still queued are dropped (latest wins).
 * - `run.delta`: when the last queued message of the same run is a delta, the two merge in
 *   place (events concatenated, newest summary wins); past `maxEvents` the oldest events are
 *   counted in `skipped` instead of kept, so a stalled reader cannot grow the queue forever.
 * - `otlp.progress`: older progress of the same send still queued is dropped (latest wins).
 * - `library.opening`: older progress of an open still queued is dropped (latest wins).
 * - `fleet.indexing`: older index progress still queued is dropped (latest wins).
 * - `run.started` / `run.ended` / `run.reset` / `menu.exportRun`: appended; they are never merged away.
 */
export function mergePush(pending: readonly PushMessage[], message: PushMessage, maxEvents = MAX_DELTA_EVENTS): PushMessage[] {
  if (message.kind === 'library.changed') return [...pending.filter((queued) => queued.kind !== 'library.changed'), message];
  if (message.kind === 'library.opening') return [...pending.filter((queued) => queued.kind !== 'library.opening'), message];
  if (message.kind === 'fleet.indexing') return [...pending.filter((queued) => queued.kind !== 'fleet.indexing'), message];
  if (message.kind === 'otlp.progress') {
    const job = message.progress.jobId;
    return [...pending.filter((queued) => queued.kind !== 'otlp.progress' || queued.progress.jobId !== job), message];
  }
  const key = keyOf(message);
  const out = [...pending];
  if (message.kind === 'run.delta') {
    for (let index = out.length - 1; index >= 0; index -= 1) {
      const queued = out[index];
      if (keyOf(queued) !== key) continue;
      if (queued.kind === 'run.delta') out[index] = mergeDeltas(queued, message, maxEvents);
      else out.push(capDelta(message, maxEvents));
      return out;
    }
    out.push(capDelta(message, maxEvents));
    return out;
  }
  out.push(message);
  return out;
}

/** Merge two consecutive deltas of one run. */
export function mergeDeltas(older: Delta, newer: Delta, maxEvents = MAX_DELTA_EVENTS): Delta {
  return capDelta({ ...newer, events: [...older.events, ...newer.events], skipped: older.skipped + newer.skipped }, maxEvents);
}

function capDelta(delta: Delta, maxEvents: number): Delta {
  const extra = delta.events.length - maxEvents;
  if (extra <= 0) return delta;
  return { ...delta, events: delta.events.slice(extra), skipped: delta.skipped + extra };
}
