/**
 * THE read -> fold path of a run, one event at a time: `add(event)` as rows are read (never
 * collected), `detail(facts)` for the run view's `RunDetail` (equal to `buildRunDetail` over
 * the same events, which is this run through an array). Fold (strict and tolerant), harness
 * view, crash-boundary facts, step positions, event-type counts and the timeline's event
 * times all grow from the one pass.
 *
 * Its state is plain data plus a few classes, so `checkpoint()` (a structured clone) can be
 * kept in memory or written to the cache, and `RunAccumulator.resume(checkpoint)` continues
 * from it: a checkpoint at sequence s plus events s+1..N equals a fold of events 1..N.
 *
 * `mode: 'fold'` keeps only the fold (what `little report`/`replay` need), so a caller can
 * leave payloads the fold never reads unparsed (`payloadNeedsOf`, shared/events/payload-needs.ts).
 */
import { crashBoundaryOf } from '../fold/crash/crash-boundary';
import type { CrashBoundary } from '../fold/crash/crash-types';
import type { HarnessView } from '../fold/harness/harness-types';
import type { BoundaryFacts } from './run-parts';
import { LogFactsCollector } from '../fold/crash/log-facts';
import type { EventEnvelope } from '../events/envelope';
import { ALL_PAYLOADS, type PayloadNeeds } from '../events/payload-needs';
import { FOLD_PAYLOAD_NEEDS } from '../fold/folded-event-types';
import { CowScope, forkHolder, frozenFields, plainFields } from '../fold/copy-on-write';
import { HarnessViewBuilder, type FrozenHarness } from '../fold/harness/harness-view';
import type { MaterializedRunState, MaterializedStepState } from '../fold/run-state-types';
import { stepList } from '../fold/step-list';
import type { PriceTable } from '../pricing/price-table-types';
import { pricingProvenance } from '../pricing/staleness';
import { runReportSortedOnRead } from '../report/run-report';
import { addEventTime, emptyTimeClusters, parseTime, type EventTimeClusters } from '../timeline/time-axis';
import type { RunModelFacts } from './run-model-facts';
import { addLeftOutToTolerantFold, addToTolerantFold, createTolerantFold, forkTolerantFold, freezeTolerantFold, reviveRunState, strictFoldError, tolerantFoldResult, type StrictFoldError, type TolerantFold } from './fold-tolerant';
import { jsonPreview } from './json-preview';
import { joinRunDetail, runDetailLists, type FoldedRun, type RunDetailCore } from './folded-run';
import type { RunDetail, RunStateHead } from './run-detail-types';
import { StepPositions } from './step-details';

/** What an accumulator keeps: the fold only, or everything the run view shows. */
export type AccumulatorMode = 'fold' | 'detail';

/**
 * What an accumulator of `mode` reads of payloads: the fold's types only in `fold` mode; every
 * payload in `detail` mode (the harness view, step positions and log facts read every type).
 * `add` takes events read with these needs.
 */
export function payloadNeedsOf(mode: AccumulatorMode): PayloadNeeds {
  return mode === 'fold' ? FOLD_PAYLOAD_NEEDS : ALL_PAYLOADS;
}

/** Version of the checkpoint shape; a checkpoint of another version is never resumed. */
export const CHECKPOINT_FORMAT = 1;

/** The parts a run view needs beyond the fold, grown one event at a time. */
type DetailParts = {
  harness: HarnessViewBuilder;
  logFacts: LogFactsCollector;
  positions: StepPositions;
  typeCounts: Map<string, number>;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
  times: EventTimeClusters;
};

/** An accumulator's whole state as plain data (a structured clone): resumable, cacheable. */
export type AccumulatorCheckpoint = {
  format: typeof CHECKPOINT_FORMAT;
  mode: AccumulatorMode;
  runId: string;
  /** Sequence of the last event added (0: none). */
  sequence: number;
  /** Events added. */
  count: number;
  fold: TolerantFold;
  parts: unknown;
};

/** Incremental run model of one run, priced with one table. */
export class RunAccumulator {
  private lastSequence = 0;

