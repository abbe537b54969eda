/**
 * Consistency of the live (incremental) fold with a replay: fold a run's events the way the
 * observer does (batch by batch as rows arrive, continuing one state) and compare with a fresh
 * full fold (`materializeRunState`, `buildHarnessView`). When they differ, bisect over prefixes
 * to name the first event after which they disagree.
 */
import type { EventEnvelope } from '../events/envelope';
import { HarnessViewBuilder, buildHarnessView } from '../fold/harness/harness-view';
import { applyEvent, createRunState, materializeRunState, type FoldOptions } from '../fold/run-state';
import type { MaterializedRunState } from '../fold/run-state-types';
import { diffStates, type StateDifference } from './state-diff';

/** Batch sizes to split a log into; `seededBatches` makes random ones reproducible. */
export type BatchPlan = readonly number[];

/** Result of a consistency check. */
export type ConsistencyReport = {
  runId: string;
  events: number;
  batches: number;
  equal: boolean;
  /** Differences of the final states (fold state under `$.state`, harness view under `$.harness`). */
  differences: StateDifference[];
  /** The first event after which incremental and full folds disagree (bisection), if any. */
  firstDivergent?: { sequence: number; type: string; eventId: string };
  /** A fold threw; the message and the sequence it threw at, per side. */
  errors: { side: 'incremental' | 'full'; message: string }[];
};

/** Sizes of random batches (1..maxBatch) covering `total` events, from a seeded generator. */
export function seededBatches(total: number, seed: number, maxBatch = 50): number[] {
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: tiny, deterministic, good enough to vary batch sizes.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  const sizes: number[] = [];
  for (let left = total; left > 0; ) {
    const size = Math.min(left, 1 + Math.floor(next() * maxBatch));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** A fold state plus harness view, as compared. */
export type Folded = { state: MaterializedRunState; harness: unknown };

/** The incremental procedure under test (the observer's; replaceable to test the checker). */
export type IncrementalFold = (runId: string, events: readonly EventEnvelope[], batches: BatchPlan, options: FoldOptions) => Folded;

/** Fold like the observer: one state continued batch by batch, the harness builder alongside. */
export function foldIncrementally(runId: string, events: readonly EventEnvelope[], batches: BatchPlan, options: FoldOptions): Folded {
  const state = createRunState(runId);
  const builder = new HarnessViewBuilder();
  let index = 0;
  for (const size of batches) {
    const batch = events.slice(index, index + size);
    index += batch.length;
    for (const event of batch) {
      applyEvent(state, event, options);
      builder.add(event);
    }
  }
  for (const event of events.slice(index)) {
    applyEvent(state, event, options);
    builder.add(event);
  }
  return { state, harness: builder.snapshot() };
}

function foldFully(runId: string, events: readonly EventEnvelope[], options: FoldOptions): Folded {
  return { state: materializeRunState(runId, events, options), harness: buildHarnessView(events) };
}

function attempt(fold: () => Folded): Folded | Error {
  try {
    return fold();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function same(a: Folded | Error, b: Folded | Error): boolean {
  if (a instanceof Error || b instanceof Error) return a instanceof Error && b instanceof Error && a.message === b.message;
  return diffStates(a, b, 1).length === 0;
}

/**
 * Compare a live state (or, without one, an incremental fold in `batches`) with a full fold.
 *
 * `live` is what the observer holds; when given, it is compared as is and the bisection uses
 * the simulated incremental fold to find where the two procedures part.
 */
export function checkConsistency(
  runId: string,
  events: readonly EventEnvelope[],
  options: { batches?: BatchPlan; live?: Folded; fold: FoldOptions; incremental?: IncrementalFold },
): ConsistencyReport {
  const fold = options.fold;
  const batches = options.batches ?? [events.length];
  const incrementalFold = options.incremental ?? foldIncrementally;
  const incremental = options.live ?? attempt(() => incrementalFold(runId, events, batches, fold));
  const full = attempt(() => foldFully(runId, events, fold));
  const errors: ConsistencyReport['errors'] = [];
  if (incremental instanceof Error) errors.push({ side: 'incremental', message: `${incremental.name}: ${incremental.message}` });
  if (full instanceof Error) errors.push({ side: 'full', message: `${full.name}: ${full.message}` });
  const report: ConsistencyReport = { runId, events: events.length, batches: batches.length, equal: same(incremental, full), differences: [], errors };
  if (report.equal) return report;
  if (!(incremental instanceof Error) && !(full instanceof Error)) report.differences = diffStates(incremental, full);
  const at = firstDivergence(runId, events, batches, fold, incrementalFold);
  if (at !== undefined) report.firstDivergent = { sequence: events[at].sequence, type: events[at].type, eventId: events[at].eventId };
  return report;
}

/**
 * Index of the first event whose prefix folds differently incrementally and fully, by
 * bisection (assumes a divergence, once in, stays); undefined when every prefix agrees.
 */
export function firstDivergence(
  runId: string,
  events: readonly EventEnvelope[],
  batches: BatchPlan,
  fold: FoldOptions,
  incremental: IncrementalFold = foldIncrementally,
): number | undefined {
  const differs = (length: number) => {
    const prefix = events.slice(0, length);
    return !same(attempt(() => incremental(runId, prefix, batches, fold)), attempt(() => foldFully(runId, prefix, fold)));
  };
  if (events.length === 0 || !differs(events.length)) return undefined;
  let low = 1;
  let high = events.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (differs(mid)) high = mid;
    else low = mid + 1;
  }
  return low - 1;
}
