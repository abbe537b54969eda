/**
 * The live observer's push shapes: what main tells windows, tabs and the CLI about runs that
 * are being written right now. Plain JSON; every event is a summary row (no payload body,
 * which the views fetch with `run.event` when asked).
 */
import type { RunStateStatus } from '../fold/run-state-types';
import type { EventRow } from '../run/run-detail-types';

/** One committed event as a list row: the `little events` envelope without its payload. */
export type LiveEventSummary = Pick<EventRow, 'sequence' | 'type' | 'recordedAt' | 'eventId' | 'occurrenceId' | 'stepPath'>;

/** Where a tailed run stands: still written to, ended (terminal), or its writer died. */
export type LivePhase = 'active' | 'ended' | 'crashed';

/** The latest facts of a tailed run, from the observer's incremental fold. */
export type LiveRunSummary = {
  runId: string;
  dataDir: string;
  /** little-workflow's folded status. */
  status: RunStateStatus;
  phase: LivePhase;
  eventCount: number;
  lastSequence: number;
  lastEventType: string | null;
  lastEventAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  /** Calls `costUsd` leaves out (no price for their model); absent: none. */
  unpricedCalls?: number;
  /** Steps whose last attempt is running. */
  runningSteps: string[];
  /** Set when the fold stopped (undecodable row, bad payload); events still arrive. */
  foldError: string | null;
};

/** Why a run appeared in the live feed. */
export type RunStartReason = 'new' | 'resumed';

/** Why a run left the live feed. */
export type RunEndReason = 'completed' | 'failed' | 'crashed' | 'stopped' | 'removed';

/** Why a run's live state was thrown away and folded again from sequence 1. */
export type RunResetReason = 'rewritten' | 'truncated' | 'replaced';

/** Live push messages (part of `PushMessage`). */
export type LivePushMessage =
  | {
      kind: 'run.delta';
      dataDir: string;
      runId: string;
      /** New events in sequence order, contiguous with what was pushed before. */
      events: LiveEventSummary[];
      /** Events left out by a transport whose reader fell behind (the events list fetches them: `run.slice` events). */
      skipped: number;
      summary: LiveRunSummary;
    }
  | { kind: 'run.started'; dataDir: string; runId: string; reason: RunStartReason; summary: LiveRunSummary }
  | { kind: 'run.ended'; dataDir: string; runId: string; reason: RunEndReason; summary: LiveRunSummary }
  | { kind: 'run.reset'; dataDir: string; runId: string; reason: RunResetReason; summary: LiveRunSummary };
