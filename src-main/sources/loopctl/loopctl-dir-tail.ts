/**
 * Tails one loopctl data dir (`events.jsonl` + `trajectory.jsonl`) for the live observer: on
 * each tick both files are read on from their byte offsets (the reader's tails; an unfinished
 * last line waits for its newline), everything read is folded again (the fold is cheap), and
 * each run's records (see shared/loopctl/run-records.ts) are compared with what was already
 * delivered, giving the same notices as SQLite runs. A truncated or replaced file resets the
 * runs it fed; a record rewritten under us resets its run. Never writes.
 */
import { watch, type FSWatcher } from 'node:fs';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { EventEnvelope } from '../../../shared/events/envelope';
import type { LivePhase, LiveRunSummary, RunResetReason } from '../../../shared/live/live-types';
import { foldLoopctl, type LoopctlFold, type LoopctlLedgers } from '../../../shared/loopctl/fold-ledgers';
import type { LedgerFile } from '../../../shared/loopctl/ledger-parser';
import { loopctlRunSummary } from '../../../shared/run/loopctl-run-view';
import type { LoopctlRun } from '../../../shared/loopctl/loopctl-types';
import { indexRunRecords, recordEventId, recordKey, type RunRecordRef } from '../../../shared/loopctl/run-records';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { openLoopctlDir, type LoopctlDirReader } from './loopctl-reader';
import type { TailOptions, TailReset } from './loopctl-tail';
import { deepFreeze, type LiveNotification } from '../../../shared/live/live-notifications';
import type { LiveRunInfo, LiveRunSnapshot, SourceTail } from '../run-source';

/** Knobs of one loopctl tail. */
export type LoopctlDirTailOptions = TailOptions & {
  /** Deliver the records that already exist (each run announced as `new`). */
  replayExisting?: boolean;
  /** Wake the observer on fs.watch events of the folder (the poll runs either way). */
  watch?: boolean;
  wake?: () => void;
  priceTable: PriceTable;
  /** How long a trajectory record waits for its run's `run.ended` line before it is delivered anyway (default 2000 ms). */
  holdTrajectoryMs?: number;
};

/** What the tail remembers of one run: a position and an anchor, never the records. */
export type LoopctlLiveRun = {
  runId: string;
  delivered: number;
  anchor: string | null;
  files: Set<LedgerFile>;
  phase: LivePhase;
  eventLines: number;
  lastType: string | null;
  lastAt: string | null;
  heldSince: number | null;
  summary: LiveRunSummary;
};

/** The live tail of one loopctl data dir. */
export class LoopctlDirTail implements SourceTail {
  readonly runs = new Map<string, LoopctlLiveRun>();
  private readonly reader: LoopctlDirReader;
  private readonly table: PriceTable;
  private watcher: FSWatcher | null = null;
  private initialized = false;
  private holding = false;
  private problem: string | null = null;
  private last: LoopctlFold = { runs: [], diagnostics: [] };
  /** The ledgers and fold of the last read, reused while records wait for a later tick's budget. */
  private folded: { ledgers: LoopctlLedgers; fold: LoopctlFold; index: Map<string, RunRecordRef[]> } | null = null;
  /** Records are left over from a tick whose row budget ran out. */
  private pending = false;

  constructor(
    readonly path: string,
    private readonly options: LoopctlDirTailOptions,
  ) {
    this.reader = openLoopctlDir(path, options);
    this.table = options.priceTable;
  }

  /**
   * Read what was appended and notify at most `budget` records (`rows`); `more` when records
   * are left for the next tick. Files are read and folded again only when they changed.
   */
  tick(now: number, budget: number, out: LiveNotification[]): { rows: number; more: boolean } {
    this.ensureWatch();
    const refresh = this.reader.refresh();
    this.reportProblems(refresh.diagnostics, out);
    const changed = refresh.newLines > 0 || Object.keys(refresh.resets).length > 0;
    if (this.initialized && !changed && !this.holding && !this.pending) return { rows: 0, more: false };
    const silent = !this.initialized && this.options.replayExisting !== true;
    this.initialized = true;
    const rows = this.update(now, refresh.resets, silent, changed || this.folded === null, Math.max(budget, 1), out);
    return { rows, more: this.pending };
  }

  liveRuns(): LiveRunInfo[] {
    return [...this.runs.values()].map((run) => runInfo(this.path, run));
  }

  /** loopctl runs have no event fold to copy: the snapshot is the run's summary and position. */
  capture(runId: string): LiveRunSnapshot | undefined {
    const run = this.runs.get(runId);
    return run === undefined ? undefined : Object.freeze({ ...runInfo(this.path, run), folded: null });
  }

  get runCount(): number {
    return this.runs.size;
  }

