/**
 * One fold in progress (fold-log.ts drives it): the accumulator, the rows' running digest
 * (slice-chain.ts) and the resume points it leaves on the way (leave-points.ts): a checkpoint at
 * every boundary (or, where snapshots are kept, a snapshot at every boundary and slice middle)
 * for time travel, and the tail checkpoint where the read ended.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import { RunAccumulator } from '../../shared/run/run-accumulator';
import type { SparseRead } from '../sources/little-workflow/store-types';
import type { FoldOutcome, FoldRequest } from './fold-request';
import { STATE_ONLY_DIGEST } from './checkpoint-files';
import { holdSnapshot, keepSnapshot, leavePoint, storesBoundary, type HeldSnapshot } from './leave-points';
import { CHECKPOINT_EVERY, databaseState } from './log-digests';
import type { FoldBasis, FoldPosition } from './resume-points';
import { SliceChain } from './slice-chain';

/** One fold in progress. */
export class CheckpointingFold {
  readonly from: number;
  private readonly accumulator: RunAccumulator;
  private readonly undecodable: UndecodableRow[];
  private readonly readFailures: Diagnostic[] = [];
  private readonly chain: SliceChain;
  private events = 0;
  private lastSequence: number;
  /**
   * Where a proven sparse read ends (store-types.ts SparseMark), else null. Rows it leaves out
   * are added as left out, and the slices' keys come from SQLite (on the read's own connection)
   * instead of row by row.
   */
  private proven: number | null = null;
  /**
   * A proven read of a fold whose tail waits (`deferTail`, not time travel's): its slices' keys
   * are read from SQLite only when its digest is first wanted (`settleKeys`, after the head is
   * sent), not slice by slice during the read (~0.12 s of the 200,000-event run's cold fold).
   */
  private keysLater = false;
  /** The mid-slice sequence a snapshot was last left at (snapshots come every half slice: leaveMidSlice). */
  private midTaken = -1;
  /** The snapshot where a `keysLater` fold's read ended (`snapshotAtTail`), kept by the state alone until its keys are read. */
  private heldTail: HeldSnapshot | null = null;

  /** `basis`: the fold's key and its database's identity and state (null: no checkpoints); `start`: where it resumes (null: the first event). */
  constructor(
    private readonly request: FoldRequest,
    private readonly basis: FoldBasis | null,
    start: FoldPosition | null,
  ) {
    const { reader, runId, table, mode, checkpoints } = request;
    this.accumulator = start?.accumulator ?? RunAccumulator.create(runId, table, mode);
    this.undecodable = start?.undecodable ?? [];
    this.from = start?.sequence ?? 0;
    this.lastSequence = this.from;
    const digests = basis === null ? null : checkpoints?.digests;
    const remember = digests == null ? null : (slice: number, digest: string) => digests.remember(reader, runId, basis!.state, slice, digest);
    this.chain = new SliceChain(checkpoints?.digests.every ?? CHECKPOINT_EVERY, start, { reader, runId, remember });
    // Resumed from a snapshot kept by the state alone: its chain is unknown, so this fold vouches for nothing it reads.
    if (start?.digest === STATE_ONLY_DIGEST) this.chain.stopVouching();
  }

  /** Take the next item of the read: a row, or a sparse read's mark. */
  handle(read: SparseRead): void {
    const { chain } = this;
    if ('mark' in read) {
      if (read.mark === 'proven') {
        this.proven = read.through;
        this.keysLater = this.basis !== null && this.request.deferTail === true && this.request.leave !== 'boundaries';
      } else this.endProven();
      return;
    }
    if (!read.ok && read.sequence === null) {
      this.readFailures.push(read.diagnostic);
      // No checkpoint follows a failed read; and no slice keys are read after it.
      if (this.proven !== null) chain.stopVouching();
      return;
    }
    const sequence = read.ok ? read.event.sequence : read.sequence;
    if (this.proven !== null) this.addLeftOut(sequence - 1);
    if (chain.vouching && !chain.canVouchFor(sequence)) chain.stopVouching();
    if (chain.vouching) while (sequence > chain.nextBoundary) this.closeSlice();
    this.leaveMidSlice(sequence);
    const keep = this.basis !== null && chain.vouching && this.proven === null;
    if (read.ok) {
      this.events += 1;
      this.accumulator.add(read.event);
      this.request.tap?.(read.event);
      if (keep) chain.keys.push(`${sequence}|${read.event.eventId}|${read.event.recordedAt}`);
    } else {
      this.undecodable.push({ sequence, diagnostic: read.diagnostic });
      if (keep) chain.keys.push(`${sequence}|${read.raw.eventId}|${read.raw.recordedAt}`);
    }
    this.lastSequence = sequence;
  }

