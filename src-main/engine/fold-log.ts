/**
 * THE read -> fold path of one little-workflow run with checkpoints: start from the nearest
 * checkpoint at or below where the fold should stop that still matches the log (same
 * database file, same row keys up to it: log-digests.ts), read only the rows after it, fold
 * them as they are read (never collected) and leave a checkpoint at every CHECKPOINT_EVERY
 * boundary passed on the way. The CLI, the worker and time travel all fold through here;
 * without a store (`checkpoints: null`) it is a plain streaming fold.
 */
import type { Diagnostic } from '../../shared/diagnostics';
import { ALL_PAYLOADS } from '../../shared/events/payload-needs';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import { payloadNeedsOf, RunAccumulator } from '../../shared/run/run-accumulator';
import { drainInSlices } from '../sources/little-workflow/in-slices';
import type { SparseRead } from '../sources/little-workflow/store-types';
import type { CheckpointKey, ResumeProof, StoredCheckpoint } from './checkpoint-files';
import { checkpointStoreFor, priceTableHash, proofOf, type CheckpointStore } from './checkpoint-store';
import { FoldSnapshots, snapshotBytes } from './fold-snapshots';
import { HotFolds, type FoldPosition } from './hot-folds';
import { chainDigest, CHECKPOINT_EVERY, databaseIdentity, databaseState, keyRanges, LogDigests } from './log-digests';
import type { Checkpoints, FoldOutcome, FoldRequest } from './fold-request';

export type { Checkpoints, FoldOutcome, FoldReach, FoldRequest } from './fold-request';

/**
 * A fresh set over `store`, checkpoints every `every` sequences (tests use small spacings).
 * `snapshots`: time travel's boundaries are kept as snapshots in memory instead of checkpoints
 * written to the store (a process that serves many moves); without, they go to the store (the
 * CLI's `--at`: the next process reads them).
 */
export function checkpointsOver(store: CheckpointStore, every = CHECKPOINT_EVERY, options: { snapshots?: boolean } = {}): Checkpoints {
  return { store, digests: new LogDigests(every), hot: new HotFolds(), snapshots: options.snapshots === true ? new FoldSnapshots() : null };
}

const shared = new Map<string, Checkpoints>();

/** The process's (or worker thread's) one set for the cache folder `dir` (null: in memory only); see `checkpointsOver` for `snapshots`. */
export function checkpointsFor(dir: string | null, options: { snapshots?: boolean } = {}): Checkpoints {
  const name = `${options.snapshots === true ? 's' : 'c'}:${dir ?? ''}`;
  let found = shared.get(name);
  if (found === undefined) {
    found = checkpointsOver(checkpointStoreFor(dir), CHECKPOINT_EVERY, options);
    shared.set(name, found);
  }
  return found;
}

/**
 * The rows to fold after `from`: a tap sees whole events (every payload parsed); a fold that
 * reads only some payloads has the others left out whole where the reader can (readEventsSparse).
 */
function rowsOf(request: FoldRequest, from: number): Iterable<SparseRead> {
  const { reader, runId, upto } = request;
  const needs = request.tap === undefined ? payloadNeedsOf(request.mode) : ALL_PAYLOADS;
  if (reader.readEventsSparse !== undefined && (needs.types !== null || keysFromSqlite(request))) return reader.readEventsSparse(runId, from, upto, needs);
  return reader.readEvents(runId, from, upto, needs);
}

/**
 * Whether a fold that reads every payload still goes through a proven read, so its slices'
 * keys come from SQLite (`readEventKeys`, one joined row per slice) instead of one string per
 * row held until its slice closes: on the 200,000-event run those strings and the garbage
 * collection they caused cost the run view's detail fold ~0.3 s. Only where digests are kept
 * (a checkpoint store) and whole events are folded (a tap sees every row as it is); not as of
 * N (`leave: 'boundaries'`), whose snapshots every half slice take the keys so far.
 */
function keysFromSqlite(request: FoldRequest): boolean {
  return request.checkpoints !== null && request.tap === undefined && request.leave !== 'boundaries';
}

