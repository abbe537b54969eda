/**
 * How a fold leaves a resume point where it stands (resume-points.ts reads them back): a snapshot
 * in memory at time travel's boundaries and slice middles where snapshots are kept, else (and
 * always at the tail, where the next process resumes) a checkpoint in the store. Each carries the
 * one validity key: the database's identity and state before the read, and the rows' digest. The
 * run view's fold, whose keys wait, keeps its tail snapshot by the state alone until they are read.
 */
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { AccumulatorCheckpoint, RunAccumulator } from '../../shared/run/run-accumulator';
import { STATE_ONLY_DIGEST } from './checkpoint-files';
import { proofOf } from './checkpoint-store';
import type { Checkpoints } from './fold-request';
import { snapshotBytes, type FoldSnapshots } from './fold-snapshots';
import type { FoldBasis } from './resume-points';
import type { ChainProof, SliceChain } from './slice-chain';

/** Where the fold stands: its accumulator, the rows it could not decode, its digest chain. */
export type FoldState = { accumulator: RunAccumulator; undecodable: UndecodableRow[]; chain: SliceChain };

/**
 * Whether a fold that keeps no snapshots (the CLI's `--at`) writes its boundary `sequence` to the
 * store: the boundaries at 1, 2, 4, 8 … slices, and the last one at or below `upto` (where the
 * same question asked again resumes). Every boundary was once written: each checkpoint holds the
 * whole fold so far, so their bytes grew with the square of the log (`plan --at 500000` of a
 * 1M-event run wrote 50 of up to ~16 MB and took 150 s); doubling keeps their sum under three times the last.
 */
export function storesBoundary(sequence: number, every: number, upto: number | undefined): boolean {
  const slices = sequence / every;
  if (Number.isInteger(slices) && slices >= 1 && Number.isInteger(Math.log2(slices))) return true;
  return upto !== undefined && sequence <= upto && sequence + every > upto;
}

/** Leave a point at `sequence` (every row up to it folded, `digest` theirs), unless one that matches is kept already. */
export function leavePoint(checkpoints: Checkpoints, basis: FoldBasis, fold: FoldState, sequence: number, digest: string, tail: boolean): void {
  const { key, name, identity, state } = basis;
  const { accumulator, chain } = fold;
  const snapshots = checkpoints.snapshots;
  if (!tail && snapshots !== null) {
    if (snapshots.holds(name, sequence, identity, digest)) return;
    // Copies: the fold goes on adding to its keys and undecodable rows.
    const slice = { base: chain.digest, keys: [...chain.keys] };
    const bytes = snapshotBytes(accumulator.itemCount());
    snapshots.put(name, sequence, { frozen: accumulator.freeze(), identity, state, digest, slice, undecodable: [...fold.undecodable], bytes });
    return;
  }
  if (checkpoints.store.holds(key, sequence, proofOf({ identity, digest }))) return;
  const slice = { base: chain.digest, keys: chain.keys };
  checkpoints.store.put(key, { identity, state, sequence, digest, slice, undecodable: fold.undecodable, checkpoint: accumulator.checkpointView() }, tail);
}

/** A snapshot taken before its rows' digest is known (a fold whose keys wait), to vouch for once they are read (`keepSnapshot`). */
export type HeldSnapshot = { sequence: number; frozen: AccumulatorCheckpoint; undecodable: UndecodableRow[]; bytes: number };

/**
 * Freeze the fold where it stands, at `sequence` (a copy of its undecodable rows), and keep it now
 * by the database's state alone (STATE_ONLY_DIGEST: a move may resume there at once, its chain
 * then vouching for nothing) until `keepSnapshot` vouches for it. Null when a snapshot of the
 * same state is kept there already.
 */
export function holdSnapshot(snapshots: FoldSnapshots, basis: FoldBasis, fold: Omit<FoldState, 'chain'>, sequence: number): HeldSnapshot | null {
  const kept = snapshots.get(basis.name, sequence);
  if (kept !== undefined && kept.identity === basis.identity && kept.state === basis.state) return null;
  const held = { sequence, frozen: fold.accumulator.freeze(), undecodable: [...fold.undecodable], bytes: snapshotBytes(fold.accumulator.itemCount()) };
  keepSnapshot(snapshots, basis, held, { digest: STATE_ONLY_DIGEST, slice: { base: STATE_ONLY_DIGEST, keys: [] } });
  return held;
}

/** Keep `held` as a snapshot of the fold `basis`, vouched for by `proof`, unless one that matches is kept already. */
export function keepSnapshot(snapshots: FoldSnapshots, basis: FoldBasis, held: HeldSnapshot, proof: ChainProof): void {
  const { name, identity, state } = basis;
  if (snapshots.holds(name, held.sequence, identity, proof.digest)) return;
  snapshots.put(name, held.sequence, { frozen: held.frozen, identity, state, digest: proof.digest, slice: proof.slice, undecodable: held.undecodable, bytes: held.bytes });
}
