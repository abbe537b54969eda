/**
 * The run's head (what the overview shows) kept beside its fold checkpoints, the head stage's
 * resume point (resume-points.ts), so reopening an
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
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { pricingProvenance } from '../../shared/pricing/staleness';
import type { RunHeadCore } from '../../shared/run/run-head-types';
import type { RunModelFacts } from '../../shared/run/run-model-facts';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import { decodeNote, encodeNote } from './checkpoint-files';
import type { Checkpoints, FoldReach } from './fold-request';
import { cheapestStart, foldBasis, stillValid, type ResumePoints } from './resume-points';

const MAGIC = 'little-inspector/run-head';

type HeadFile = { identity: string; state: string; sequence: number; digest: string; facts: string; head: RunHeadCore };

// The facts the head's crash boundary was judged with (the rest are copied in fresh).
function boundaryFacts(facts: RunModelFacts): string {
  return JSON.stringify({ lockOwner: facts.lockOwner, subRunStatuses: facts.subRunStatuses, pendingCycle: facts.pendingCycle });
}

/** Keep `head`, cut from a whole-run fold that ended at `reach`, judged with `facts`. */
export function rememberHead(checkpoints: Checkpoints, reach: FoldReach, facts: RunModelFacts, head: RunHeadCore): void {
  const file: HeadFile = { identity: reach.identity, state: reach.state, sequence: reach.sequence, digest: reach.digest, facts: boundaryFacts(facts), head };
  checkpoints.store.putNote(reach.key, 'head', encodeNote(MAGIC, reach.key.runId, file));
}

/**
 * The kept head as a resume point of the head stage: one point at most, where its fold ended,
 * taken up for nothing (a few KB to decode). It holds by the one validity key, while no row comes
 * after it and the facts its crash boundary was judged with are the same.
 */
export function headPoints(checkpoints: Checkpoints, facts: RunModelFacts): ResumePoints<RunHeadCore> {
  return {
    points(ask) {
      const file = keptHead(checkpoints.store.getNote(ask.key, 'head'), ask.runId);
      if (file === null) return [];
      const resume = (): RunHeadCore | 'stale' | 'unreadable' => {
        if (file.facts !== boundaryFacts(facts)) return 'stale';
        const valid = stillValid(file, ask, file.sequence);
        if (valid !== true) return valid === null ? 'unreadable' : 'stale';
        // Changed but matching up to the head's sequence: grown (or a row the read cannot decode after it): fold.
        if (file.state !== ask.state) for (const _read of ask.reader.readEvents(ask.runId, file.sequence)) return 'stale';
        return { ...file.head, ref: facts.ref, summary: facts.summary, lock: facts.lock, pricing: pricingProvenance(ask.table, facts.now) };
      };
      return [{ sequence: file.sequence, decode: 0, resume }];
    },
  };
}

/** The kept head of `runId` (the whole log, priced with `table`) if it still holds (headPoints); else null. */
export function cachedHead(checkpoints: Checkpoints, reader: DataDirReader, runId: string, table: PriceTable, facts: RunModelFacts): RunHeadCore | null {
  const basis = foldBasis(reader, runId, 'detail', table, checkpoints.digests.every);
  if (basis === null) return null;
  return cheapestStart([headPoints(checkpoints, facts)], { ...basis, atMost: Number.MAX_SAFE_INTEGER, reader, runId, table, digests: checkpoints.digests });
}

// The head file in `bytes` when it is ours, of this format and of `runId`; else null.
function keptHead(bytes: Buffer | null, runId: string): HeadFile | null {
  const file = decodeNote<HeadFile>(bytes, MAGIC, runId);
  if (file === null || typeof file.sequence !== 'number' || file.head === undefined) return null;
  if (typeof file.identity !== 'string' || typeof file.digest !== 'string' || typeof file.state !== 'string' || typeof file.facts !== 'string') return null;
  return file as HeadFile;
}
