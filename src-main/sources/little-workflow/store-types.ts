/**
 * The store's public shape: what the core service, the CLI and the live observer use.
 *
 * Everything here is read-only. Failures come back as typed diagnostics (`Result`), never
 * as exceptions escaping to callers.
 */
import type { Diagnostic, Result } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import type { PayloadNeeds } from '../../../shared/events/payload-needs';
import type { DataDirInfo, LogFormat, RunStatus } from '../../../shared/library';
import type { ReadRecipe } from './read-recipe';
import type { ScanReadItem } from './scan-rows';

/** The stored columns of a row whose payload could not be decoded. */
export type RawEventRow = { type: string; payloadText: string; eventId: string; recordedAt: string; occurrenceId: string | null };

/**
 * One event read from the log, or a diagnostic.
 *
 * `sequence: number` + `raw`: that row could not be decoded; later rows still follow.
 * `sequence: null` + `raw: null`: the read itself failed (corrupt page, driver error);
 * it is the last item the iterator yields.
 */
export type EventRead =
  /**
   * `payloadText`: the payload as stored, when the reader has it (SQLite rows whose payload was
   * read; not legacy JSONL lines): the integrity check hashes it as it is.
   */
  | { ok: true; event: EventEnvelope; payloadText?: string }
  | { ok: false; sequence: number; runId: string; diagnostic: Diagnostic; raw: RawEventRow }
  | { ok: false; sequence: null; runId: string; diagnostic: Diagnostic; raw: null };

/**
 * What a sparse read (`DataDirReader.readEventsSparse`) yields besides rows. `proven` comes first
 * when SQLite proved the range holds exactly the rows `after + 1 .. through` (whole numbers, no
 * repeat, no gap): every row not yielded then is one `readEvents` would have handed over with
 * UNREAD_PAYLOAD (a valid JSON object of a type outside the needs). `end` comes last, while the
 * read still holds its connection (the keys of what was left out can be read from the same
 * snapshot). Without `proven`, the read is `readEvents` itself: every row comes.
 */
export type SparseMark = { mark: 'proven'; through: number } | { mark: 'end' };

/** One item of a sparse read: a row (or a diagnostic) as `readEvents` gives it, or a mark. */
export type SparseRead = EventRead | SparseMark;

/** Discovery result for a chosen root. */
export type Discovery = {
  root: string;
  dataDirs: DataDirInfo[];
  diagnostics: Diagnostic[];
};

/** An opened data dir. */
export interface DataDirReader {
  /** Absolute path of the data dir (the folder holding `events/`). */
  readonly path: string;
  /** The event-log format this reader serves. */
  readonly format: LogFormat;
  /** How the SQLite file is being read right now (null for legacy JSONL). */
  readonly recipe: ReadRecipe | null;
  /**
   * Run list facts from SQL aggregates; never folds whole runs. Invalid run ids are left out and
   * reported. `only`: the rows of these runs alone (each row is its run's alone, as in the whole list).
   */
  listRuns(only?: ReadonlySet<string>): Result<{ runs: RunAggregate[]; diagnostics: Diagnostic[] }>;
  /**
   * The model-call events the run list reads, ordered by run and sequence: every run's answers
   * (USAGE_CALL_TYPES, priced), and for the runs in `weighed` also the calls asked and the failures
   * (RUN_LIST_CALL_TYPES), so the list weighs asked against answered without folding whole runs.
   * An asked call's payload may be handed as `{}` (only its type is counted). `only`: of these runs alone.
   */
  readModelCallEvents(weighed?: readonly string[], only?: ReadonlySet<string>): Iterable<EventRead>;
  /**
   * Stream a run's events in sequence order, starting after `afterSequence` (default 0), up to
   * and including `upto` (default all). `needs` (default every payload): what the consumer reads
   * of payloads; others may come as UNREAD_PAYLOAD (shared/events/payload-needs.ts).
   */
  readEvents(runId: string, afterSequence?: number, upto?: number, needs?: PayloadNeeds): Iterable<EventRead>;
  /**
   * `readEvents` for a consumer that asks nothing of a row whose payload it does not read beyond
   * "it is there" (the fold in `mode: 'fold'`): such rows are left out in SQL, never crossing into
   * JS, when SQLite can prove which sequences they hold (see SparseMark). Optional: a reader
   * without it is read with `readEvents`.
   */
  readEventsSparse?(runId: string, afterSequence: number, upto: number | undefined, needs: PayloadNeeds): Iterable<SparseRead>;
  /**
   * The behaviour scan's read through `upto` (scan-rows.ts): every row's time, then only the rows
   * of `types`; `fallback` first when the log cannot be read that way (then read it with readEvents).
   * Optional: a reader without it is read with `readEvents`.
   */
  readForScan?(runId: string, upto: number, types: readonly string[]): Iterable<ScanReadItem | EventRead>;
  /**
   * The run's highest sequence when the unique (run_id, sequence) index gives it without a scan,
   * else null (no such index, no row, not a number): how many rows a read may cross, cheaply.
   */
  lastSequence?(runId: string): number | null;
  /**
   * What identifies the rows of a run in (`afterSequence`, `upto`] without their payloads, as one
   * text (`sequence|eventId|recordedAt` per row, newline-separated; the eventId hashes the
   * content). Fold checkpoints are trusted while these still match. Null when the rows cannot
   * be read this way (legacy JSONL logs, a read error): then no checkpoint is trusted.
   */
  readEventKeys(runId: string, afterSequence: number, upto: number): string | null;
  /**
   * Keep the snapshot open now for every read until the answer is called: no read in between
   * looks at the files again (a pass that must see one state of the log, and pays the sidecar
   * check once instead of once per read). Optional: a reader without it is read as usual.
   */
  hold?(): Result<() => void>;
  /** Release the connection and any private temp copy; idempotent. */
  close(): void;
}

/** SQL-derived facts about one run (no fold). */
export type RunAggregate = {
  runId: string;
  eventCount: number;
  maxSequence: number;
  firstRecordedAt: string;
  lastRecordedAt: string;
  lastEventType: string;
  /** Status from the last of RunStarted / RunCompleted / RunFailed, else `pending`. */
  status: RunStatus;
  /** From the first RunStarted (else the first harness.session.started) payload. */
  parentRunId: string | null;
  /** RunStarted.outerLoopId: the outer loop this run is a cycle of. */
  outerLoopId: string | null;
  workflowVersionId: string | null;
  label: string | null;
  tags: string[];
};
