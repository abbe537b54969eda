/**
 * How a fold leaves a resume point where it stands (resume-points.ts reads them back): a snapshot
 * in memory at time travel's boundaries and slice middles where snapshots are kept, else (and
 * always at the tail, where the next process resumes) a checkpoint in the store. Each carries the
 * one validity key: the database's identity and state before the read, and the rows' digest.
 */
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { RunAccumulator } from '../../shared/run/run-accumulator';
import { proofOf } from './checkpoint-store';
import type { Checkpoints } from './fold-request';
import { snapshotBytes } from './fold-snapshots';
import type { FoldBasis } from './resume-points';
import type { SliceChain } from './slice-chain';

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
