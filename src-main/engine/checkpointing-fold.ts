/**
 * One fold in progress (fold-log.ts drives it): the accumulator, the rows' running digest and the
 * next boundary, and the resume points it leaves on the way: a checkpoint at every boundary (or,
 * where snapshots are kept, a snapshot at every boundary and slice middle) for time travel, and
 * the tail checkpoint where the read ended.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import { RunAccumulator } from '../../shared/run/run-accumulator';
import type { SparseRead } from '../sources/little-workflow/store-types';
import type { CheckpointKey } from './checkpoint-files';
import { proofOf } from './checkpoint-store';
import { snapshotBytes } from './fold-snapshots';
import type { FoldOutcome, FoldRequest } from './fold-request';
import { chainDigest, CHECKPOINT_EVERY, databaseState, keyRanges, MAX_EMPTY_SLICES } from './log-digests';
import type { FoldPosition } from './resume-points';

/** Which fold this is (its key, and as text) and its database's identity and state before the read. */
export type FoldBasis = { key: CheckpointKey; name: string; identity: string; state: string };

/** One fold in progress: the accumulator, the rows' running digest and the next boundary. */
export class CheckpointingFold {
  readonly from: number;
  private readonly accumulator: RunAccumulator;
  private readonly undecodable: UndecodableRow[];
  private readonly readFailures: Diagnostic[] = [];
  private readonly key: CheckpointKey | null;
  private readonly identity: string | null;
  /** The database's state before the read (the fold's keys are read only while it holds). */
  private readonly state: string;
  /** The fold key as text: the snapshots' key. */
  private readonly name: string;
  private events = 0;
  private digest: string;
  private sliceKeys: string[] = [];
  private nextBoundary: number;
  private readonly every: number;
  private lastSequence: number;
  /** False once a row's sequence cannot be vouched for: the fold goes on, leaving no checkpoint. */
  private vouching = true;
  /**
   * Where a proven sparse read ends (store-types.ts SparseMark), else null. Rows it leaves out
   * are added as left out, and the slices' keys come from SQLite (on the read's own connection)
   * instead of row by row; `keysThrough`: the sequence `sliceKeys` reaches.
   */
  private proven: number | null = null;
  private keysThrough: number;
  /**
   * A proven read of a fold whose tail waits (`deferTail`, not time travel's): its slices' keys
   * are read from SQLite only when its digest is first wanted (`settleKeys`, after the head is
   * sent), not slice by slice during the read (~0.12 s of the 200,000-event run's cold fold).
   */
  private keysLater = false;
  /** The mid-slice sequence a snapshot was last left at (snapshots come every half slice: leaveMidSlice). */
  private midTaken = -1;

  /** `basis`: the fold's key and its database's identity and state (null: no checkpoints); `start`: where it resumes (null: the first event). */
  constructor(
    private readonly request: FoldRequest,
    basis: FoldBasis | null,
    start: FoldPosition | null,
  ) {
    const { runId, table, mode, checkpoints } = request;
    this.key = basis?.key ?? null;
    this.identity = basis?.identity ?? null;
    this.state = basis?.state ?? '';
    this.name = basis?.name ?? '';
    this.accumulator = start?.accumulator ?? RunAccumulator.create(runId, table, mode);
    this.undecodable = start?.undecodable ?? [];
    this.digest = start?.digest ?? '';
    this.sliceKeys = start?.sliceKeys ?? [];
    this.from = start?.sequence ?? 0;
    this.lastSequence = this.from;
    this.keysThrough = this.from;
    this.every = checkpoints?.digests.every ?? CHECKPOINT_EVERY;
    this.nextBoundary = this.from - (this.from % this.every) + this.every;
  }