/** Fold synchronously (the CLI). */
export function foldLog(request: FoldRequest): FoldOutcome {
  const fold = new CheckpointingFold(request);
  for (const read of rowsOf(request, fold.from)) fold.handle(read);
  return fold.finish();
}

/** Fold in slices, yielding to the event loop between them (main's worker, the library). */
export async function foldLogAsync(request: FoldRequest): Promise<FoldOutcome> {
  const fold = new CheckpointingFold(request);
  await drainInSlices(rowsOf(request, fold.from), (read) => fold.handle(read), undefined, request.sliceRows);
  return fold.finish();
}

/**
 * The widest gap, in whole slices of `every` sequences, a fold still chains digests across.
 * little-workflow numbers a run's events 1, 2, 3, ...; a row far past the next boundary is a
 * corrupt or hostile sequence (2^53, 1e308 stored as REAL) and would take one slice per `every`
 * sequences of the gap (forever, once adding `every` no longer changes a float that large).
 */
const MAX_EMPTY_SLICES = 64;

/**
 * What decoding a checkpoint at sequence s costs, as a share of folding s events (measured on the
 * 200,000-event run at #180,000, same process: inflate + deserialise 2.6-3.5 s against 0.2-0.45 s
 * to fold the next 5,000 events: the decode costs as much as folding a fifth to two fifths of its
 * sequence). A kept fold below a stored checkpoint is still the cheaper start while the extra
 * events it folds cost less than that decode.
 */
const DECODE_PER_SEQUENCE = 1 / 4;

/** One fold in progress: the accumulator, the rows' running digest and the next boundary. */
class CheckpointingFold {
  readonly from: number;
  private readonly accumulator: RunAccumulator;
  private readonly undecodable: UndecodableRow[];
  private readonly readFailures: Diagnostic[] = [];
  private readonly key: CheckpointKey | null;
  private readonly identity: string | null;
  /** The database's state before the read (a kept fold is only taken back in the same state). */
  private readonly state: string;
  private readonly hotKey: string;
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