  /** The fold, after leaving a checkpoint where the read ended (when it read anything new). */
  finish(): FoldOutcome {
    const { chain, basis } = this;
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
      reached: (options) => {
        if (!vouched || basis === null) return null;
        // The head as it is sent: no key is read, the point holds by the database's state alone.
        if (options?.byState === true && this.keysLater) return { key: basis.key, identity: basis.identity, state: basis.state, sequence: this.lastSequence, digest: STATE_ONLY_DIGEST };
        if (!this.settleKeys()) return null;
        return { key: basis.key, identity: basis.identity, state: basis.state, sequence: this.lastSequence, digest: chain.upTo(this.lastSequence) };
      },
    };
    if (!chain.vouching) return outcome;
    // Only a boundary the log reached is complete: a later append could still add rows below any other.
    while (chain.nextBoundary <= this.lastSequence) this.closeSlice();
    this.leaveMidSlice(this.lastSequence + 1);
    // Where the fold stands, when its rows are vouched for: a tap's fold is whole events, not the accumulator's alone.
    vouched = basis !== null && this.readFailures.length === 0 && this.request.tap === undefined;
    if (vouched) this.leaveTailSnapshot();
    // Time travel leaves boundaries only: a tail at a random N rarely serves the next move and
    // would cost a serialisation per move.
    if (this.request.leave !== 'boundaries' && this.lastSequence > this.from) {
      leaveTail = () => {
        leaveTail = () => {};
        if (this.settleKeys()) this.leave(this.lastSequence, chain.upTo(this.lastSequence), true);
      };
      if (this.request.deferTail !== true) leaveTail();
    }
    return outcome;
  }

  // The rows after the last one handled up to `through` were left out by a proven sparse read:
  // added slice by slice, so a slice closes (and leaves its checkpoint) holding exactly its rows.
  private addLeftOut(through: number): void {
    const { chain } = this;
    let first = this.lastSequence + 1;
    while (first <= through) {
      if (chain.vouching) while (first > chain.nextBoundary) this.closeSlice();
      const last = chain.vouching ? Math.min(through, chain.nextBoundary) : through;
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
    if (!this.chain.vouching || this.basis === null) return;
    while (this.chain.nextBoundary <= this.lastSequence) this.closeSlice();
    if (this.chain.vouching && !this.keysLater) this.chain.readKeys(this.lastSequence);
  }

  /**
   * A `keysLater` fold's keys, read now from the reader's connection (kept open by the caller
   * until the tail is left), while events.db is in the state it was in before the read: then its
   * rows are the ones folded. False when the fold cannot vouch for its rows.
   */
  private settleKeys(): boolean {
    if (!this.keysLater) return this.chain.vouching;
    this.keysLater = false;
    const settled = this.chain.settle(this.lastSequence, () => databaseState(this.request.reader.path) === this.basis?.state);
    const held = this.heldTail;
    this.heldTail = null;
    // The tail snapshot, vouched for by its digest from now on (it also holds once other runs' rows change the database).
    if (settled && held !== null) keepSnapshot(this.request.checkpoints!.snapshots!, this.basis!, held, this.chain.proofHere(this.lastSequence));
    return settled;
  }

  /**
   * The run view's fold (`snapshotAtTail`, where snapshots are kept) leaves a snapshot where its
   * read ended: the whole log's fold is the fold as of its last event, so a move to the end (or
   * past it, once the log grows) resumes there. Freezing a fold that adds nothing more is free;
   * snapshots taken on the way would not be (measured in docs/PERFORMANCE.md, issue 33). A fold
   * whose keys wait keeps it by the state alone until they are read.
   */
  private leaveTailSnapshot(): void {
    const snapshots = this.request.checkpoints?.snapshots;
    if (this.request.snapshotAtTail !== true || this.request.leave === 'boundaries' || snapshots == null || this.basis === null) return;
    if (!this.chain.vouching || this.lastSequence === 0) return;
    if (!this.keysLater) return this.leave(this.lastSequence, this.chain.upTo(this.lastSequence), false);
    this.heldTail = holdSnapshot(snapshots, this.basis, { accumulator: this.accumulator, undecodable: this.undecodable }, this.lastSequence);
  }

  // Every row up to `nextBoundary` has been read: chain the slice's digest (and leave a checkpoint when asked); a `keysLater` fold chains it when settled.
  private closeSlice(): void {
    const { chain } = this;
    const sequence = chain.nextBoundary;
    chain.nextBoundary += chain.every;
    if (this.keysLater) return;
    chain.chain(sequence, this.basis !== null && this.proven !== null);
    if (chain.vouching && this.request.leave === 'boundaries' && this.keepsBoundary(sequence)) this.leave(sequence, chain.digest, false);
  }

  /**
   * Time travel's snapshots come every half slice (a move then folds at most half a slice past
   * one): before the row `next` is added, when it lies past the current slice's middle, leave a
   * snapshot there (every row up to it is folded), its digest the slice's so far.
   */
  private leaveMidSlice(next: number): void {
    const { chain } = this;
    const half = chain.every / 2;
    if (this.request.leave !== 'boundaries' || this.request.checkpoints?.snapshots == null || !Number.isInteger(half)) return;
    if (!chain.vouching || this.proven !== null || this.basis === null) return;
    const middle = chain.nextBoundary - half;
    if (next <= middle || middle <= this.from || middle === this.midTaken) return;
    this.midTaken = middle;
    this.leave(middle, chain.partial(), false);
  }

  /** Time travel keeps every boundary as a snapshot in memory; a fold without snapshots stores only some (storesBoundary). */
  private keepsBoundary(sequence: number): boolean {
    const { checkpoints, upto } = this.request;
    return checkpoints?.snapshots != null || storesBoundary(sequence, this.chain.every, upto);
  }

  private leave(sequence: number, digest: string, tail: boolean): void {
    const { checkpoints } = this.request;
    if (checkpoints === null || this.basis === null || this.readFailures.length > 0) return;
    leavePoint(checkpoints, this.basis, { accumulator: this.accumulator, undecodable: this.undecodable, chain: this.chain }, sequence, digest, tail);
  }
}