  /** Take the next item of the read: a row, or a sparse read's mark. */
  handle(read: SparseRead): void {
    if ('mark' in read) {
      if (read.mark === 'proven') {
        this.proven = read.through;
        this.keysLater = this.key !== null && this.request.deferTail === true && this.request.leave !== 'boundaries';
      } else this.endProven();
      return;
    }
    if (!read.ok && read.sequence === null) {
      this.readFailures.push(read.diagnostic);
      // No checkpoint follows a failed read; and no slice keys are read after it.
      if (this.proven !== null) this.stopVouching();
      return;
    }
    const sequence = read.ok ? read.event.sequence : read.sequence;
    if (this.proven !== null) this.addLeftOut(sequence - 1);
    if (this.vouching && !this.canVouchFor(sequence)) this.stopVouching();
    if (this.vouching) while (sequence > this.nextBoundary) this.closeSlice();
    this.leaveMidSlice(sequence);
    const keep = this.key !== null && this.vouching && this.proven === null;
    if (read.ok) {
      this.events += 1;
      this.accumulator.add(read.event);
      this.request.tap?.(read.event);
      if (keep) this.sliceKeys.push(`${sequence}|${read.event.eventId}|${read.event.recordedAt}`);
    } else {
      this.undecodable.push({ sequence, diagnostic: read.diagnostic });
      if (keep) this.sliceKeys.push(`${sequence}|${read.raw.eventId}|${read.raw.recordedAt}`);
    }
    this.lastSequence = sequence;
  }

  /** The fold, after leaving a checkpoint where the read ended (when it read anything new). */
  finish(): FoldOutcome {
    let leaveTail = () => {};
    let vouched = false;
    const outcome: FoldOutcome = {
      accumulator: this.accumulator,
      events: this.events,
      undecodable: this.undecodable,
      readFailures: this.readFailures,
      resumedFrom: this.from,
      leaveTail: () => leaveTail(),
      // Where the fold stands, once its keys are settled (null when its rows cannot be vouched for).
      reached: () => {
        if (!vouched || !this.settleKeys() || this.identity === null) return null;
        return { key: this.key!, identity: this.identity, state: this.state, sequence: this.lastSequence, digest: this.digestUpTo(this.lastSequence, this.digest, this.sliceKeys) };
      },
    };
    if (!this.vouching) return outcome;
    // Only a boundary the log reached is complete: a later append could still add rows below any other.
    while (this.nextBoundary <= this.lastSequence) this.closeSlice();
    this.leaveMidSlice(this.lastSequence + 1);
    // Where the fold stands, when its rows are vouched for: a tap's fold is whole events, not the accumulator's alone.
    vouched = this.key !== null && this.readFailures.length === 0 && this.request.tap === undefined;
    // Time travel leaves boundaries only: a tail at a random N rarely serves the next move and
    // would cost a serialisation per move.
    if (this.request.leave !== 'boundaries' && this.lastSequence > this.from) {
      leaveTail = () => {
        leaveTail = () => {};
        if (this.settleKeys()) this.leave(this.lastSequence, this.digestUpTo(this.lastSequence, this.digest, this.sliceKeys), true);
      };
      if (this.request.deferTail !== true) leaveTail();
    }
    return outcome;
  }

  // The rows after the last one handled up to `through` were left out by a proven sparse read:
  // added slice by slice, so a slice closes (and leaves its checkpoint) holding exactly its rows.
  private addLeftOut(through: number): void {
    let first = this.lastSequence + 1;
    while (first <= through) {
      if (this.vouching) while (first > this.nextBoundary) this.closeSlice();
      const last = this.vouching ? Math.min(through, this.nextBoundary) : through;
      this.accumulator.addLeftOut(first, last);
      this.events += last - first + 1;
      this.lastSequence = last;
      first = last + 1;
    }
  }

  // The proven read's last item, while it still holds its connection: the rows left out at the
  // end, the slices they complete, and the keys of the rows after the last boundary (the tail's).
  private endProven(): void {
    if (this.proven === null) return;
    this.addLeftOut(this.proven);
    if (!this.vouching || this.key === null) return;
    while (this.nextBoundary <= this.lastSequence) this.closeSlice();
    if (this.vouching && !this.keysLater) this.readSliceKeys(this.lastSequence);
  }

  /**
   * A `keysLater` fold's keys, read now: every slice it closed chained (and remembered) and the
   * tail's keys, from the reader's connection (kept open by the caller until the tail is left).
   * Only while events.db is in the state it was in before the read, checked before and after:
   * then its rows are the ones folded. False when the fold cannot vouch for its rows.
   */
  private settleKeys(): boolean {
    if (!this.keysLater) return this.vouching;
    this.keysLater = false;
    const { reader } = this.request;
    if (databaseState(reader.path) !== this.state) this.stopVouching();
    // Every whole slice of the read, chained in order (keyRanges).
    for (const [, upto] of keyRanges(this.keysThrough, this.lastSequence, this.every)) if (this.vouching && upto % this.every === 0) this.chainSlice(upto);
    if (this.vouching) this.readSliceKeys(this.lastSequence);
    if (this.vouching && databaseState(reader.path) !== this.state) this.stopVouching();
    return this.vouching;
  }

