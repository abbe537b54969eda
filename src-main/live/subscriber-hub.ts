/**
 * Ordered, isolated fan-out of live batches. Subscribers are called in registration order,
 * outside the tail's tick (on `setImmediate`), each with a frozen batch. A subscriber that
 * throws or rejects is logged by name and the others still run. A subscriber that is slow
 * (returns a promise not yet settled) never holds the tail back: what arrives meanwhile is
 * queued for it and coalesced (deltas of one run concatenate), and delivered as one batch
 * when it is ready again.
 */
import type { EventEnvelope } from '../../shared/events/envelope';
import type { LiveBatch, LiveNotification } from '../../shared/live/live-notifications';

/** A subscriber: a name for logs and a handler (sync, or async to get back-pressure). */
export type LiveSubscriber = { name: string; handler: (batch: LiveBatch) => void | Promise<void> };

type Slot = LiveSubscriber & { pending: LiveNotification[]; busy: boolean; active: boolean };

type Delta = Extract<LiveNotification, { kind: 'run.delta' }>;

/** The fan-out; the observer owns one. */
export class SubscriberHub {
  private readonly slots: Slot[] = [];
  private scheduled: ReturnType<typeof setImmediate> | null = null;

  constructor(private readonly logError: (message: string) => void) {}

  /** Register a subscriber after the existing ones; returns the unsubscribe. */
  subscribe(subscriber: LiveSubscriber): () => void {
    const slot: Slot = { ...subscriber, pending: [], busy: false, active: true };
    this.slots.push(slot);
    return () => {
      slot.active = false;
      slot.pending = [];
      const index = this.slots.indexOf(slot);
      if (index !== -1) this.slots.splice(index, 1);
    };
  }

  /** Number of subscribers. */
  get size(): number {
    return this.slots.length;
  }

  /** Queue notices (already frozen) for every subscriber and schedule a delivery. */
  publish(notifications: readonly LiveNotification[]): void {
    if (notifications.length === 0 || this.slots.length === 0) return;
    for (const slot of this.slots) for (const notification of notifications) queue(slot.pending, notification);
    this.schedule();
  }

  /** Deliver now (synchronously) whatever is queued for subscribers that are not busy. */
  flush(): void {
    if (this.scheduled !== null) clearImmediate(this.scheduled);
    this.scheduled = null;
    for (const slot of [...this.slots]) {
      if (!slot.active || slot.busy || slot.pending.length === 0) continue;
      const batch = Object.freeze(slot.pending.map(sealMerged)) as LiveBatch;
      slot.pending = [];
      this.deliver(slot, batch);
    }
  }

  /** Drop every queued batch and cancel the pending delivery. */
  dispose(): void {
    if (this.scheduled !== null) clearImmediate(this.scheduled);
    this.scheduled = null;
    for (const slot of this.slots) slot.pending = [];
  }

  private schedule(): void {
    if (this.scheduled === null) this.scheduled = setImmediate(() => this.flush());
  }

  private deliver(slot: Slot, batch: LiveBatch): void {
    let result: void | Promise<void>;
    try {
      result = slot.handler(batch);
    } catch (error) {
      this.logError(`live subscriber "${slot.name}" failed: ${describe(error)}`);
      return;
    }
    if (result === undefined || typeof (result as Promise<void>).then !== 'function') return;
    slot.busy = true;
    (result as Promise<void>).then(
      () => this.settle(slot),
      (error: unknown) => {
        this.logError(`live subscriber "${slot.name}" failed: ${describe(error)}`);
        this.settle(slot);
      },
    );
  }

  private settle(slot: Slot): void {
    slot.busy = false;
    if (slot.active && slot.pending.length > 0) this.schedule();
  }
}

/** Append `notification`, merging a delta into the run's last queued delta. */
function queue(pending: LiveNotification[], notification: LiveNotification): void {
  if (notification.kind === 'run.delta') {
    for (let index = pending.length - 1; index >= 0; index -= 1) {
      const queued = pending[index];
      if (!('runId' in queued) || queued.runId !== notification.runId || queued.dataDir !== notification.dataDir) continue;
      if (queued.kind === 'run.delta') {
        pending[index] = mergeDelta(queued, notification);
        return;
      }
      break;
    }
  }
  pending.push(notification);
}

/** Merged deltas still being appended to (their events array is ours until delivery). */
const merged = new WeakSet<Delta>();

// Amortised O(1) per event: a merged delta's array grows in place while it waits.
function mergeDelta(older: Delta, newer: Delta): Delta {
  if (merged.has(older)) {
    const events = older.events as EventEnvelope[];
    for (const event of newer.events) events.push(event);
    (older as { summary: Delta['summary'] }).summary = newer.summary;
    return older;
  }
  const combined: Delta = { ...newer, events: [...older.events, ...newer.events] };
  merged.add(combined);
  return combined;
}

// Freeze a merged delta before a subscriber sees it.
function sealMerged(notification: LiveNotification): LiveNotification {
  if (notification.kind !== 'run.delta' || !merged.has(notification)) return notification;
  merged.delete(notification);
  Object.freeze(notification.events);
  return Object.freeze(notification);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