  private constructor(
    readonly mode: AccumulatorMode,
    private readonly table: PriceTable,
    private fold: TolerantFold,
    private parts: DetailParts | null,
  ) {}

  /** A fresh accumulator for `runId`, priced with `table`. */
  static create(runId: string, table: PriceTable, mode: AccumulatorMode = 'detail'): RunAccumulator {
    return new RunAccumulator(mode, table, createTolerantFold(runId), mode === 'detail' ? emptyParts() : null);
  }

  /**
   * Continue from a checkpoint (taken with the same price table: the caller keys them by it).
   * The checkpoint is cloned, so it can be resumed again later, unless `owned` says the caller
   * hands it over (a fresh deserialised copy).
   */
  static resume(checkpoint: AccumulatorCheckpoint, table: PriceTable, owned = false): RunAccumulator {
    // A snapshot may hold overlays (copy-on-write.ts), which a structured clone would cut to their own entries.
    const copy = owned ? checkpoint : structuredClone(plainCheckpoint(checkpoint));
    const fold = copy.fold;
    fold.main = reviveRunState(fold.main);
    if (fold.tolerant !== null) fold.tolerant = reviveRunState(fold.tolerant);
    const accumulator = new RunAccumulator(copy.mode, table, fold, copy.mode === 'detail' ? reviveParts(copy.parts) : null);
    accumulator.lastSequence = copy.sequence;
    return accumulator;
  }

  /**
   * Continue from a snapshot `freeze` took, in O(1): the snapshot stays as it is (the new
   * accumulator copies what it changes first: shared/fold/copy-on-write.ts), so it can be
   * thawed again for the next move.
   */
  static thaw(snapshot: AccumulatorCheckpoint, table: PriceTable): RunAccumulator {
    const scope = new CowScope();
    const parts = snapshot.mode === 'detail' ? forkParts(snapshot.parts as FrozenParts, scope) : null;
    const accumulator = new RunAccumulator(snapshot.mode, table, forkTolerantFold(snapshot.fold, scope), parts);
    accumulator.lastSequence = snapshot.sequence;
    return accumulator;
  }

  /**
   * The state so far as a snapshot that costs no copy (its containers and items are shared):
   * this accumulator goes on as a fork of it, copying what it changes first. Never change the
   * snapshot; `thaw` resumes from it any number of times, and serialised it is a checkpoint
   * (`resume` reads it back).
   */
  freeze(): AccumulatorCheckpoint {
    const fold = freezeTolerantFold(this.fold);
    const parts = this.parts === null ? null : freezeParts(this.parts);
    const scope = new CowScope();
    this.fold = forkTolerantFold(fold, scope);
    if (parts !== null) this.parts = forkParts(parts, scope);
    return { format: CHECKPOINT_FORMAT, mode: this.mode, runId: this.runId, sequence: this.lastSequence, count: fold.count, fold, parts };
  }

  /** The run folded. */
  get runId(): string {
    return this.fold.runId;
  }

  /** Events added so far. */
  get count(): number {
    return this.fold.count;
  }

  /** Sequence of the last event added (0: none). */
  get sequence(): number {
    return this.lastSequence;
  }

  /** Add the next decoded event of the run, in sequence order (read with `payloadNeedsOf(this.mode)` or all payloads). */
  add(event: EventEnvelope): void {
    addToTolerantFold(this.fold, event, this.table);
    this.lastSequence = event.sequence;
    const parts = this.parts;
    if (parts === null) return;
    parts.harness.add(event);
    parts.logFacts.add(event);
    parts.positions.add(event);
    parts.typeCounts.set(event.type, (parts.typeCounts.get(event.type) ?? 0) + 1);
    parts.firstRecordedAt ??= event.recordedAt;
    parts.lastRecordedAt = event.recordedAt;
    const time = parseTime(event.recordedAt);
    if (time !== null) addEventTime(parts.times, time);
  }

