/**
 * The run's head (what the overview shows) kept beside its fold checkpoints, so reopening an
 * unchanged run shows its overview without decoding a checkpoint: a whole run's checkpoint is
 * tens of MB of state, its head a few KB. The head is reused only when
 * - the database is the same file (device and inode) and the chained digest of the rows' keys up
 *   to where the fold ended still matches (log-digests.ts: the same check a checkpoint passes),
 * - no row comes after that sequence (the log did not grow), and
 * - the facts the crash boundary reads (lock owner, sibling runs' statuses, the outer loop's
 *   pending cycle) are the same; the facts copied into the head as they are (the run's library
 *   row, its lock, the pricing provenance as of now, its ref) are taken fresh.
 * Otherwise the run is folded (from its checkpoint) as before.
 */
import { deserialize, serialize } from 'node:v8';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { pricingProvenance } from '../../shared/pricing/staleness';
import { CHECKPOINT_FORMAT } from '../../shared/run/run-accumulator';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { priceTableHash } from './checkpoint-store';
import type { Checkpoints, FoldReach } from './fold-request';
import { databaseIdentity, databaseState } from './log-digests';
import { stillValid } from './resume-points';

const MAGIC = 'little-inspector/run-head';

type HeadFile = { magic: string; format: number; runId: string; identity: string; state: string; sequence: number; digest: string; facts: string; head: RunHeadCore };

// The facts the head's crash boundary was judged with (the rest are copied in fresh).
function boundaryFacts(facts: RunModelFacts): string {
  return JSON.stringify({ lockOwner: facts.lockOwner, subRunStatuses: facts.subRunStatuses, pendingCycle: facts.pendingCycle });
}

/** Keep `head`, cut from a whole-run fold that ended at `reach`, judged with `facts`. */
export function rememberHead(checkpoints: Checkpoints, reach: FoldReach, facts: RunModelFacts, head: RunHeadCore): void {
  const file: HeadFile = { magic: MAGIC, format: CHECKPOINT_FORMAT, runId: reach.key.runId, identity: reach.identity, state: reach.state, sequence: reach.sequence, digest: reach.digest, facts: boundaryFacts(facts), head };
  checkpoints.store.putHead(reach.key, serialize(file));
}

/** The kept head of `runId` (the whole log, priced with `table`) if the log and the boundary's facts still match; else null. */
export function cachedHead(checkpoints: Checkpoints, reader: DataDirReader, runId: string, table: PriceTable, facts: RunModelFacts): RunHeadCore | null {
  const key = { dataDir: reader.path, runId, mode: 'detail' as const, tableHash: priceTableHash(table), every: checkpoints.digests.every };
  const bytes = checkpoints.store.getHead(key);
  if (bytes === null) return null;
  let file: Partial<HeadFile>;
  try {
    file = deserialize(bytes) as Partial<HeadFile>;
  } catch {
    return null;
  }
  if (file?.magic !== MAGIC || file.format !== CHECKPOINT_FORMAT || file.runId !== runId || typeof file.sequence !== 'number' || file.head === undefined) return null;
  const identity = databaseIdentity(reader.path);
  if (identity === null || file.facts !== boundaryFacts(facts) || typeof file.identity !== 'string' || typeof file.digest !== 'string') return null;
  const validity = { identity: file.identity, digest: file.digest, state: file.state };
  if (stillValid(validity, { identity, reader, runId, digests: checkpoints.digests }, file.sequence) !== true) return null;
  // Changed but matching up to the head's sequence: grown (or a row the read cannot decode after it): fold.
  if (file.state !== databaseState(reader.path)) for (const _read of reader.readEvents(runId, file.sequence)) return null;
  return { ...file.head, ref: facts.ref, summary: facts.summary, lock: facts.lock, pricing: pricingProvenance(table, facts.now) };
}
