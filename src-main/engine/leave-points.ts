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
