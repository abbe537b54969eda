/**
 * Tails one data dir: notices commits (data_version + rowid positions), pulls new rows per
 * run, re-checks every run now and then, and recovers from file replacement, deletion,
 * checkpoints and rewrites. Produces notices; the observer schedules it and fans them out.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN, type EventEnvelope } from '../../../shared/events/envelope';
import { diagnostic } from '../../../shared/diagnostics';
import type { RunResetReason } from '../../../shared/live/live-types';
import { openDataDir } from './data-dir-reader';
import type { DataDirReader } from './store-types';
import { ChangeProbe, fileIdentity, sameIdentity, type FileIdentity, type RunHead } from './change-probe';
import type { LiveNotification } from '../../../shared/live/live-notifications';
import { checkRunLocks } from './lock-watch';
import { RunTail } from './run-tail';
import type { CopyOffThread } from './shared-event-db';
import type { LiveRunInfo, LiveRunSnapshot, SourceTail, SourceTailOptions } from '../run-source';

/** Knobs of one data-dir tail: every source's tail takes the same (the observer passes its own). */
export type DataDirTailOptions = SourceTailOptions;

const RUN_TERMINALS = new Set(['RunCompleted', 'RunFailed']);

/** The tail of one data dir. */
export class DataDirTail implements SourceTail {
  readonly runs = new Map<string, RunTail>();
  private readonly dirty = new Set<string>();
  /** Runs not yet announced with `run.started` (new runs, or all of them when replaying). */
  private readonly unannounced = new Set<string>();
  /** Reason to give the next reset of a run (a replaced file), else the pull's own. */
  private readonly resetReasons = new Map<string, RunResetReason>();
  private reader: DataDirReader | null = null;
  private readonly probe: ChangeProbe;
  private watcher: FSWatcher | null = null;
  private watchedDir: string | null = null;
  private identity: FileIdentity = null;
  private dataVersion = -1;
  private lastRowid = 0;
  private lastFullCheck = 0;
  private lastLockCheck = 0;
  private changedSinceFullCheck = false;
  private initialized = false;
  private lost = false;
  private problem: string | null = null;
  private reportedThisTick = false;
  /** A replaced file or a restored folder: every run is re-checked at the next full check. */
  private pendingResync: RunResetReason | null = null;
  /** run_id values that are not run ids: never tailed (reading them would fail forever), told once each. */
  private readonly refused = new Set<string>();

  constructor(
    readonly path: string,
    private readonly options: DataDirTailOptions,
  ) {
    this.probe = new ChangeProbe(path, options.driver, this.copyOffThread());
  }

  /** One pass: check for commits, pull up to `budget` rows; `more` when rows are left. */
  tick(now: number, budget: number, out: LiveNotification[]): { rows: number; more: boolean } {
    const identity = fileIdentity(this.path);
    if (identity === null) {
      if (this.initialized && !this.lost) {
        this.lost = true;
        this.closeFiles();
        out.push(Object.freeze({ kind: 'dataDir.lost' as const, dataDir: this.path }));
      }
      return { rows: 0, more: false };
    }
    this.reportedThisTick = false;
    // Not while a first read is under way (a copy made off this thread): closing would drop it.
    if (this.lost || !sameIdentity(identity, this.identity)) {
      this.closeFiles();
      // The reader opens when rows are first pulled (pullDirty), after the probe took the
      // baseline: opening it first (a private copy of a big live log takes seconds, and can fail
      // while the writer checkpoints) would put the baseline that much after the tail started.
      if (this.initialized) {
        this.pendingResync = 'replaced';
        if (this.lost) out.push(Object.freeze({ kind: 'dataDir.restored' as const, dataDir: this.path }));
      }
      this.identity = identity;
      this.lost = false;
      this.dataVersion = -1;
      this.lastRowid = 0;
    }
    this.ensureWatch(identity);
    const version = this.probe.version();
    if (!version.ok) return this.report(version.error, out);
    // A first copy of a live log is being made off this thread: no baseline yet (`ready` false); woken when it lands.
    if (version.value === 'pending') return { rows: 0, more: false };
    let resync: RunResetReason | 'check' | null = this.pendingResync;
    const changed = version.value.dataVersion !== this.dataVersion || version.value.reopened || resync !== null || !this.initialized;
    if (!this.initialized) {
      if (!this.initialScan(now, out)) return { rows: 0, more: false };
    } else if (changed) {
      this.changedSinceFullCheck = true;
      if (resync === null) {
        const after = this.probe.rowsAfter(this.lastRowid);
        if (!after.ok) return this.report(after.error, out);
        // Commits but no new rowid: rows were deleted (and maybe reinserted): check them all.
        if (after.value.heads.length === 0) resync = 'check';
        this.lastRowid = after.value.maxRowid;
        for (const head of after.value.heads) this.touch(head, out);
      }
    }
    this.dataVersion = version.value.dataVersion;
    if (resync !== null || (this.changedSinceFullCheck && now - this.lastFullCheck >= this.options.fullCheckMs)) {
      if (!this.fullCheck(now, resync, out)) return { rows: 0, more: false };
      this.pendingResync = null;
    }
    const pulled = this.pullDirty(budget, out);
    if (!this.reportedThisTick) this.problem = null;
    if (now - this.lastLockCheck >= this.options.lockCheckMs) {
      this.lastLockCheck = now;
      checkRunLocks(this.path, this.runs.values(), out, this.options.readLock);
    }
    return pulled;
  }