  /**
   * Add the events with sequences `first` .. `through` that a sparse read left out
   * (store-types.ts SparseMark): JSON object payloads of types the fold does not read, so
   * `add`ing them would only check and count them. Only in `fold` mode: the run view's parts read
   * every event.
   */
  addLeftOut(first: number, through: number): void {
    if (this.parts !== null) throw new Error('RunAccumulator.addLeftOut needs mode "fold"');
    if (through < first) return;
    addLeftOutToTolerantFold(this.fold, first, through - first + 1);
    this.lastSequence = through;
  }

  /** The whole state as a structured clone, to resume from later. */
  checkpoint(): AccumulatorCheckpoint {
    return structuredClone(this.checkpointView());
  }

  /**
   * The whole state as a checkpoint WITHOUT copying: a snapshot (`freeze`), plain data whatever
   * this accumulator's maps are (a fork's overlays are flattened into it). Saves a copy when the
   * caller serialises anyway (the checkpoint cache).
   */
  checkpointView(): AccumulatorCheckpoint {
    return plainCheckpoint(this.freeze());
  }

  /** Steps and harness items (sessions, model turns, tool calls, execute_step spans) held: what a snapshot's size grows with. */
  itemCount(): number {
    // The steps named in the log (positions) stand for the fold's steps: listing a 22,000-step table's keys per snapshot cost more.
    if (this.parts === null) return Object.keys(this.fold.main.steps).length;
    return this.parts.positions.first.size + this.parts.harness.itemCount();
  }

  /** Sequence of the first event with a `null` payload (little replay's step order fails on it), or null. */
  firstNullPayload(): number | null {
    return this.fold.firstNullPayload;
  }

  /** Why `little report` would refuse the log so far (RunNotFoundError for no events), or null. */
  strictError(): StrictFoldError | null {
    return strictFoldError(this.fold);
  }

  /**
   * The state `little report`/`replay` print when `strictError()` is null (else the tolerant
   * fold the run view shows). Shares objects with the accumulator: use it before adding more.
   */
  state(): MaterializedRunState {
    return tolerantFoldResult(this.fold).state;
  }

  /**
   * The run view's detail so far (findings empty: the integrity check fills them in). Only in
   * `detail` mode. `upto` only filters the facts' undecodable rows: the caller adds events up
   * to it. Shares objects with the accumulator: send or serialise it before adding more.
   */
  detail(facts: RunModelFacts, upto?: number): RunDetail {
    const folded = this.folded(facts, upto);
    return joinRunDetail(folded.core, runDetailLists(folded, this.table));
  }

  /** The harness view so far (the live observer's capture). Only in `detail` mode; a fresh snapshot, but its items are shared: clone before adding more. */
  harnessView(): HarnessView {
    if (this.parts === null) throw new Error('RunAccumulator.harnessView needs mode "detail"');
    return this.parts.harness.snapshot();
  }

  /**
   * The tolerant fold, the harness view and the crash boundary so far (the run list's verdict of
   * an open run). Only in `detail` mode. The harness view shares the builder's items (no copy of
   * a big run's turns per head): read it before adding more, never change it.
   */
  boundary(options: BoundaryFacts): { state: MaterializedRunState; steps: MaterializedStepState[]; reportError: string | null; harness: HarnessView; boundary: CrashBoundary } {
    const parts = this.parts;
    if (parts === null) throw new Error('RunAccumulator.boundary needs mode "detail"');
    const { state, reportError } = tolerantFoldResult(this.fold);
    const harness = parts.harness.view();
    // Listed once for the boundary, the report, the head and the timeline (step-list.ts).
    const steps = stepList(state);
    const boundary = crashBoundaryOf({ facts: parts.logFacts.view(), eventCount: this.fold.count, state, view: harness, steps }, options);
    return { state, steps, reportError, harness, boundary };
  }

  /** The crash boundary `detail` would hold, without the rest of the detail (`plan`: at 1M events the lists cost ~3 s). */
  crashBoundary(facts: RunModelFacts): CrashBoundary {
    return this.boundary(boundaryFactsOf(facts)).boundary;
  }