  /** Its first tick read what existed (the baseline); reads of these files do not fail as a whole. */
  get ready(): boolean {
    return this.initialized;
  }

  /** The fold of the complete lines read so far (what the notices were computed from). */
  fold(): LoopctlFold {
    return this.last;
  }

  /** Close the files and the watcher. */
  stop(): void {
    this.reader.close();
    this.watcher?.close();
    this.watcher = null;
  }

  private update(now: number, resets: Partial<Record<LedgerFile, TailReset>>, silent: boolean, reread: boolean, budget: number, out: LiveNotification[]): number {
    if (reread || this.folded === null) {
      const ledgers = this.reader.ledgers(false);
      const fold = foldLoopctl(ledgers, this.table, this.path);
      this.folded = { ledgers, fold, index: indexRunRecords(ledgers, fold.runs) };
    }
    const { ledgers, fold, index } = this.folded;
    this.last = fold;
    const bodies = lazyBodies(ledgers);
    const seen = new Set<string>();
    let rows = 0;
    this.holding = false;
    this.pending = false;
    for (const run of fold.runs) {
      seen.add(run.id);
      const refs = this.deliverable(run, index.get(run.id) ?? [], now);
      let state = this.runs.get(run.id);
      const isNew = state === undefined;
      state ??= this.track(run);
      if (silent) {
        this.advance(state, run, refs, refs, this.phaseOf(run, refs));
        continue;
      }
      const reason = resetReason(state, refs, resets);
      if (reason !== null) {
        const previousSequence = state.delivered;
        Object.assign(state, { delivered: 0, anchor: null, files: new Set(), eventLines: 0, lastType: null, lastAt: null, phase: 'active' });
        state.summary = liveSummary(this.path, run, state);
        out.push(deepFreeze({ kind: 'run.reset' as const, dataDir: this.path, runId: run.id, reason, previousSequence, summary: state.summary }));
      }
      const before = state.phase;
      // The row budget: what does not fit waits for the next tick (the run stays active until then).
      const fresh = refs.slice(state.delivered, state.delivered + Math.max(budget - rows, 0));
      const upTo = refs.slice(0, state.delivered + fresh.length);
      const partial = upTo.length < refs.length;
      if (partial) this.pending = true;
      const events = fresh.map((ref, i) => envelope(run.id, ref, state.delivered + i + 1, bodies(ref)));
      this.advance(state, run, upTo, fresh, partial ? 'active' : this.phaseOf(run, refs));
      rows += events.length;
      const base = { dataDir: this.path, runId: run.id, summary: state.summary };
      if (isNew && events.length > 0) out.push(deepFreeze({ kind: 'run.started' as const, ...base, reason: 'new' as const }));
      else if (isNew) this.runs.delete(run.id);
      else if (before !== 'active' && state.phase === 'active' && events.length > 0) out.push(deepFreeze({ kind: 'run.started' as const, ...base, reason: 'resumed' as const }));
      if (events.length > 0) out.push(deepFreeze({ kind: 'run.delta' as const, ...base, events }));
      if (state.phase !== 'active' && before !== state.phase && this.runs.has(run.id)) {
        const ended = state.phase === 'crashed' ? ('crashed' as const) : state.summary.status === 'failed' ? ('failed' as const) : ('completed' as const);
        out.push(deepFreeze({ kind: 'run.ended' as const, ...base, reason: ended }));
      }
    }
    for (const state of [...this.runs.values()]) {
      if (seen.has(state.runId)) continue;
      this.runs.delete(state.runId);
      out.push(deepFreeze({ kind: 'run.ended' as const, dataDir: this.path, runId: state.runId, reason: 'removed' as const, summary: state.summary }));
    }
    return rows;
  }

  /** A run's records minus a trajectory record that came before its run's `run.ended` line (for a while). */
  private deliverable(run: LoopctlRun, refs: RunRecordRef[], now: number): RunRecordRef[] {
    const state = this.runs.get(run.id);
    const eventsOpen = run.eventsRunId !== null && !run.abandoned && (run.kindCounts['run.ended'] ?? 0) === 0;
    if (refs.at(-1)?.file !== 'trajectory.jsonl' || !eventsOpen) {
      if (state) state.heldSince = null;
      return refs;
    }
    const since = state?.heldSince ?? now;
    if (state) state.heldSince = since;
    if (now - since >= (this.options.holdTrajectoryMs ?? 2000)) return refs;
    this.holding = true;
    return refs.slice(0, -1);
  }

  private phaseOf(run: LoopctlRun, refs: RunRecordRef[]): LivePhase {
    if (run.abandoned) return 'crashed';
    // Ended once both the run.ended line and any trajectory record are delivered.
    const full = refs.length === (run.eventCount + (run.trajectoryRunId !== null ? 1 : 0));
    return run.ended && full ? 'ended' : 'active';
  }