  liveRuns(): LiveRunInfo[] {
    return [...this.runs.values()].map((run) => run.info());
  }

  capture(runId: string): LiveRunSnapshot | undefined {
    return this.runs.get(runId)?.capture();
  }

  get runCount(): number {
    return this.runs.size;
  }

  /** The initial scan succeeded: its heads are the baseline. */
  get ready(): boolean {
    return this.initialized;
  }

  /** Close the reader, the probe and the watcher. */
  stop(): void {
    this.closeFiles();
    this.reader = null;
  }

  private initialScan(now: number, out: LiveNotification[]): boolean {
    const heads = this.probe.heads();
    if (!heads.ok) {
      this.report(heads.error, out);
      return false;
    }
    this.lastRowid = heads.value.maxRowid;
    this.lastFullCheck = now;
    for (const head of heads.value.heads) {
      if (!this.accepts(head.runId, out) || this.options.runFilter?.(head.runId) === false) continue;
      const seen = this.options.baseline === undefined ? head.maxSequence : this.options.baseline.get(head.runId);
      // Replayed, or not in what the caller has seen: new, every row delivered.
      if (this.options.replayExisting || seen === undefined) {
        this.touch(head, out);
        continue;
      }
      const baseline = Math.min(seen, head.maxSequence);
      const terminal = RUN_TERMINALS.has(this.probe.typeAt(head.runId, baseline) ?? '');
      const tail = this.newTail(head.runId, baseline, terminal ? 'ended' : 'active');
      // Open runs are folded now (silently, up to the baseline), and runs with rows past it; finished ones only when touched.
      if (!terminal || baseline < head.maxSequence) this.dirty.add(tail.runId);
    }
    this.initialized = true;
    // Crashed runs found at start are marked quietly: they ended before we looked.
    checkRunLocks(this.path, this.runs.values(), [], this.options.readLock);
    this.lastLockCheck = now;
    return true;
  }

  private fullCheck(now: number, reason: RunResetReason | 'check' | null, out: LiveNotification[]): boolean {
    const heads = this.probe.heads();
    if (!heads.ok) {
      this.report(heads.error, out);
      return false;
    }
    this.lastFullCheck = now;
    this.changedSinceFullCheck = false;
    this.lastRowid = heads.value.maxRowid;
    const present = new Set<string>();
    for (const head of heads.value.heads) {
      present.add(head.runId);
      const tail = this.runs.get(head.runId);
      if (tail === undefined) this.touch(head, out);
      else if (head.maxSequence !== tail.position || (reason !== null && tail.lastSequence > 0)) {
        if (reason === 'replaced') this.resetReasons.set(head.runId, 'replaced');
        this.dirty.add(head.runId);
      }
    }
    for (const tail of [...this.runs.values()]) {
      if (present.has(tail.runId)) continue;
      this.runs.delete(tail.runId);
      this.dirty.delete(tail.runId);
      tail.reset();
      out.push(Object.freeze({ kind: 'run.ended' as const, dataDir: this.path, runId: tail.runId, reason: 'removed' as const, summary: tail.summary() }));
    }
    return true;
  }

  /**
   * False for a run_id that is not a valid run id: one bad run costs only itself. Its rows are
   * skipped with one diagnostic, and every other run of the data dir goes on being tailed.
   */
  private accepts(runId: string, out: LiveNotification[]): boolean {
    if (RUN_ID_PATTERN.test(runId)) return true;
    if (!this.refused.has(runId)) {
      this.refused.add(runId);
      out.push(Object.freeze({
        kind: 'diagnostic' as const,
        dataDir: this.path,
        diagnostic: diagnostic('invalid-run-id', `rows with run_id ${JSON.stringify(runId.slice(0, 200))} are not a valid run id; they are skipped, the other runs are followed`, { path: this.path }),
      }));
    }
    return false;
  }

  private touch(head: RunHead, out: LiveNotification[]): void {
    if (!this.accepts(head.runId, out) || this.options.runFilter?.(head.runId) === false) return;
    if (!this.runs.has(head.runId)) {
      this.newTail(head.runId, 0, 'active');
      this.unannounced.add(head.runId);
    }
    this.dirty.add(head.runId);
  }