  /** The run folded so far, in the run view's two stages (the core now, the lists from it next); see `detail`. */
  folded(facts: RunModelFacts, upto?: number): FoldedRun {
    const parts = this.parts;
    if (parts === null) throw new Error('RunAccumulator.folded needs mode "detail"');
    const { state, steps, reportError, harness, boundary } = this.boundary(boundaryFactsOf(facts));
    let lastUndecodable = 0;
    for (const sequence of facts.undecodableSequences) {
      if (upto !== undefined && sequence > upto) break;
      lastUndecodable = sequence;
    }
    const core: RunDetailCore = {
      ref: facts.ref,
      summary: facts.summary,
      state: stateHead(state),
      // The head reads the totals only: the rows are sorted when the lists (or a whole detail) read them.
      report: reportError === null ? runReportSortedOnRead(state, steps) : null,
      reportError,
      boundary,
      findings: [],
      pricing: pricingProvenance(this.table, facts.now),
      lock: facts.lock,
      eventTypeCounts: Object.fromEntries(parts.typeCounts),
      firstRecordedAt: parts.firstRecordedAt,
      lastRecordedAt: parts.lastRecordedAt,
      lastSequence: Math.max(this.fold.count === 0 ? 0 : this.lastSequence, lastUndecodable),
    };
    return { core, state, steps, harness, positions: parts.positions, eventTimes: parts.times };
  }
}

function emptyParts(): DetailParts {
  return {
    harness: new HarnessViewBuilder('previews'),
    logFacts: new LogFactsCollector(),
    positions: new StepPositions(),
    typeCounts: new Map(),
    firstRecordedAt: null,
    lastRecordedAt: null,
    times: emptyTimeClusters(),
  };
}

/** The run view's parts frozen (RunAccumulator.freeze): the same fields as `DetailParts`, as plain data. */
type FrozenParts = Omit<DetailParts, 'harness' | 'logFacts' | 'positions'> & { harness: FrozenHarness; logFacts: object; positions: object };

/** A snapshot (`freeze`) as plain data, every overlay flattened: what serialising it must see (it shares the rest). */
export function plainCheckpoint(snapshot: AccumulatorCheckpoint): AccumulatorCheckpoint {
  if (snapshot.parts === null) return snapshot;
  const parts = snapshot.parts as FrozenParts;
  const plain: FrozenParts = { ...parts, harness: HarnessViewBuilder.plain(parts.harness), logFacts: plainFields(parts.logFacts), positions: plainFields(parts.positions) };
  return { ...snapshot, parts: plain };
}

function freezeParts(parts: DetailParts): FrozenParts {
  return { ...parts, harness: parts.harness.freeze(), logFacts: frozenFields(parts.logFacts), positions: frozenFields(parts.positions) };
}

// The small parts (type counts, time clusters) are copied at once; the others copy what they change.
function forkParts(frozen: FrozenParts, scope: CowScope): DetailParts {
  return {
    ...frozen,
    harness: HarnessViewBuilder.fork(frozen.harness, scope),
    logFacts: forkHolder(LogFactsCollector.prototype, frozen.logFacts as LogFactsCollector, scope),
    positions: forkHolder(StepPositions.prototype, frozen.positions as StepPositions, scope),
    typeCounts: new Map(frozen.typeCounts),
    times: { los: [...frozen.times.los], his: [...frozen.times.his], count: frozen.times.count },
  };
}

// A structured clone keeps fields, Maps and arrays but drops classes and null prototypes.
function reviveParts(clone: unknown): DetailParts {
  const parts = clone as DetailParts;
  parts.harness = HarnessViewBuilder.revive(parts.harness);
  Object.setPrototypeOf(parts.logFacts, LogFactsCollector.prototype);
  Object.setPrototypeOf(parts.positions, StepPositions.prototype);
  return parts;
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

/** What the crash boundary reads of the run's facts. */
function boundaryFactsOf(facts: RunModelFacts): BoundaryFacts {
  return { lockOwner: facts.lockOwner, subRunStatuses: facts.subRunStatuses, ...facts.pendingCycle };
}
