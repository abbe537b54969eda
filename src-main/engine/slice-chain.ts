/**
 * The running digest of the rows one fold reads (log-digests.ts): the chained digest up to the
 * last slice boundary, the keys of the rows after it, the next boundary, and whether the fold
 * still vouches for its rows. Held apart from the fold (checkpointing-fold.ts) so the fold reads
 * as "add a row, close a slice, leave a point", and this file alone says how a digest is chained.
 */
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { chainDigest, keyRanges, MAX_EMPTY_SLICES } from './log-digests';

/** Where the chain of a resumed fold stands (a resume point's digest and keys); null: the first event. */
export type ChainStart = { sequence: number; digest: string; sliceKeys: string[] } | null;

/** What vouches for a point of the chain: the digest of the rows up to it, and the last boundary's digest and the keys after it. */
export type ChainProof = { digest: string; slice: { base: string; keys: string[] } };

/** What a chain reads keys from, and where it notes each slice's digest (null: no store, nothing to vouch for). */
export type ChainSource = { reader: DataDirReader; runId: string; remember: ((slice: number, digest: string) => void) | null };

/** One fold's digest chain. */
export class SliceChain {
  /** Chained digest up to the last boundary closed. */
  digest: string;
  /** Keys of the rows after that boundary (row by row, or one joined string per SQLite read). */
  keys: string[];
  /** The next slice boundary (a multiple of `every`). */
  nextBoundary: number;
  /** The sequence `keys` reach when they come from SQLite (readKeys). */
  keysThrough: number;
  /** False once a row's sequence cannot be vouched for: the fold goes on, chaining and leaving nothing. */
  vouching = true;

  constructor(
    readonly every: number,
    start: ChainStart,
    private readonly source: ChainSource,
  ) {
    const from = start?.sequence ?? 0;
    this.digest = start?.digest ?? '';
    this.keys = start?.sliceKeys ?? [];
    this.keysThrough = from;
    this.nextBoundary = from - (from % every) + every;
  }

  /** A whole number within MAX_EMPTY_SLICES slices of the next boundary (NaN, Infinity, 2.5 and 1e308 are not). */
  canVouchFor(sequence: number): boolean {
    return Number.isSafeInteger(sequence) && sequence - this.nextBoundary <= MAX_EMPTY_SLICES * this.every;
  }

  /** The points already left cover rows below here and stay sound; none is left past it. */
  stopVouching(): void {
    this.vouching = false;
    this.keys = [];
  }

  /** SQLite's keys of the rows after `keysThrough` up to `sequence` join the slice's (a proven read). */
  readKeys(sequence: number): void {
    if (sequence <= this.keysThrough) return;
    const keys = this.source.reader.readEventKeys(this.source.runId, this.keysThrough, sequence);
    if (keys === null) return this.stopVouching();
    if (keys !== '') this.keys.push(keys);
    this.keysThrough = sequence;
  }

  /** The slice ending at the boundary `sequence` is whole: its keys (read first from SQLite when `fromSqlite`) chained into the digest, which is remembered. */
  chain(sequence: number, fromSqlite: boolean): void {
    if (fromSqlite) this.readKeys(sequence);
    if (!this.vouching) return;
    // Without a store there is nothing to vouch for: no keys were kept, no digest is chained.
    if (this.source.remember !== null) {
      this.digest = chainDigest(this.digest, this.keys.join('\n'));
      this.source.remember(sequence / this.every, this.digest);
    }
    this.keys = [];
    this.keysThrough = sequence;
  }

  /**
   * Chain now, from SQLite, every whole slice after `keysThrough` up to `through`, in order, and
   * read the keys after the last one (a fold whose keys waited), only while `unchanged()` holds,
   * asked before and after. False once the chain cannot vouch for its rows.
   */
  settle(through: number, unchanged: () => boolean): boolean {
    if (!unchanged()) this.stopVouching();
    for (const [, upto] of keyRanges(this.keysThrough, through, this.every)) if (this.vouching && upto % this.every === 0) this.chain(upto, true);
    if (this.vouching) this.readKeys(through);
    if (this.vouching && !unchanged()) this.stopVouching();
    return this.vouching;
  }

  /** The proof of the rows up to `sequence`, where the keys stand now: its digest, and the chain's base and keys after it (a resumed chain's start). */
  proofHere(sequence: number): ChainProof {
    return { digest: this.upTo(sequence), slice: { base: this.digest, keys: [...this.keys] } };
  }

  /** The digest of the rows up to `sequence`: the last boundary's, chained with the keys after it unless `sequence` is a boundary. */
  upTo(sequence: number): string {
    return sequence % this.every === 0 ? this.digest : this.partial();
  }

  /** The digest of the rows read so far in the open slice. */
  partial(): string {
    return chainDigest(this.digest, this.keys.join('\n'));
  }
}
