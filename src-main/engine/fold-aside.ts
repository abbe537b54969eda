/**
 * A fold beside its checks. The sparse read (readEventsSparse) spends a third of its SQLite time
 * on what only CHECKS: the sequence proof, json_valid over every payload it leaves out, and (cold)
 * the slices' keys the checkpoint's digest chains. A synchronous fold (the CLI's `report`) on a
 * machine with a second core hands those to another reader on a thread (fold-checks.ts,
 * workers/fold-checks-thread.ts) and meanwhile reads only the rows of the types it reads (no
 * payload test in that SELECT), folding the gaps between them as left-out rows as the proven read
 * does. Then it waits for the checks; the fold is kept only when they prove the range, find no
 * row the sparse read would have selected beyond those, and events.db stayed in its state from
 * before both reads: then it read exactly the sparse read's rows and equals its fold. Anything
 * else (no proof, a misfit row, a changed database, a read failure, an odd sequence, a thread
 * that fails or does not answer) throws it away, and the caller folds the way it does without.
 */
import { payloadNeedsOf } from '../../shared/run/run-accumulator';
import type { SparseRead } from '../sources/little-workflow/store-types';
import { startFoldChecksThread, type FoldChecks } from '../workers/fold-checks-thread';
import type { FoldChecksAnswer, FoldChecksJob } from './fold-checks';
import type { FoldRequest } from './fold-request';
import { databaseState } from './log-digests';

/** Where the checks run (`start`: null when they cannot) and from how many rows to read a fold asks for them. */
export type ChecksAside = { start(job: FoldChecksJob): FoldChecks | null; minRows: number };

/**
 * The default: a thread, for a read of at least 20,000 rows. Starting it costs the fold's thread
 * ~3 ms and the other core ~40 ms before the checks start (measured: a thread loading the small
 * entry and better-sqlite3 and opening the 200,000-event run's database); a fold of 20,000 rows
 * takes ~0.1 s, so below that the checks could make the fold wait.
 */
export const CHECKS_THREAD: ChecksAside = { start: (job) => startFoldChecksThread(job), minRows: 20_000 };

/**
 * What the checks read for a fold's digest: whole slices' digests chained from the log's start by
 * boundary, the keys of other ranges by `${after}:${upto}` (fold-checks.ts FoldChecksAnswer).
 */
export type GivenSlices = { digests: Map<number, string>; keys: Map<string, string> };

/** What of a fold the driver uses (CheckpointingFold). */
export type AsideFold = {
  readonly from: number;
  handle(read: SparseRead): void;
  assumeProven(): void;
  confirmProven(through: number, given: GivenSlices): void;
};

/**
 * A gap between two read rows wider than this (rows of other types, or a hostile sequence the
 * proof will refuse) throws the fold away at once: the gap is folded slice by slice.
 */
const MAX_GAP = 1_000_000;

/** How often (rows read) the fold looks, without waiting, whether the checks already refused it. */
const PEEK_EVERY = 4096;

/**
 * Whether folding `request` from `from` beside its checks can pay off: a synchronous fold that
 * reads only some payloads (no tap), from the first row (a resumed fold reads only what came after
 * its checkpoint), not time travel's (its boundaries need their keys as it passes them), of a
 * reader that reads events.db in place and can split the sparse read, of at least `minRows` rows
 * by the run's last sequence.
 */
function worthChecksAside(request: FoldRequest, aside: ChecksAside | null, from: number): aside is ChecksAside {
  const { reader, runId, upto } = request;
  if (aside === null || request.tap !== undefined || request.leave === 'boundaries' || from !== 0 || payloadNeedsOf(request.mode).types === null) return false;
  if (reader.readEventsOfTypes === undefined || reader.lastSequence === undefined || reader.recipe !== 'snapshot') return false;
  const last = reader.lastSequence(runId);
  return last !== null && Math.min(last, upto ?? last) - from >= aside.minRows;
}

/** Whether the checks' answer lets the fold stand: the range proven and nothing else to read. */
function vouches(answer: FoldChecksAnswer): answer is Extract<FoldChecksAnswer, { ok: true }> & { through: number } {
  return answer.ok && answer.through !== null && answer.misfit === null;
}

/**
 * Fold `request`'s rows of the types it reads into `fold` while its checks run, when that can pay
 * off (else `untried`: `fold` is untouched): `kept` when the checks vouch for the fold (its proof
 * confirmed, its keys given), `thrown away` when not (`fold` is then to be dropped).
 */
export function foldBesideChecks(request: FoldRequest, fold: AsideFold): 'untried' | 'kept' | 'thrown away' {
  const aside = request.checksAside === undefined ? CHECKS_THREAD : request.checksAside;
  if (!worthChecksAside(request, aside, fold.from)) return 'untried';
  const { reader, runId, upto } = request;
  const needs = payloadNeedsOf(request.mode);
  // Taken before the checks' reader opens: equal after both reads, both read these bytes.
  const before = databaseState(reader.path);
  const keysEvery = request.checkpoints === null ? null : request.checkpoints.digests.every;
  const checks = aside.start({ dataDir: reader.path, runId, after: fold.from, upto: upto ?? null, types: [...needs.types!], keysEvery });
  if (checks === null) return 'untried';
  return readBeside(request, fold, checks, before) ? 'kept' : 'thrown away';
}

/** The read beside `checks`: whether they vouch for it; `before`: the database's state before either read. The checks are ended either way. */
function readBeside(request: FoldRequest, fold: AsideFold, checks: FoldChecks, before: string): boolean {
  const { reader, runId, upto } = request;
  try {
    fold.assumeProven();
    let last = fold.from;
    let read = 0;
    for (const item of reader.readEventsOfTypes!(runId, fold.from, upto, payloadNeedsOf(request.mode))) {
      // A failed read: the fold without checks says what it is.
      if (!item.ok && item.sequence === null) return false;
      const sequence = item.ok ? item.event.sequence : item.sequence;
      if (!Number.isSafeInteger(sequence) || sequence <= last || sequence - last > MAX_GAP) return false;
      fold.handle(item);
      last = sequence;
      read += 1;
      if (read % PEEK_EVERY === 0) {
        const early = checks.peek();
        if (early !== null && !vouches(early)) return false;
      }
    }
    const answer = checks.wait();
    if (!vouches(answer) || answer.through < last || databaseState(reader.path) !== before) return false;
    fold.confirmProven(answer.through, { digests: new Map(answer.digests), keys: new Map(answer.keys.map(([after, through, keys]) => [`${after}:${through}`, keys])) });
    return true;
  } finally {
    checks.close();
  }
}