  // In a proven read, SQLite's keys of the rows after `keysThrough` up to `sequence` join the slice's.
  private readSliceKeys(sequence: number): void {
    if (sequence <= this.keysThrough) return;
    const keys = this.request.reader.readEventKeys(this.request.runId, this.keysThrough, sequence);
    if (keys === null) return this.stopVouching();
    if (keys !== '') this.sliceKeys.push(keys);
    this.keysThrough = sequence;
  }

  // A whole number within MAX_EMPTY_SLICES slices of the next boundary (NaN, Infinity, 2.5 and 1e308 are not).
  private canVouchFor(sequence: number): boolean {
    return Number.isSafeInteger(sequence) && sequence - this.nextBoundary <= MAX_EMPTY_SLICES * this.every;
  }

  // The checkpoints already left cover rows below this one and stay sound; none is left past it.
  private stopVouching(): void {
    this.vouching = false;
    this.sliceKeys = [];
  }

  // Every row up to `nextBoundary` has been read: chain the slice's digest (and leave a checkpoint when asked); a `keysLater` fold chains it when settled.
  private closeSlice(): void {
    const sequence = this.nextBoundary;
    this.nextBoundary += this.every;
    if (this.keysLater) return;
    this.chainSlice(sequence);
    if (this.vouching && this.request.leave === 'boundaries') this.leave(sequence, this.digest, false);
  }

  // The slice ending at the boundary `sequence` is whole: its keys (from SQLite in a proven read) chained into the digest, which is remembered.
  private chainSlice(sequence: number): void {
    if (this.key !== null && this.proven !== null) this.readSliceKeys(sequence);
    if (!this.vouching) return;
    // Without a store there is nothing to vouch for: no keys were kept, no digest is chained.
    if (this.key !== null) {
      this.digest = chainDigest(this.digest, this.sliceKeys.join('\n'));
      this.request.checkpoints?.digests.remember(this.request.reader, this.request.runId, this.state, sequence / this.every, this.digest);
    }
    this.sliceKeys = [];
    this.keysThrough = sequence;
  }

  // The digest of the rows up to `sequence`: the last boundary's digest `base`, chained with the keys after it unless `sequence` is a boundary.
  private digestUpTo(sequence: number, base: string, keys: string[]): string {
    return sequence % this.every === 0 ? base : chainDigest(base, keys.join('\n'));
  }

  /**
   * Time travel's snapshots come every half slice (a move then folds at most half a slice past
   * one): before the row `next` is added, when it lies past the current slice's middle, leave a
   * snapshot there (every row up to it is folded), its digest the slice's so far.
   */
  private leaveMidSlice(next: number): void {
    const half = this.every / 2;
    if (this.request.leave !== 'boundaries' || this.request.checkpoints?.snapshots == null || !Number.isInteger(half)) return;
    if (!this.vouching || this.proven !== null || this.key === null) return;
    const middle = this.nextBoundary - half;
    if (next <= middle || middle <= this.from || middle === this.midTaken) return;
    this.midTaken = middle;
    this.leave(middle, chainDigest(this.digest, this.sliceKeys.join('\n')), false);
  }

  private leave(sequence: number, digest: string, tail: boolean): void {
    const { checkpoints } = this.request;
    if (checkpoints === null || this.key === null || this.identity === null || this.readFailures.length > 0) return;
    const snapshots = checkpoints.snapshots;
    if (!tail && snapshots !== null) {
      if (snapshots.holds(this.name, sequence, this.identity, digest)) return;
      const state = this.accumulator.freeze();
      const slice = { base: this.digest, keys: [...this.sliceKeys] };
      const bytes = snapshotBytes(this.accumulator.itemCount());
      snapshots.put(this.name, sequence, { state, identity: this.identity, digest, slice, undecodable: [...this.undecodable], bytes });
      return;
    }
    if (checkpoints.store.holds(this.key, sequence, proofOf({ identity: this.identity, digest }))) return;
    const slice = { base: this.digest, keys: this.sliceKeys };
    const stored = { identity: this.identity, sequence, digest, slice, undecodable: this.undecodable, checkpoint: this.accumulator.checkpointView() };
    checkpoints.store.put(this.key, stored, tail);
  }
}
