/**
 * The `events` section of `run.slice`: the raw log as a list like the run's other lists. Unfiltered,
 * item i is sequence i + 1 (a window is one read from a sequence on, no fold, so a big run's log
 * shows at once). Filtered, main keeps the matching sequences per run and filter while the run's
 * row in the library is unchanged (a live run's next change scans again), and a window reads only
 * the rows it shows.
 */
import { ok, type Result } from '../../shared/diagnostics';
import type { RunSummary } from '../../shared/library';
import type { EventFilterSpec, EventRow, RunRef } from '../../shared/run/run-detail-types';
import { RUN_KEY_SEPARATOR, runKeyOf } from '../../shared/run/run-key';
import { cleanEventFilter } from '../../shared/run/event-filter-spec';
import type { Slice, SliceSpec } from '../../shared/run/run-head-types';
import { MAX_EVENT_ROWS } from '../sources/event-filter';
import type { RunSource } from '../sources/run-source';

/** The events list's request. */
export type EventsSliceSpec = Extract<SliceSpec, { section: 'events' }>;

/** A run's log as the list reads it: rows from a sequence on, and the sequences a filter keeps. */
export type EventLog = {
  rows(fromSequence: number, limit: number): Result<EventRow[]> | Promise<Result<EventRow[]>>;
  matching(filter: EventFilterSpec): Result<number[]> | Promise<Result<number[]>>;
};

/** The run being listed: its key, what its library row says (null: no row yet), and its last sequence per that row. */
export type EventsRun = { key: string; stamp: string | null; knownLast: number };

/** The run `ref` as the list sees it, from its library row (`summary`, absent for a run not listed yet). */
export function eventsRun(ref: RunRef, summary: RunSummary | undefined): EventsRun {
  if (summary === undefined) return { key: runKeyOf(ref), stamp: null, knownLast: 0 };
  // What changes when the log does (a live patch or a reload of the row): a filtered list is scanned again.
  const stamp = [summary.eventCount, summary.lastSequence, summary.finishedAt, summary.lastEventType, summary.crashed].join('|');
  return { key: runKeyOf(ref), stamp, knownLast: summary.lastSequence ?? summary.eventCount };
}

/** Filtered lists kept (a list is a number per matching event). */
const INDEX_CACHE_LIMIT = 4;
/** Sequences further apart than this are read separately rather than as one span. */
const SPAN_GAP = 64;

/** The log of run `ref` as its source reads it (SQLite rows, loopctl ledger records). */
export function sourceEventLog(source: RunSource, ref: RunRef): EventLog {
  return {
    rows: (from, limit) => source.eventRows(ref.dataDir, ref.runId, from, limit),
    matching: (filter) => source.eventIndex(ref.dataDir, ref.runId, filter),
  };
}

/** Index of `value` in the ascending `list`, or -1. */
function indexIn(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === value) return mid;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The rows of `sequences` (ascending), read in spans of near neighbours; null where the log has none. */
async function rowsOf(log: EventLog, sequences: readonly number[]): Promise<Result<Array<EventRow | null>>> {
  const found = new Map<number, EventRow>();
  for (let i = 0; i < sequences.length; ) {
    const first = sequences[i]!;
    let j = i + 1;
    while (j < sequences.length && sequences[j]! - sequences[j - 1]! <= SPAN_GAP && sequences[j]! - first < MAX_EVENT_ROWS) j++;
    const read = await log.rows(first, sequences[j - 1]! - first + 1);
    if (!read.ok) return read;
    for (const row of read.value) found.set(row.sequence, row);
    i = j;
  }
  return ok(sequences.map((sequence) => found.get(sequence) ?? null));
}

/** Creates the events section's handler and the step-boundary seek, sharing one cache of filtered lists. */
export function createEventsSlicer() {
  const indexes = new Map<string, { stamp: string; sequences: Promise<Result<number[]>> }>();

  // One scan per run, filter and library row; concurrent pages share it.
  const matching = (run: EventsRun, log: EventLog, filter: EventFilterSpec): Promise<Result<number[]>> => {
    if (run.stamp === null) return Promise.resolve(log.matching(filter));
    const id = [run.key, JSON.stringify(filter)].join(RUN_KEY_SEPARATOR);
    const hit = indexes.get(id);
    indexes.delete(id);
    if (hit?.stamp === run.stamp) {
      indexes.set(id, hit);
      return hit.sequences;
    }
    const entry = { stamp: run.stamp, sequences: Promise.resolve(log.matching(filter)) };
    // A failed scan is not kept: the next page tries again.
    void entry.sequences.then((result) => {
      if (!result.ok && indexes.get(id) === entry) indexes.delete(id);
    });
    indexes.set(id, entry);
    while (indexes.size > INDEX_CACHE_LIMIT) indexes.delete(indexes.keys().next().value as string);
    return entry.sequences;
  };

  /** The nearest step boundary (a `Step*` event: scheduled, attempt started, completed, failed) after or before `from`. */
  const seek = async (run: EventsRun, log: EventLog, from: number, direction: 'next' | 'previous'): Promise<Result<number | null>> => {
    const sequences = await matching(run, log, STEP_BOUNDARIES);
    if (!sequences.ok) return sequences;
    const list = sequences.value;
    // First index whose sequence is past `from` (binary search: the list is ascending).
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    if (direction === 'next') return ok(list[lo] ?? null);
    const before = list[lo - 1] === from ? lo - 2 : lo - 1;
    return ok(before >= 0 ? list[before]! : null);
  };

  const slice = async (run: EventsRun, log: EventLog, spec: EventsSliceSpec): Promise<Result<Slice<'events'>>> => {
    const base = { section: 'events' as const, from: spec.from, build: 0 };
    const filter = cleanEventFilter(spec.filter);
    if (filter === null) {
      const read = await log.rows(spec.from + 1, spec.count);
      if (!read.ok) return read;
      // The library row may lag a live log by a tick: rows read past it count too.
      const total = Math.max(run.knownLast, read.value.at(-1)?.sequence ?? 0);
      const bySequence = new Map(read.value.map((row) => [row.sequence, row]));
      const shown = Math.max(0, Math.min(spec.count, total - spec.from));
      const items = Array.from({ length: shown }, (_, i) => bySequence.get(spec.from + 1 + i) ?? null);
      const found = spec.find === undefined ? undefined : spec.find >= 1 && spec.find <= total ? spec.find - 1 : -1;
      return ok({ ...base, total, items, ...(found === undefined ? {} : { found }) });
    }
    const sequences = await matching(run, log, filter);
    if (!sequences.ok) return sequences;
    const list = sequences.value;
    const items = await rowsOf(log, list.slice(spec.from, spec.from + spec.count));
    if (!items.ok) return items;
    const found = spec.find === undefined ? undefined : indexIn(list, spec.find);
    return ok({ ...base, total: list.length, items: items.value, ...(found === undefined ? {} : { found }) });
  };
  return { slice, seek };
}

/** The events that open or close a step's work (time travel's `{` / `}` keys move between them). */
const STEP_BOUNDARIES: EventFilterSpec = { typePrefix: 'Step' };
