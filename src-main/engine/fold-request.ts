/**
 * What a fold through fold-log.ts is asked (FoldRequest) and answers (FoldOutcome,
 * FoldReach), and the checkpoints it folds with: the types every caller of `foldLog` and
 * `foldLogAsync` shares (fold-log.ts re-exports them).
 */
import type { Diagnostic } from '../../shared/diagnostics';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { UndecodableRow } from '../../shared/fold/integrity/integrity-findings';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { AccumulatorMode, RunAccumulator } from '../../shared/run/run-accumulator';
import type { DataDirReader } from '../sources/little-workflow/store-types';
import type { CheckpointKey } from './checkpoint-files';
import type { CheckpointStore } from './checkpoint-store';
import type { FoldSnapshots } from './fold-snapshots';
import type { LogDigests } from './log-digests';

/**
 * The resume points' stores (resume-points.ts): the checkpoint store, the digests that vouch for
 * every point and, where moves come one after another in one process (the app's worker), the
 * folds' snapshots in memory (fold-snapshots.ts): one set per library, CLI command or worker.
 */
export type Checkpoints = { store: CheckpointStore; digests: LogDigests; snapshots: FoldSnapshots | null };

/**
 * What to fold: a run of a reader, priced with `table`, in `mode`, up to and including `upto`
 * (default all). A fold leaves a checkpoint where its read ended (the next open, or a grown
 * live run, folds only what came after); `leave: 'boundaries'` (time travel) also leaves one
 * at every CHECKPOINT_EVERY boundary it passes, so later moves start near where they land.
 */
export type FoldRequest = {
  reader: DataDirReader;
  runId: string;
  table: PriceTable;
  mode: AccumulatorMode;
  upto?: number;
  checkpoints: Checkpoints | null;
  leave?: 'tail' | 'boundaries';
  /**
   * Sees every decoded event as it is folded (a consumer that needs more than the accumulator
   * keeps, e.g. the diff's step activity), with every payload parsed. A fold with a tap starts
   * from sequence 1: a checkpoint would hide the rows before it.
   */
  tap?: (event: EventEnvelope) => void;
  /**
   * `snapshots`: start only from a snapshot in memory (or the first event), never from a stored
   * checkpoint: a fold that is to leave snapshots all the way (prime-snapshots.ts).
   */
  startFrom?: 'any' | 'snapshots';
  /** The highest sequence a resume point may stand at (default `upto`, else any). */
  resumeAtMost?: number;
  /**
   * Leave the tail checkpoint only when the outcome's `leaveTail()` is called (the worker sends
   * the run's head first: serialising a 200k-event detail fold takes about a second).
   */
  deferTail?: boolean;
  /**
   * Leave a snapshot where the read ended, where snapshots are kept (the worker's): the run view's
   * whole-log fold, so a run's first move to its end resumes there instead of folding from the
   * start. A fold whose keys wait keeps it by the database's state until they are read.
   */
  snapshotAtTail?: boolean;
  /**
   * What an async fold awaits between slices (default one turn of the event loop): the worker's
   * priming waits there while a run's head is being built, so a move is not slowed by it.
   */
  turn?: () => Promise<void>;
  /** Rows an async fold handles between two yields to the event loop (default in-slices.ts SLICE). */
  sliceRows?: number;
};

/**
 * The fold and what the read left besides events; `resumedFrom` is the sequence it started
 * after (a resume point's: resume-points.ts; 0: folded from the start).
 */
export type FoldOutcome = {
  accumulator: RunAccumulator;
  events: number;
  undecodable: UndecodableRow[];
  readFailures: Diagnostic[];
  resumedFrom: number;
  /** Leave the tail checkpoint a `deferTail` fold held back (once; a no-op otherwise). */
  leaveTail(): void;
  /**
   * What proves the log still reads as this fold read it: null without a checkpoint store, after a
   * read failure or an unvouched row. `byState`: at once, without reading the keys a `deferTail`
   * fold's digest waits for; its digest is then STATE_ONLY_DIGEST (checkpoint-files.ts) unless settled already.
   */
  reached(options?: { byState?: boolean }): FoldReach | null;
};

/**
 * Where a fold ended and the digest of the rows up to there (log-digests.ts), in the database
 * `identity`, which was in `state` (databaseState) before the read.
 */
export type FoldReach = { key: CheckpointKey; identity: string; state: string; sequence: number; digest: string };
