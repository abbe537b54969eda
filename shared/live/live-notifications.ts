/**
 * What the live observer tells its subscribers: per-run start, delta, reset and end notices
 * carrying full (deep-frozen) envelopes, plus data-dir notices. Subscribers in main (the core,
 * the CLI's `tail`) get these; windows and tabs get the summary-only `PushMessage` form.
 */
import type { Diagnostic } from '../diagnostics';
import type { EventEnvelope } from '../events/envelope';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { LiveEventSummary, LivePhase, LiveRunSummary, RunEndReason, RunResetReason, RunStartReason } from './live-types';
import { stepList } from '../fold/step-list';

/** One notice of a batch; every object is frozen. */
export type LiveNotification =
  | { kind: 'run.started'; dataDir: string; runId: string; reason: RunStartReason; summary: LiveRunSummary }
  | { kind: 'run.delta'; dataDir: string; runId: string; events: readonly EventEnvelope[]; summary: LiveRunSummary }
  | { kind: 'run.reset'; dataDir: string; runId: string; reason: RunResetReason; previousSequence: number; summary: LiveRunSummary }
  | { kind: 'run.ended'; dataDir: string; runId: string; reason: RunEndReason; summary: LiveRunSummary }
  | { kind: 'dataDir.added' | 'dataDir.lost' | 'dataDir.restored'; dataDir: string }
  | { kind: 'diagnostic'; dataDir: string; diagnostic: Diagnostic };

/** A batch as one subscriber receives it: notices in commit order, coalesced when it lagged. */
export type LiveBatch = readonly LiveNotification[];

/** Freeze `value` and everything reachable from it (objects and arrays); returns it. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** The list row of an event (no payload body). */
export function eventSummary(event: EventEnvelope): LiveEventSummary {
  const payload = event.payload;
  const stepPath = payload !== null && typeof payload === 'object' ? (payload as { stepPath?: unknown }).stepPath : undefined;
  return {
    sequence: event.sequence,
    type: event.type,
    recordedAt: event.recordedAt,
    eventId: event.eventId,
    ...(event.occurrenceId === undefined ? {} : { occurrenceId: event.occurrenceId }),
    ...(typeof stepPath === 'string' ? { stepPath } : {}),
  };
}

/** Facts of a run for its summary that the fold does not hold. */
export type RunFacts = {
  dataDir: string;
  runId: string;
  phase: LivePhase;
  lastSequence: number;
  lastEventType: string | null;
  lastEventAt: string | null;
  firstEventAt: string | null;
  foldError: string | null;
};

/** Build the (frozen) summary of a run from its live state. */
export function runSummary(state: MaterializedRunState, facts: RunFacts): LiveRunSummary {
  const runningSteps: string[] = [];
  for (const step of stepList(state)) {
    if (step.attempts.at(-1)?.status === 'running') runningSteps.push(step.stepPath);
  }
  return Object.freeze({
    runId: facts.runId,
    dataDir: facts.dataDir,
    status: state.status,
    phase: facts.phase,
    eventCount: facts.lastSequence,
    lastSequence: facts.lastSequence,
    lastEventType: facts.lastEventType,
    lastEventAt: facts.lastEventAt,
    startedAt: state.startedAt ?? facts.firstEventAt,
    finishedAt: state.finishedAt ?? null,
    inputTokens: state.usage.inputTokens,
    outputTokens: state.usage.outputTokens,
    costUsd: state.usage.costUsd,
    ...(state.usage.unpricedCalls > 0 ? { unpricedCalls: state.usage.unpricedCalls } : {}),
    runningSteps: Object.freeze(runningSteps) as string[],
    foldError: facts.foldError,
  });
}