  private newTail(runId: string, baseline: number, phase: 'active' | 'ended'): RunTail {
    const tail = new RunTail(this.path, runId, { baselineSequence: baseline, phase }, this.options.priceTable);
    this.runs.set(runId, tail);
    return tail;
  }

  private pullDirty(budget: number, out: LiveNotification[]): { rows: number; more: boolean } {
    if (this.dirty.size === 0) return { rows: 0, more: false };
    if (this.reader === null) {
      const wait = this.copyOffThread();
      const opened = openDataDir(this.path, { ...(this.options.driver === undefined ? {} : { driver: this.options.driver }), ...(wait === undefined ? {} : { wait }) });
      // Not readable yet (a copy that kept changing): the dirty runs wait for the next tick.
      if (!opened.ok) return this.report(opened.error, out);
      this.reader = opened.value;
    }
    const reader = this.reader;
    let rows = 0;
    for (const runId of [...this.dirty]) {
      const tail = this.runs.get(runId);
      if (tail === undefined) {
        this.dirty.delete(runId);
        continue;
      }
      if (rows >= budget) return { rows, more: true };
      for (let attempts = 0; attempts < 3; attempts += 1) {
        const before = tail.lastSequence;
        const result = tail.pull(reader, budget - rows);
        rows += Math.max(0, tail.lastSequence - before);
        this.emitEvents(tail, result.events, out);
        if (result.kind === 'retry') {
          this.report(result.diagnostic, out);
          return { rows, more: false };
        }
        if (result.kind === 'reset') {
          const previousSequence = tail.lastSequence;
          tail.reset();
          tail.phase = 'active';
          const reason = this.resetReasons.get(runId) ?? result.why;
          out.push(Object.freeze({ kind: 'run.reset' as const, dataDir: this.path, runId, reason, previousSequence, summary: tail.summary() }));
          continue;
        }
        this.resetReasons.delete(runId);
        if (result.more) return { rows, more: true };
        this.dirty.delete(runId);
        break;
      }
    }
    return { rows, more: false };
  }

  private emitEvents(tail: RunTail, events: EventEnvelope[], out: LiveNotification[]): void {
    if (events.length === 0) return;
    const before = tail.phase;
    const after = tail.terminal ? 'ended' : 'active';
    tail.phase = after;
    const summary = tail.summary();
    const base = { dataDir: this.path, runId: tail.runId, summary };
    if (this.unannounced.delete(tail.runId)) out.push(Object.freeze({ kind: 'run.started' as const, ...base, reason: 'new' as const }));
    else if (before === 'crashed' || (before === 'ended' && after === 'active')) out.push(Object.freeze({ kind: 'run.started' as const, ...base, reason: 'resumed' as const }));
    out.push(Object.freeze({ kind: 'run.delta' as const, ...base, events: Object.freeze(events) }));
    if (after === 'ended' && before !== 'ended') {
      out.push(Object.freeze({ kind: 'run.ended' as const, ...base, reason: tail.state.status === 'failed' ? ('failed' as const) : ('completed' as const) }));
    }
  }

  private copyOffThread(): CopyOffThread | undefined {
    const copier = this.options.mirrorCopier;
    return copier === undefined ? undefined : { copier, onReady: this.options.wake };
  }

  private ensureWatch(identity: NonNullable<FileIdentity>): void {
    if (!this.options.watch || (this.watcher !== null && this.watchedDir === identity.eventsDir)) return;
    this.watcher?.close();
    this.watcher = null;
    try {
      const watcher = watch(join(this.path, 'events'), { persistent: false }, () => this.options.wake());
      // A deleted folder or an inotify limit: drop it; the poll re-creates it when it can.
      watcher.on('error', () => {
        watcher.close();
        if (this.watcher === watcher) this.watcher = null;
      });
      this.watcher = watcher;
      this.watchedDir = identity.eventsDir;
    } catch {
      this.watcher = null;
    }
  }

  private closeFiles(): void {
    this.reader?.close();
    this.reader = null;
    this.probe.close();
    this.watcher?.close();
    this.watcher = null;
    this.watchedDir = null;
  }

  private report(error: Diagnostic, out: LiveNotification[]): { rows: number; more: boolean } {
    // SQLITE_BUSY and friends: retried next tick; told once per distinct problem.
    this.reportedThisTick = true;
    const key = `${error.code}:${error.message}`;
    if (this.problem !== key) {
      this.problem = key;
      out.push(Object.freeze({ kind: 'diagnostic' as const, dataDir: this.path, diagnostic: error }));
    }
    if (!this.initialized) this.closeFiles();
    return { rows: 0, more: false };
  }
}
