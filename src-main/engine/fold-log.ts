/**
 * THE read -> fold path of one little-workflow run: the engine's driver. It asks the resume
 * points (resume-points.ts: snapshots in memory, checkpoints on disk) for the cheapest start at
 * or below where the fold should stop that still matches the log, reads only the rows after it,
 * and folds them as they are read (never collected: checkpointing-fold.ts), leaving new points
 * on the way. The CLI, the worker and time travel all fold through here; without a store
 * (`checkpoints: null`) it is a plain streaming fold.
 */
import { ALL_PAYLOADS } from '../../shared/events/payload-needs';
import { payloadNeedsOf } from '../../shared/run/run-accumulator';
import { drainInSlices } from '../sources/little-workflow/in-slices';
import type { SparseRead } from '../sources/little-workflow/store-types';
import { checkpointStoreFor, type CheckpointStore } from './checkpoint-store';
import { CheckpointingFold } from './checkpointing-fold';
import { FoldSnapshots } from './fold-snapshots';
import { CHECKPOINT_EVERY, LogDigests } from './log-digests';
import { cheapestStart, checkpointPoints, foldBasis, snapshotPoints, type FoldBasis, type FoldPosition, type ResumePoints } from './resume-points';
import type { Checkpoints, FoldOutcome, FoldRequest } from './fold-request';

export type { Checkpoints, FoldOutcome, FoldReach, FoldRequest } from './fold-request';

/**
 * A fresh set over `store`, checkpoints every `every` sequences (tests use small spacings).
 * `snapshots`: time travel's boundaries are kept as snapshots in memory instead of checkpoints
 * written to the store (a process that serves many moves); without, they go to the store (the
 * CLI's `--at`: the next process reads them).
 */
export function checkpointsOver(store: CheckpointStore, every = CHECKPOINT_EVERY, options: { snapshots?: boolean } = {}): Checkpoints {
  return { store, digests: new LogDigests(every), snapshots: options.snapshots === true ? new FoldSnapshots() : null };
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

/** Fold synchronously (the CLI). */
export function foldLog(request: FoldRequest): FoldOutcome {
  const fold = startFold(request);
  for (const read of rowsOf(request, fold.from)) fold.handle(read);
  return fold.finish();
}

/** Fold in slices, yielding to the event loop between them (main's worker, the library). */
export async function foldLogAsync(request: FoldRequest): Promise<FoldOutcome> {
  const fold = startFold(request);
  await drainInSlices(rowsOf(request, fold.from), (read) => fold.handle(read), undefined, request.sliceRows, request.turn);
  return fold.finish();
}

/** The fold of `request`, resumed at its cheapest trusted point (none for a fold without a store or with a tap: it sees every row). */
function startFold(request: FoldRequest): CheckpointingFold {
  const basis = basisOf(request);
  const { checkpoints } = request;
  if (basis === null || checkpoints === null || request.tap !== undefined) return new CheckpointingFold(request, basis, null);
  const kinds: ResumePoints<FoldPosition>[] = [];
  if (checkpoints.snapshots !== null) kinds.push(snapshotPoints(checkpoints.snapshots));
  // A fold that is to leave snapshots all the way starts only from one (prime-snapshots.ts).
  if (request.startFrom !== 'snapshots') kinds.push(checkpointPoints(checkpoints.store));
  const { reader, runId, table } = request;
  const ask = { ...basis, atMost: request.resumeAtMost ?? request.upto ?? Number.MAX_SAFE_INTEGER, reader, runId, table, digests: checkpoints.digests };
  return new CheckpointingFold(request, basis, cheapestStart(kinds, ask));
}

/** The fold's key and its database's identity and state before the read; null without a store or a database file to vouch for. */
function basisOf(request: FoldRequest): FoldBasis | null {
  const { checkpoints } = request;
  return checkpoints === null ? null : foldBasis(request.reader, request.runId, request.mode, request.table, checkpoints.digests.every);
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
