/**
 * One tailed run: its position in the log, the run accumulator its rows are folded into as
 * they are read (the same code a fresh replay, the run view and the CLI fold with, so a live
 * capture and a replay differ only if the tail read the log wrong), and the pull that reads
 * the rows committed since (by sequence, from the store).
 */
import type { EventEnvelope } from '../../../shared/events/envelope';
import type { HarnessView } from '../../../shared/fold/harness/harness-types';
import type { MaterializedRunState } from '../../../shared/fold/run-state-types';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { LivePhase, LiveRunSummary } from '../../../shared/live/live-types';
import type { PriceTable } from '../../../shared/pricing/price-table-types';
import { RunAccumulator } from '../../../shared/run/run-accumulator';
import type { LiveRunInfo, LiveRunSnapshot } from '../run-source';
import type { DataDirReader } from './store-types';
import { deepFreeze, runSummary } from '../../../shared/live/live-notifications';

/** What one pull found. */
export type PullResult =
  /** New events (possibly none) in order; `more` when the row budget ran out first. */
  | { kind: 'events'; events: EventEnvelope[]; more: boolean }
  /** The row at our position changed or vanished: reset and fold again from sequence 1. */
  | { kind: 'reset'; why: 'rewritten' | 'truncated'; events: EventEnvelope[] }
  /** The read failed (SQLITE_BUSY, I/O): keep what was read, try again next tick. */
  | { kind: 'retry'; events: EventEnvelope[]; diagnostic: Diagnostic };

/** Run-level terminal event types (the run's own end, as the fold sees it). */
const TERMINAL_STATUSES = new Set(['completed', 'failed']);

/** The live state of one run, advanced by `pull`. */
export class RunTail {
  /** Every decodable row read so far, folded in order ('detail': fold plus harness view, kept as previews). */
  private accumulator: RunAccumulator;
  /** Highest sequence read (and folded, unless undecodable). */
  lastSequence = 0;
  lastEventId: string | null = null;
  lastRecordedAt: string | null = null;
  lastType: string | null = null;
  firstRecordedAt: string | null = null;
  /** Events up to here existed when tailing began: folded silently, not delivered. */
  baselineSequence: number;
  /**
   * Why `little report` would refuse the log so far (the first undecodable row, or the strict
   * fold's error and where it arose); the state shown is then the run view's tolerant fold.
   */
  foldError: string | null = null;
  phase: LivePhase;
  /** The run lock was seen held by a live process. */
  lockSeenAlive = false;

  constructor(
    readonly dataDir: string,
    readonly runId: string,
    options: { baselineSequence: number; phase: LivePhase },
    private readonly priceTable: PriceTable,
  ) {
    this.accumulator = RunAccumulator.create(runId, priceTable, 'detail');
    this.baselineSequence = options.baselineSequence;
    this.phase = options.phase;
  }

  /** The sequence this tail stands at: what it has read, or the untouched baseline. */
  get position(): number {
    return Math.max(this.lastSequence, this.baselineSequence);
  }

  /** The run's state so far (the tolerant fold when `foldError` is set). */
  get state(): MaterializedRunState {
    return this.accumulator.state();
  }

  /** True when the run's folded status is terminal. */
  get terminal(): boolean {
    return TERMINAL_STATUSES.has(this.state.status);
  }

  /** Drop everything folded so far; the next pull reads from sequence 1 and delivers it all. */
  reset(): void {
    this.accumulator = RunAccumulator.create(this.runId, this.priceTable, 'detail');
    this.lastSequence = 0;
    this.lastEventId = null;
    this.lastRecordedAt = null;
    this.lastType = null;
    this.firstRecordedAt = null;
    this.baselineSequence = 0;
    this.foldError = null;
  }

  /**
   * Read and fold up to `limit` rows after our position. The row at our position is read
   * first as an anchor: if its eventId or recordedAt changed, or it is gone, the log was
   * rewritten under us and the caller must reset. Every statement is run to its end or
   * returned before this returns, so no read transaction outlives the call.
   */
  pull(reader: DataDirReader, limit: number): PullResult {
    const events: EventEnvelope[] = [];
    const anchor = this.lastSequence;
    let anchorSeen = anchor === 0;
    let read = 0;
    for (const item of reader.readEvents(this.runId, Math.max(0, anchor - 1))) {
      if (!item.ok && item.sequence === null) return { kind: 'retry', events, diagnostic: item.diagnostic };
      const sequence = item.ok ? item.event.sequence : item.sequence;
      if (!anchorSeen) {
        const eventId = item.ok ? item.event.eventId : item.raw.eventId;
        const recordedAt = item.ok ? item.event.recordedAt : item.raw.recordedAt;
        if (sequence !== anchor || eventId !== this.lastEventId || recordedAt !== this.lastRecordedAt) {
          return { kind: 'reset', why: 'rewritten', events };
        }
        anchorSeen = true;
        continue;
      }
      if (read >= limit) return { kind: 'events', events, more: true };
      read += 1;
      if (!item.ok) {
        // Undecodable row: it cannot be folded or delivered as an envelope; note it, move on.
        this.foldError ??= `row ${sequence} cannot be decoded (${item.diagnostic.code}); it is left out of the fold`;
        this.advance(sequence, item.raw.eventId, item.raw.recordedAt, item.raw.type);
        continue;
      }
      const event = item.event;
      this.fold(event);
      this.advance(sequence, event.eventId, event.recordedAt, event.type);
      if (sequence > this.baselineSequence) events.push(deepFreeze(event));
    }
    if (!anchorSeen) return { kind: 'reset', why: 'truncated', events };
    return { kind: 'events', events, more: false };
  }

  /** The run's summary now (frozen). */
  summary(): LiveRunSummary {
    return runSummary(this.state, {
      dataDir: this.dataDir,
      runId: this.runId,
      phase: this.phase,
      lastSequence: this.lastSequence,
      lastEventType: this.lastType,
      lastEventAt: this.lastRecordedAt,
      firstEventAt: this.firstRecordedAt,
      foldError: this.foldError,
    });
  }

  /** What callers may see of this run now (frozen; no fold state). */
  info(): LiveRunInfo {
    return Object.freeze({
      dataDir: this.dataDir,
      runId: this.runId,
      phase: this.phase,
      lastSequence: this.lastSequence,
      lastEventAt: this.lastRecordedAt,
      foldError: this.foldError,
      summary: this.summary(),
    });
  }

  /** A deep-frozen copy of the incremental fold: rows read after this never change it. */
  capture(): LiveRunSnapshot {
    return deepFreeze({ ...this.info(), folded: { state: structuredClone(this.state), harness: structuredClone(this.harnessView()) } });
  }

  /** The harness view so far. */
  harnessView(): HarnessView {
    return this.accumulator.harnessView();
  }

  private fold(event: EventEnvelope): void {
    try {
      this.accumulator.add(event);
    } catch (error) {
      // The accumulator notes fold errors itself; this guards the observer against anything else.
      this.foldError ??= `${(error as Error).name}: ${(error as Error).message} (sequence ${event.sequence})`;
      return;
    }
    if (this.foldError !== null) return;
    const error = this.accumulator.strictError();
    if (error !== null) this.foldError = `${error.name}: ${error.message} (sequence ${event.sequence})`;
  }

  private advance(sequence: number, eventId: string, recordedAt: string, type: string): void {
    this.lastSequence = sequence;
    this.lastEventId = eventId;
    this.lastRecordedAt = recordedAt;
    this.lastType = type;
    this.firstRecordedAt ??= recordedAt;
  }
}
