/**
 * A little-harness session as a row of the run list and its trace events as event envelopes:
 * what lets sessions sit behind the one source interface (src-main/sources/little-harness).
 * The session's status.json `state` is its status (little-harness writes it; nothing is
 * inferred), its trace lines are its log.
 */
import type { EventEnvelope } from '../events/envelope';
import type { RunSummary } from '../library';
import type { LivePhase } from '../live/live-types';
import type { SessionModel } from './session-model';
import type { TraceEvent } from './trace-reader';
import { sessionRunStatus } from './session-state';

/** The run status of a session state: one table with the word views show (session-state.ts). */
export { sessionRunStatus } from './session-state';

/** A session is live while little-harness says it runs or waits to. */
export function sessionLivePhase(state: string | null): LivePhase {
  return state === 'running' || state === 'queued' ? 'active' : 'ended';
}

/** Token totals of the model calls a trace reports (`usage` of `harness.model.responded`). */
export function traceUsage(events: readonly TraceEvent[]): { inputTokens: number; outputTokens: number } {
  let inputTokens = 0;
  let outputTokens = 0;
  for (const e of events) {
    if (e.type !== 'harness.model.responded') continue;
    const usage = e.metadata?.usage;
    if (usage === null || typeof usage !== 'object') continue;
    const u = usage as Record<string, unknown>;
    if (typeof u.inputTokens === 'number' && Number.isFinite(u.inputTokens)) inputTokens += u.inputTokens;
    if (typeof u.outputTokens === 'number' && Number.isFinite(u.outputTokens)) outputTokens += u.outputTokens;
  }
  return { inputTokens, outputTokens };
}

/** The run-list row of one session of the harness data dir `dataDir`. */
export function sessionRunSummary(dataDir: string, pathKey: string, model: SessionModel, events: readonly TraceEvent[]): RunSummary {
  const last = events.at(-1);
  const usage = traceUsage(events);
  const failures = model.counts.failures;
  const torn = model.tornTail && model.state === 'running';
  return {
    runId: model.sessionId,
    dataDir,
    status: sessionRunStatus(model.state),
    statusInferred: false,
    crashed: false,
    verdict: torn ? 'the trace ends in a half-written line: its writer stopped mid-append, or is writing it now' : null,
    eventCount: events.length,
    lastSequence: last?.sequence ?? 0,
    startedAt: model.firstAt,
    finishedAt: model.state === 'running' || model.state === 'queued' ? null : model.lastAt,
    lastEventType: last?.type ?? null,
    parentRunId: null,
    outerLoopId: null,
    workflowVersionId: null,
    label: `${model.counts.modelCalls} model · ${model.counts.toolCalls} tool calls${failures > 0 ? ` · ${failures} failed` : ''}`,
    tags: [],
    inputTokens: usage.inputTokens,
    outputTokens: usage.outputTokens,
    // Sessions name models but carry no priced usage the inspector trusts: no made-up cost.
    costUsd: null,
    source: 'little-harness',
    session: { pathKey, state: model.state, tornTail: model.tornTail, counts: model.counts },
  };
}

/** A trace event as an event envelope (run id = session id, payload = metadata). */
export function traceEnvelope(event: TraceEvent): EventEnvelope {
  return {
    eventId: event.eventId,
    runId: event.sessionId,
    sequence: event.sequence,
    type: event.type,
    ...(event.occurrenceId === undefined ? {} : { occurrenceId: event.occurrenceId }),
    recordedAt: event.timestamp,
    payload: event.metadata ?? {},
  };
}
