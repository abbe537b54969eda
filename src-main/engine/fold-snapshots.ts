/**
 * Time travel's snapshots of a fold: at every boundary and slice middle a move's fold passes (and
 * where the run view's open ended: fold-request.ts `snapshotAtTail`), the accumulator is
 * frozen (RunAccumulator.freeze) and kept here as live structures, not bytes. A snapshot costs
 * no copy to take (the fold goes on copying only what it changes: shared/fold/copy-on-write.ts)
 * and none to resume from (`thaw`), where decoding a serialised checkpoint of a 200,000-event
 * run's detail fold takes about a second. So after a run's first move every move lands at most
 * one spacing's worth of events from a snapshot.
 *
 * A snapshot is trusted like a checkpoint, by the one validity key (checkpoint-files.ts Validity);
 * resume-points.ts checks and `discard`s.
 */
import type { AccumulatorCheckpoint } from '../../shared/run/run-accumulator';
import type { ResumeProof } from './checkpoint-files';

/**
 * What the snapshots may hold, estimated: a snapshot keeps what changed since the one before it
 * plus copies of the step table and item lists (measured on the 200,000-event run: 40 snapshots,
 * one every 5,000 events, about 115 MB over the live fold's own, ~64 bytes per item they list).
 */
export const DEFAULT_SNAPSHOT_BYTES = 160 * 1024 * 1024;

/** Estimated bytes a snapshot of a fold listing `items` steps and harness items holds. */
export function snapshotBytes(items: number): number {
  return 64 * 1024 + items * 64;
}

/** One frozen fold with what proves it still matches the log (its `undecodable` a copy: the fold goes on adding). */
export type FoldSnapshot = ResumeProof & {
  /** RunAccumulator.freeze's state: never changed, thawed any number of times. */
  frozen: AccumulatorCheckpoint;
  /** Estimated bytes it holds (snapshotBytes). */
  bytes: number;
};

/**
 * Snapshots by fold key (data dir, run, mode, price table, spacing), then sequence, within a
 * byte budget; Map order is the keys' LRU order. Over budget, the least recently used folds go
 * first, then the current fold's snapshots are thinned evenly (the one whose neighbours lie
 * closest goes), so a run too long for the budget keeps wider spacing rather than none at its start.
 */
export class FoldSnapshots {
  private readonly byKey = new Map<string, Map<number, FoldSnapshot>>();
  private count = 0;
  private bytes = 0;

  constructor(private readonly budget = DEFAULT_SNAPSHOT_BYTES) {}

  /** Sequences of `key`'s snapshots at most `atMost`, highest first. */
  sequences(key: string, atMost: number): number[] {
    const found = this.byKey.get(key);
    if (found === undefined) return [];
    return [...found.keys()].filter((s) => s <= atMost).sort((a, b) => b - a);
  }

  /** The snapshot of `key` at `sequence`, or undefined. */
  get(key: string, sequence: number): FoldSnapshot | undefined {
    const found = this.byKey.get(key);
    const snapshot = found?.get(sequence);
    if (snapshot !== undefined) this.touch(key, found!);
    return snapshot;
  }

  /** Whether `key` has a snapshot at `sequence` vouched for by `identity` and `digest`. */
  holds(key: string, sequence: number, identity: string, digest: string): boolean {
    const snapshot = this.byKey.get(key)?.get(sequence);
    return snapshot !== undefined && snapshot.identity === identity && snapshot.digest === digest;
  }

  /** Keep `snapshot` of `key` at `sequence` (replacing one there). */
  put(key: string, sequence: number, snapshot: FoldSnapshot): void {
    let found = this.byKey.get(key);
    if (found === undefined) {
      found = new Map();
      this.byKey.set(key, found);
    }
    this.remove(found, sequence);
    found.set(sequence, snapshot);
    this.count += 1;
    this.bytes += snapshot.bytes;
    this.touch(key, found);
    this.evict();
  }

  /** Forget `key`'s snapshot at `sequence` (it no longer matches the log). */
  discard(key: string, sequence: number): void {
    const found = this.byKey.get(key);
    if (found !== undefined) this.remove(found, sequence);
  }

  /** Snapshots kept now. */
  get size(): number {
    return this.count;
  }

  /** Estimated bytes they hold. */
  get heldBytes(): number {
    return this.bytes;
  }

  private remove(found: Map<number, FoldSnapshot>, sequence: number): void {
    const snapshot = found.get(sequence);
    if (snapshot === undefined) return;
    found.delete(sequence);
    this.count -= 1;
    this.bytes -= snapshot.bytes;
  }

  private touch(key: string, found: Map<number, FoldSnapshot>): void {
    this.byKey.delete(key);
    this.byKey.set(key, found);
  }

  private evict(): void {
    while (this.bytes > this.budget && this.count > 1) {
      const [key, found] = this.byKey.entries().next().value as [string, Map<number, FoldSnapshot>];
      if (this.byKey.size > 1) {
        for (const sequence of [...found.keys()]) this.remove(found, sequence);
      } else {
        this.remove(found, closestNeighbours([...found.keys()].sort((a, b) => a - b)));
      }
      if (found.size === 0) this.byKey.delete(key);
    }
  }
}

// Of sorted sequences, the one (not the highest) whose neighbours lie closest together: dropping it widens the spacing least.
function closestNeighbours(sequences: number[]): number {
  let best = sequences[0];
  let bestGap = Number.POSITIVE_INFINITY;
  for (let i = 0; i < sequences.length - 1; i += 1) {
    const gap = sequences[i + 1] - (i === 0 ? 0 : sequences[i - 1]);
    if (gap < bestGap) {
      best = sequences[i];
      bestGap = gap;
    }
  }
  return best;
}
