/**
 * Where a fold can start instead of the first event: the engine's resume points. Each kind (a
 * snapshot in memory, a checkpoint on disk, the kept head: head-cache.ts) offers its points for
 * one ask, each with a cost; the driver (fold-log.ts) takes the cheapest that still holds. Every
 * point is trusted by the one validity key (checkpoint-files.ts Validity, checked by
 * `stillValid`): the same database file (identity), and either the database still in the state
 * it was in before the read the point was taken in, or the chained digest of the rows' keys up to
 * the point still the log's (log-digests.ts).
 */
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { RunAccumulator, type AccumulatorMode } from '../../shared/run/run-accumulator';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { STATE_ONLY_DIGEST, type CheckpointKey, type Validity } from './checkpoint-files';
import { priceTableHash, type CheckpointStore } from './checkpoint-store';
import type { FoldSnapshots } from './fold-snapshots';
import { databaseIdentity, databaseState, type LogDigests } from './log-digests';

export type { Validity } from './checkpoint-files';

/** Which fold this is (its key, and as text: the snapshots' key) and its database's identity and state before the read. */
export type FoldBasis = { key: CheckpointKey; name: string; identity: string; state: string };

/** Where a fold stands: its accumulator and the digest chain of the rows it read. */
export type FoldPosition = {
  accumulator: RunAccumulator;
  undecodable: UndecodableRow[];
  /** Sequence of the last row read. */
  sequence: number;
  /** Chained digest up to the last boundary at or below `sequence`, and the keys of the rows after it. */
  digest: string;
  sliceKeys: string[];
};

/** The basis of `runId`'s fold in `mode` priced with `table`; null without a database file to vouch for. */
export function foldBasis(reader: DataDirReader, runId: string, mode: AccumulatorMode, table: PriceTable, every: number): FoldBasis | null {
  const identity = databaseIdentity(reader.path);
  if (identity === null) return null;
  const key = { dataDir: reader.path, runId, mode, tableHash: priceTableHash(table), every };
  return { key, name: JSON.stringify(key), identity, state: databaseState(reader.path) };
}

/** What a fold asks its resume points: its basis, the highest sequence to start at, and what reads and prices its rows. */
export type ResumeAsk = FoldBasis & { atMost: number; reader: DataDirReader; runId: string; table: PriceTable; digests: LogDigests };

/**
 * One point: where it stands, what taking it up costs in events' worth of folding (`decode`; the
 * driver adds the gap to the ask's end), and `resume()`: the position, 'stale' (it no longer
 * matches the log: dropped), or 'unreadable' (the rows cannot be read to check it: fold from the start).
 */
export type ResumePoint<T> = { sequence: number; decode: number; resume(): T | 'stale' | 'unreadable' };

/** A kind of resume point. */
export interface ResumePoints<T> {
  points(ask: ResumeAsk): ResumePoint<T>[];
}

/**
 * What decoding a checkpoint at sequence s costs, as a share of folding s events (measured on the
 * 200,000-event run at #180,000, same process: inflate + deserialise 2.6-3.5 s against 0.2-0.45 s
 * to fold the next 5,000 events: the decode costs as much as folding a fifth to two fifths of its
 * sequence). A snapshot thaws for nothing (fold-snapshots.ts).
 */
export const DECODE_PER_SEQUENCE = 1 / 4;

/** Whether `taken` still matches the log of `ask` at `sequence`; null when its rows cannot be read. */
export function stillValid(taken: Validity, ask: Pick<ResumeAsk, 'identity' | 'state' | 'reader' | 'runId' | 'digests'>, sequence: number): boolean | null {
  if (taken.identity !== ask.identity) return false;
  // Same file, same bytes: its rows are the ones taken (no key is read).
  if (taken.state === ask.state) return true;
  if (taken.digest === STATE_ONLY_DIGEST) return false;
  const digest = ask.digests.digestAt(ask.reader, ask.runId, sequence, ask.state);
  return digest === null ? null : digest === taken.digest;
}

/** What a kind keeps for one ask, by sequence: the sequences at or below its end, the point kept at one, and dropping it. */
type Kept<K> = { sequences(): number[]; get(sequence: number): K | null; discard(sequence: number): void };

/**
 * The points of a kind that keeps positions by sequence, each costing `decodePerSequence` of its
 * sequence to take up. A point is taken up (`position`) once `stillValid` vouches for it: one that
 * no longer matches the log is dropped and 'stale'; one whose rows cannot be read is 'unreadable'.
 */
function keptPoints<K extends Validity>(decodePerSequence: number, keep: (ask: ResumeAsk) => Kept<K>, position: (kept: K, ask: ResumeAsk, sequence: number) => FoldPosition): ResumePoints<FoldPosition> {
  return {
    points(ask) {
      const kept = keep(ask);
      return kept.sequences().map((sequence) => ({
        sequence,
        decode: sequence * decodePerSequence,
        resume() {
          const found = kept.get(sequence);
          if (found === null) return 'stale';
          const valid = stillValid(found, ask, sequence);
          if (valid === null) return 'unreadable';
          if (!valid) return (kept.discard(sequence), 'stale');
          return position(found, ask, sequence);
        },
      }));
    },
  };
}

/** Time travel's snapshots in memory: no decode, so a point costs its gap alone. */
export function snapshotPoints(snapshots: FoldSnapshots): ResumePoints<FoldPosition> {
  return keptPoints(
    0,
    (ask) => ({ sequences: () => snapshots.sequences(ask.name, ask.atMost), get: (sequence) => snapshots.get(ask.name, sequence) ?? null, discard: (sequence) => snapshots.discard(ask.name, sequence) }),
    (found, ask, sequence) => ({ accumulator: RunAccumulator.thaw(found.frozen, ask.table), undecodable: [...found.undecodable], sequence, digest: found.slice.base, sliceKeys: [...found.slice.keys] }),
  );
}

/** Checkpoints on disk (or in the store's memory): a point costs its gap and its decode. */
export function checkpointPoints(store: CheckpointStore): ResumePoints<FoldPosition> {
  return keptPoints(
    DECODE_PER_SEQUENCE,
    (ask) => ({ sequences: () => store.sequences(ask.key, ask.atMost), get: (sequence) => store.get(ask.key, sequence), discard: (sequence) => store.discard(ask.key, sequence) }),
    (stored, ask, sequence) => ({ accumulator: RunAccumulator.resume(stored.checkpoint, ask.table, true), undecodable: stored.undecodable, sequence, digest: stored.slice.base, sliceKeys: stored.slice.keys }),
  );
}

/**
 * The cheapest point of `kinds` that still matches the log; null: fold from the first event. A
 * point's cost: its decode plus the events folded from it to the ask's end (the log's end is
 * unknown before the read, and the same for every point: the highest point stands for it).
 */
export function cheapestStart<T>(kinds: readonly ResumePoints<T>[], ask: ResumeAsk): T | null {
  const offered = kinds.flatMap((kind) => kind.points(ask));
  const end = ask.atMost < Number.MAX_SAFE_INTEGER ? ask.atMost : Math.max(0, ...offered.map((p) => p.sequence));
  const cost = (point: ResumePoint<T>) => end - point.sequence + point.decode;
  const points = offered.sort((a, b) => cost(a) - cost(b) || b.sequence - a.sequence);
  for (const point of points) {
    const found = point.resume();
    if (found === 'unreadable') return null;
    if (found !== 'stale') return found;
  }
  return null;
}
