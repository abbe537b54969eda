/**
 * Pure half of the live store: how pushes change what the UI knows about tailed runs, how a
 * live summary overlays a run-list row between two library snapshots, and the per-frame
 * batcher that keeps renders to at most one per animation frame.
 */
import type { PushMessage } from '../../shared/contract';
import type { LibrarySnapshot, RunSummary } from '../../shared/library';
import { patchRunSummary } from '../../shared/live/library-patch';
import type { LiveEventSummary, LiveRunSummary, RunEndReason, RunResetReason } from '../../shared/live/live-types';
import { mergePush } from '../../shared/live/push-merge';
import { runKey } from '../../shared/run/run-key';
import { pushAll } from '../../shared/math/push-all';

/** What this window knows about one tailed run. */
export type LiveRun = {
  summary: LiveRunSummary;
  /** Why it left the live feed (crashed, completed, …), null while it is written to. */
  ended: RunEndReason | null;
  /** How many times its log was rewritten under us (bumped by `run.reset`). */
  resets: number;
  lastReset: RunResetReason | null;
};

/** Tailed runs by their run key (`shared/run/run-key.ts`). */
export type LiveRuns = Readonly<Record<string, LiveRun>>;

/** The outcome of one frame's pushes. */
export type LiveFrame = {
  runs: LiveRuns;
  /** The newest library snapshot of the frame, if one came. */
  snapshot: LibrarySnapshot | null;
  /** New event rows per run, in order (after a reset: only those that followed it). */
  appended: Record<string, LiveEventSummary[]>;
  /** Events a transport left out per run (`skipped` of the deltas): refetch them. */
  skipped: Record<string, number>;
  /** Runs whose log was rewritten in this frame. */
  reset: Record<string, RunResetReason>;
  /** Runs that ended in this frame. */
  ended: Record<string, RunEndReason>;
};

/** Apply a frame's pushes (in order) to `runs`; `runs` is not mutated, unchanged runs keep identity. */
export function applyPushes(runs: LiveRuns, messages: readonly PushMessage[]): LiveFrame {
  const next: Record<string, LiveRun> = { ...runs };
  const frame: LiveFrame = { runs: next, snapshot: null, appended: {}, skipped: {}, reset: {}, ended: {} };
  for (const message of messages) {
    if (message.kind === 'library.changed') {
      frame.snapshot = message.snapshot;
      continue;
    }
    // A command to the window (app.tsx runs it), not a change of any run.
    if (message.kind === 'menu.exportRun' || message.kind === 'otlp.progress' || message.kind === 'library.opening' || message.kind === 'fleet.indexing') continue;
    const key = runKey(message.dataDir, message.runId);
    const previous = next[key];
    const base = { resets: previous?.resets ?? 0, lastReset: previous?.lastReset ?? null };
    switch (message.kind) {
      case 'run.delta':
        next[key] = { ...base, summary: message.summary, ended: message.summary.phase === 'active' ? null : (previous?.ended ?? null) };
        pushAll((frame.appended[key] ??= []), message.events);
        if (message.skipped > 0) frame.skipped[key] = (frame.skipped[key] ?? 0) + message.skipped;
        break;
      case 'run.started':
        next[key] = { ...base, summary: message.summary, ended: null };
        break;
      case 'run.ended':
        frame.ended[key] = message.reason;
        if (message.reason === 'removed') delete next[key];
        else next[key] = { ...base, summary: message.summary, ended: message.reason };
        break;
      case 'run.reset':
        next[key] = { summary: message.summary, ended: null, resets: base.resets + 1, lastReset: message.reason };
        frame.reset[key] = message.reason;
        frame.appended[key] = [];
        delete frame.skipped[key];
        break;
      default: {
        const never: never = message;
        throw new Error(`unknown push ${(never as { kind: string }).kind}`);
      }
    }
  }
  return frame;
}

/** True when any run is still being written to (the shared clock ticks only then). */
export function anyActive(runs: LiveRuns): boolean {
  return Object.values(runs).some((run) => run.summary.phase === 'active');
}

/**
 * The row to show for `run`: the live summary patched on when it is at least as new as the
 * snapshot's row (the snapshot catches up every 250 ms; a reload from disk may be newer).
 */
export function overlayRun(run: RunSummary, live: LiveRun | undefined): RunSummary {
  if (live === undefined || live.summary.eventCount < run.eventCount) return run;
  return patchRunSummary(run, live.summary, live.ended ?? undefined);
}

/** Whole seconds since an ISO time at `now` (never negative), or null. */
export function secondsSince(iso: string | null, now: number): number | null {
  const at = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / 1000));
}

/** "3 s", "4 min", "2 h" ago-style age of a number of seconds. */
export function ageLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h`;
}

/** Schedules a callback for the next frame; returns its cancel. */
export type FrameScheduler = (callback: () => void) => () => void;

/** Queues pushes and hands them over at most once per scheduled frame. */
export type FrameBatcher = { push(message: PushMessage): void; flushNow(): void; dispose(): void; pending(): number };

/**
 * Batch pushes per frame: queued messages are merged like the transports do (latest snapshot
 * wins, deltas of a run concatenate) and `flush` gets them once, on the next frame.
 */
export function createFrameBatcher(flush: (messages: PushMessage[]) => void, schedule: FrameScheduler): FrameBatcher {
  let queue: PushMessage[] = [];
  let cancel: (() => void) | null = null;
  const run = () => {
    cancel = null;
    const messages = queue;
    queue = [];
    if (messages.length > 0) flush(messages);
  };
  return {
    push(message) {
      queue = mergePush(queue, message);
      cancel ??= schedule(run);
    },
    flushNow() {
      cancel?.();
      run();
    },
    dispose() {
      cancel?.();
      cancel = null;
      queue = [];
    },
    pending: () => queue.length,
  };
}