  constructor(private readonly request: FoldRequest) {
    const { reader, runId, table, mode, checkpoints } = request;
    this.identity = checkpoints === null ? null : databaseIdentity(reader.path);
    this.key = this.identity === null || checkpoints === null ? null : { dataDir: reader.path, runId, mode, tableHash: priceTableHash(table), every: checkpoints.digests.every };
    this.state = this.key === null ? '' : databaseState(reader.path);
    this.hotKey = this.key === null ? '' : JSON.stringify(this.key);
    const start = this.start();
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
    // Where the fold stands, once its keys are settled (null when its rows cannot be vouched for).
    const position = (): FoldPosition | null =>
      vouched && this.settleKeys() ? { accumulator: this.accumulator, undecodable: this.undecodable, sequence: this.lastSequence, digest: this.digest, sliceKeys: this.sliceKeys } : null;
    const outcome: FoldOutcome = {
      accumulator: this.accumulator,
      events: this.events,
      undecodable: this.undecodable,
      readFailures: this.readFailures,
      resumedFrom: this.from,
      leaveTail: () => leaveTail(),
      keep: () => {
        const at = position();
        if (at !== null) this.request.checkpoints?.hot.keep(this.hotKey, this.state, at);
      },
      reached: () => {
        const at = position();
        if (at === null || this.identity === null) return null;
        return { key: this.key!, identity: this.identity, state: this.state, sequence: at.sequence, digest: this.digestUpTo(at.sequence, at.digest, at.sliceKeys) };
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
      if (snapshots.holds(this.hotKey, sequence, this.identity, digest)) return;
      const state = this.accumulator.freeze();
      const slice = { base: this.digest, keys: [...this.sliceKeys] };
      const bytes = snapshotBytes(this.accumulator.itemCount());
      snapshots.put(this.hotKey, sequence, { state, identity: this.identity, digest, slice, undecodable: [...this.undecodable], bytes });
      return;
    }
    if (checkpoints.store.holds(this.key, sequence, proofOf({ identity: this.identity, digest }))) return;
    const slice = { base: this.digest, keys: this.sliceKeys };
    const stored = { identity: this.identity, sequence, digest, slice, undecodable: this.undecodable, checkpoint: this.accumulator.checkpointView() };
    checkpoints.store.put(this.key, stored, tail);
  }

  // Where to start: the kept live fold (no decode) unless a stored checkpoint below `upto` is nearer by more than its decode costs, else the nearest trusted checkpoint.
  private start(): FoldPosition | null {
    const { checkpoints, upto, table } = this.request;
    if (checkpoints === null || this.key === null || this.request.tap !== undefined) return null;
    const atMost = upto ?? Number.MAX_SAFE_INTEGER;
    if (this.request.startFrom === 'snapshots') return this.trustedSnapshot(atMost, -1);
    const peeked = checkpoints.hot.peek(this.hotKey, this.state);
    const hotAt = peeked !== null && peeked <= atMost ? peeked : null;
    // A snapshot past the kept fold costs nothing to resume: start at the nearer of the two.
    const snapshot = this.trustedSnapshot(atMost, hotAt ?? -1);
    if (snapshot !== null) return snapshot;
    const nearest = hotAt === null || hotAt > atMost ? 0 : (checkpoints.store.sequences(this.key, atMost)[0] ?? 0);
    // A stored checkpoint above the kept fold still costs its decode, which grows with its sequence.
    if (hotAt !== null && hotAt <= atMost && hotAt >= nearest - nearest * DECODE_PER_SEQUENCE) {
      const hot = checkpoints.hot.take(this.hotKey, this.state, atMost);
      if (hot !== null) return hot;
    }
    const stored = this.trustedCheckpoint();
    if (stored === null) return null;
    const accumulator = RunAccumulator.resume(stored.checkpoint, table, true);
    return { accumulator, undecodable: stored.undecodable, sequence: stored.sequence, digest: stored.slice.base, sliceKeys: stored.slice.keys };
  }

  // The highest snapshot at or below `atMost` and above `above` that still matches the log, thawed; the others found on the way are dropped.
  private trustedSnapshot(atMost: number, above: number): FoldPosition | null {
    const { checkpoints, table } = this.request;
    const snapshots = checkpoints?.snapshots ?? null;
    if (snapshots === null || this.identity === null) return null;
    for (const sequence of snapshots.sequences(this.hotKey, atMost)) {
      if (sequence <= above) return null;
      const found = snapshots.get(this.hotKey, sequence)!;
      const matches = this.stillMatches(found, sequence);
      // The rows cannot be read to check it: fold without it.
      if (matches === null) return null;
      if (matches) {
        return { accumulator: RunAccumulator.thaw(found.state, table), undecodable: [...found.undecodable], sequence, digest: found.slice.base, sliceKeys: [...found.slice.keys] };
      }
      snapshots.discard(this.hotKey, sequence);
    }
    return null;
  }

  // The highest checkpoint at or below `upto` that still matches the log; the others found on the way are dropped.
  private trustedCheckpoint(): StoredCheckpoint | null {
    const { checkpoints, upto } = this.request;
    if (checkpoints === null || this.key === null || this.request.tap !== undefined) return null;
    for (const sequence of checkpoints.store.sequences(this.key, upto ?? Number.MAX_SAFE_INTEGER)) {
      const stored = checkpoints.store.get(this.key, sequence);
      if (stored === null) continue;
      const matches = this.stillMatches(stored, sequence);
      // The rows cannot be read to check it: fold from the start, keep the checkpoint.
      if (matches === null) return null;
      if (matches) return stored;
      checkpoints.store.discard(this.key, sequence);
    }
    return null;
  }

  // Whether what was taken at `sequence` in the database `identity` with `digest` still matches the log: the same file and the digest of its rows now; null when they cannot be read.
  private stillMatches(taken: ResumeProof, sequence: number): boolean | null {
    if (taken.identity !== this.identity) return false;
    const digest = this.request.checkpoints!.digests.digestAt(this.request.reader, this.request.runId, sequence);
    return digest === null ? null : digest === taken.digest;
  }
}
