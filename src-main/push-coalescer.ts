/**
 * Coalesces push messages to at most one send per interval (~one frame) per target.
 *
 * Live tailing can produce hundreds of library snapshots a second; a window can only paint one
 * per frame, and structured-cloning each to the renderer would starve it. So per target we queue
 * messages merged by `mergePush`: the latest library snapshot wins, live event batches of one
 * run concatenate (never dropped). The first push after a quiet spell goes out at once (no
 * added latency), later ones within the interval are merged and sent on the trailing edge.
 */
import type { PushMessage } from '../shared/contract';
import { mergePush } from '../shared/live/push-merge';

/** Something a push can be delivered to (a WebContents in production). */
export type PushTarget = { isDestroyed(): boolean };

/** Options for {@link PushCoalescer}. */
export type PushCoalescerOptions<T extends PushTarget> = {
  /** Delivers one message to one target. */
  send: (target: T, message: PushMessage) => void;
  /** Minimum gap between two sends to the same target; 16 ms is one 60 Hz frame. */
  intervalMs?: number;
  /** Clock, injectable for tests. */
  now?: () => number;
};

type TargetState = {
  lastSentAt: number;
  pending: PushMessage[];
  timer: ReturnType<typeof setTimeout> | null;
};

/** Per-target, per-kind latest-wins throttle for push messages. */
export class PushCoalescer<T extends PushTarget> {
  private readonly states = new Map<T, TargetState>();
  private readonly intervalMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PushCoalescerOptions<T>) {
    this.intervalMs = options.intervalMs ?? 16;
    this.now = options.now ?? Date.now;
  }

  /** Queue `message` for every target; it (merged with what is queued) is sent within one interval. */
  push(targets: Iterable<T>, message: PushMessage): void {
    for (const target of targets) {
      let state = this.states.get(target);
      if (!state) {
        state = { lastSentAt: Number.NEGATIVE_INFINITY, pending: [], timer: null };
        this.states.set(target, state);
      }
      // Latest snapshot wins; live deltas of a run concatenate.
      state.pending = mergePush(state.pending, message);
      if (state.timer !== null) continue;
      const wait = state.lastSentAt + this.intervalMs - this.now();
      if (wait <= 0) {
        this.flush(target, state);
      } else {
        const pendingState = state;
        state.timer = setTimeout(() => {
          pendingState.timer = null;
          this.flush(target, pendingState);
        }, wait);
      }
    }
  }

  /** Cancel every pending send (on quit, or in tests). */
  dispose(): void {
    for (const state of this.states.values()) if (state.timer !== null) clearTimeout(state.timer);
    this.states.clear();
  }

  private flush(target: T, state: TargetState): void {
    if (target.isDestroyed()) {
      // Closed window: forget it instead of keeping a dead entry forever.
      this.states.delete(target);
      return;
    }
    const messages = state.pending;
    state.pending = [];
    state.lastSentAt = this.now();
    for (const message of messages) {
      try {
        this.options.send(target, message);
      } catch (error) {
        // One broken target must not stop the others from receiving the update.
        console.error('little-inspector: push failed:', error);
      }
    }
  }
}