  private track(run: LoopctlRun): LoopctlLiveRun {
    const fields = { runId: run.id, delivered: 0, anchor: null, files: new Set<LedgerFile>(), phase: 'active' as const, eventLines: 0, lastType: null, lastAt: null, heldSince: null };
    const state: LoopctlLiveRun = { ...fields, summary: liveSummary(this.path, run, fields) };
    this.runs.set(run.id, state);
    return state;
  }

  private advance(state: LoopctlLiveRun, run: LoopctlRun, refs: RunRecordRef[], fresh: RunRecordRef[], phase: LivePhase): void {
    for (const ref of fresh) {
      state.files.add(ref.file);
      if (ref.file === 'events.jsonl') state.eventLines += 1;
    }
    state.delivered = refs.length;
    const last = refs.at(-1);
    state.anchor = last ? recordKey(last) : null;
    state.lastType = last?.type ?? null;
    state.lastAt = last?.recordedAt ?? null;
    state.phase = phase;
    state.summary = liveSummary(this.path, run, state);
  }

  private ensureWatch(): void {
    if (this.options.watch !== true || this.watcher !== null) return;
    try {
      const watcher = watch(this.path, { persistent: false }, () => this.options.wake?.());
      watcher.on('error', () => {
        watcher.close();
        if (this.watcher === watcher) this.watcher = null;
      });
      this.watcher = watcher;
    } catch {
      this.watcher = null;
    }
  }

  // Reset notices always; a file-system problem once until it clears.
  private reportProblems(diagnostics: Diagnostic[], out: LiveNotification[]): void {
    let problem: string | null = null;
    for (const d of diagnostics) {
      if (d.detail?.line !== undefined) continue;
      if (d.code !== 'sequence-gap') {
        problem = `${d.code}:${d.message}`;
        if (problem === this.problem) continue;
      }
      out.push(deepFreeze({ kind: 'diagnostic' as const, dataDir: this.path, diagnostic: d }));
    }
    this.problem = problem;
  }
}

function runInfo(dataDir: string, run: LoopctlLiveRun): LiveRunInfo {
  return Object.freeze({ dataDir, runId: run.runId, phase: run.phase, lastSequence: run.delivered, lastEventAt: run.lastAt, foldError: null, summary: run.summary });
}

function resetReason(state: LoopctlLiveRun, refs: RunRecordRef[], resets: Partial<Record<LedgerFile, TailReset>>): RunResetReason | null {
  for (const file of state.files) {
    const reset = resets[file];
    if (reset !== undefined) return reset === 'truncated' ? 'truncated' : 'replaced';
  }
  if (state.delivered === 0) return null;
  const at = refs[state.delivered - 1];
  return at === undefined || recordKey(at) !== state.anchor ? 'rewritten' : null;
}

function liveSummary(dataDir: string, run: LoopctlRun, state: Omit<LoopctlLiveRun, 'summary'>): LiveRunSummary {
  const row = loopctlRunSummary(run, dataDir);
  return Object.freeze({
    runId: run.id,
    dataDir,
    status: state.phase === 'active' ? 'running' : row.status,
    phase: state.phase,
    eventCount: state.eventLines,
    lastSequence: state.delivered,
    lastEventType: state.lastType,
    lastEventAt: state.lastAt,
    startedAt: run.startedAt,
    finishedAt: state.phase === 'active' ? null : run.finishedAt,
    inputTokens: run.usage.inputTokens,
    outputTokens: run.usage.outputTokens,
    costUsd: run.usage.costUsd,
    runningSteps: [],
    foldError: null,
  });
}

function envelope(runId: string, ref: RunRecordRef, sequence: number, payload: unknown): EventEnvelope {
  return { eventId: recordEventId(ref), runId, sequence, type: ref.type, recordedAt: ref.recordedAt, payload };
}

// The decoded line as the payload of a live envelope (the raw JSON comes from `run.event`).
function lazyBodies(ledgers: LoopctlLedgers): (ref: RunRecordRef) => unknown {
  let byId: Map<string, unknown> | null = null;
  return (ref) => {
    byId ??= new Map<string, unknown>([
      ...ledgers.events.map((e) => [recordEventId({ file: 'events.jsonl', line: e.line }), e] as const),
      ...ledgers.records.map((r) => [recordEventId({ file: 'trajectory.jsonl', line: r.line }), r] as const),
    ]);
    const body = byId.get(recordEventId(ref));
    // A copy: the envelope is frozen, the reader's decoded lines are not ours to freeze.
    return body === undefined ? null : structuredClone(body);
  };
}
