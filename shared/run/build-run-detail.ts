/**
 * The run model as a pure function: `(events up to a sequence, facts, price table) → RunDetail`.
 * Fold, report, harness view, crash boundary, resume plan, steps and timeline, with heavy
 * bodies cut to previews and every price from `table`. Reading the log, the lock and the
 * outer-loop manifests is the caller's (src-main/library/run-detail.ts); the integrity check
 * (hashes, artifacts) is too. `upto` evaluates the run as it stood after that event: the result
 * equals the model of the log truncated there.
 */
import type { SubRunStatus, LockOwnerFact } from '../fold/crash/crash-types';
import type { EventEnvelope } from '../events/envelope';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { HarnessView } from '../fold/harness/harness-types';
import type { RunSummary } from '../library';
import type { PriceTable } from '../pricing/price-table-types';
import { pricingProvenance } from '../pricing/staleness';
import { runReport } from '../report/run-report';
import { buildTimeline } from '../timeline/build-timeline';
import { runParts } from './run-parts';
import { jsonPreview } from './json-preview';
import { liteHarnessView } from './lite-harness-view';
import type { LockInfo, RunDetail, RunRef, RunStateHead } from './run-detail-types';
import { stepDetails } from './step-details';

/** What the model needs besides the log: facts read from the data dir and the library. */
export type RunModelFacts = {
  ref: RunRef;
  /** The run's row in the library. */
  summary: RunSummary;
  /** Statuses of the other runs of the data dir (sub-runs of an orchestrated run). */
  subRunStatuses: Record<string, SubRunStatus>;
  lock: LockInfo;
  /** The lock as the crash boundary's fact (absent: unknown). */
  lockOwner?: LockOwnerFact;
  /** Set when an outer-loop manifest names this run as its pending cycle. */
  pendingCycle: { pendingCycleRunId?: string; outerLoopId?: string };
  /** Sequences of rows whose payload did not decode (they count for `lastSequence`). */
  undecodableSequences: readonly number[];
  /** When staleness of the price table is judged. */
  now: Date;
};

/** The model's inputs: the run's events in sequence order, its facts, the active table, and where to stop. */
export type RunModelInput = { events: readonly EventEnvelope[]; facts: RunModelFacts; table: PriceTable; upto?: number };

/** The events of `events` up to and including sequence `upto` (all of them without `upto`). */
export function eventsUpTo<T extends { sequence: number }>(events: readonly T[], upto: number | undefined): readonly T[] {
  if (upto === undefined) return events;
  // Sequence order: the first event past `upto` ends the prefix.
  const end = events.findIndex((e) => e.sequence > upto);
  return end === -1 ? events : events.slice(0, end);
}

/** The run model without its long lists (steps, harness items, timeline rows): what the head is cut from. */
export type RunDetailCore = Omit<RunDetail, 'steps' | 'harness' | 'timeline'>;

/** The long lists of a run's detail. */
export type RunDetailLists = Pick<RunDetail, 'steps' | 'harness' | 'timeline'>;

/**
 * A run folded up to its cut: the core and the fold and harness view the head is cut from
 * (shared/run/run-head.ts), and `lists()`, which builds the long lists from the same fold
 * (seconds on a big run: the worker sends the head first).
 */
export type FoldedRun = { core: RunDetailCore; state: MaterializedRunState; harness: HarnessView; lists(): RunDetailLists };

/**
 * Fold the run and derive everything but the long lists: the state, report, crash boundary,
 * counts and times. The run view shows its head from this before the lists are built
 * (`lists()`: step rows, the harness view cut to previews priced with `table`, the timeline).
 */
export function foldRun({ events: all, facts, table, upto }: RunModelInput): FoldedRun {
  const events = eventsUpTo(all, upto) as EventEnvelope[];
  const { ref } = facts;
  const { state, reportError, harness, boundary } = runParts(ref.runId, events, table, {
    lockOwner: facts.lockOwner,
    subRunStatuses: facts.subRunStatuses,
    ...facts.pendingCycle,
  });
  const recorded = events.map((e) => e.recordedAt);
  const undecodable = eventsUpTo(facts.undecodableSequences.map((sequence) => ({ sequence })), upto);
  const core: RunDetailCore = {
    ref,
    summary: facts.summary,
    state: stateHead(state),
    report: reportError === null ? runReport(state) : null,
    reportError,
    boundary,
    findings: [],
    pricing: pricingProvenance(table, facts.now),
    lock: facts.lock,
    eventTypeCounts: countTypes(events),
    firstRecordedAt: recorded[0] ?? null,
    lastRecordedAt: recorded.at(-1) ?? null,
    lastSequence: Math.max(events.at(-1)?.sequence ?? 0, undecodable.at(-1)?.sequence ?? 0),
  };
  const lists = (): RunDetailLists => ({
    steps: stepDetails(state, events),
    harness: liteHarnessView(harness, table),
    timeline: buildTimeline({ steps: Object.values(state.steps), harness, boundary, recordedAt: recorded }),
  });
  return { core, state, harness, lists };
}

/** A folded run's core and lists as one detail. */
export function joinRunDetail(core: RunDetailCore, lists: RunDetailLists): RunDetail {
  const { ref, summary, state, report, reportError, boundary, findings, ...rest } = core;
  return { ref, summary, state, steps: lists.steps, report, reportError, boundary, harness: lists.harness, findings, ...rest, timeline: lists.timeline };
}

/** The run view's detail (findings empty: the integrity check fills them in). */
export function buildRunDetail(input: RunModelInput): RunDetail {
  const folded = foldRun(input);
  return joinRunDetail(folded.core, folded.lists());
}

function stateHead(state: MaterializedRunState): RunStateHead {
  return {
    runId: state.runId,
    workflowVersionId: state.workflowVersionId,
    status: state.status,
    startedAt: state.startedAt,
    finishedAt: state.finishedAt,
    outputRef: state.outputRef,
    ...('output' in state ? { output: jsonPreview(state.output, 4000) } : {}),
    ...(state.error !== undefined ? { error: jsonPreview(state.error, 4000) } : {}),
    usage: state.usage,
    artifacts: state.artifacts,
    eventCount: state.eventCount,
  };
}

function countTypes(events: readonly EventEnvelope[]): Record<string, number> {
  const counts: Record<string, number> = Object.create(null);
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return { ...counts };
}
