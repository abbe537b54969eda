/** The harness part of the report: sessions, model turns and tool calls with capped texts. */
import type { LiteHarnessView } from '../run/run-detail-types';
import { capPreviewOrFull } from './capped-text';
import { durationBetween } from './report-time';
import type { ReportHarness } from './report-document-types';

/**
 * Full bodies fetched from the log for items whose RunDetail preview was cut shorter than the
 * report's cap (keys: model turn / tool call ids, step paths). `{ value }` wraps each body so
 * an `undefined` result is still a fetched value.
 */
export type ReportBodies = {
  modelResponses?: Record<number, { value: unknown }>;
  toolArgs?: Record<number, { value: unknown }>;
  toolResults?: Record<number, { value: unknown }>;
  toolErrors?: Record<number, { value: unknown }>;
  stepOutputs?: Record<string, { value: unknown }>;
};

/** Sessions, turns, tool calls, sub-runs and resume markers of `view`, texts cut to `max`. */
export function harnessSection(view: LiteHarnessView, max: number, bodies: ReportBodies = {}): ReportHarness {
  return {
    sessions: view.sessions.map((s) => ({
      id: s.id,
      role: s.role ?? null,
      stepPath: s.stepPath ?? null,
      status: s.status,
      startedAt: s.startedAt,
      endedAt: s.endedAt ?? null,
      resumeOfSessionId: s.resumeOfSessionId ?? null,
      modelTurns: s.modelTurnIds.length,
      toolCalls: s.toolCallIds.length,
    })),
    modelTurns: view.modelTurns.map((t) => ({
      id: t.id,
      callId: t.callId ?? null,
      turn: t.turn ?? null,
      sessionId: t.sessionId ?? null,
      stepPath: t.stepPath ?? null,
      status: t.status,
      model: t.model === undefined ? null : [t.model.provider, t.model.modelId].filter((p) => p !== undefined).join('/') || null,
      calledAt: t.calledAt ?? null,
      respondedAt: t.respondedAt ?? null,
      durationMs: durationBetween(t.calledAt, t.respondedAt),
      failures: t.failures.length,
      completedAfterResume: t.completedAfterResume,
      usage: numericFields(t.usage),
      costUsd: t.price?.costUsd ?? null,
      response: capPreviewOrFull(t.responseText, bodies.modelResponses?.[t.id], max),
      calledSequence: t.calledSequence ?? null,
      respondedSequence: t.respondedSequence ?? null,
    })),
    toolCalls: view.toolCalls.map((c) => ({
      id: c.id,
      callId: c.callId ?? null,
      toolName: c.toolName ?? null,
      sessionId: c.sessionId ?? null,
      stepPath: c.stepPath ?? null,
      status: c.status,
      startedAt: c.startedAt ?? null,
      endedAt: c.endedAt ?? null,
      durationMs: durationBetween(c.startedAt, c.endedAt),
      completedAfterResume: c.completedAfterResume,
      subRunId: c.subRunId ?? null,
      args: capPreviewOrFull(c.args, bodies.toolArgs?.[c.id], max),
      result: capPreviewOrFull(c.result, bodies.toolResults?.[c.id], max),
      error: capPreviewOrFull(c.error, bodies.toolErrors?.[c.id], max),
      startedSequence: c.startedSequence ?? null,
      endSequence: c.endSequence ?? null,
    })),
    subRuns: view.subRuns,
    resumes: view.resumes,
  };
}

/** The finite numbers of a usage object (token counts), everything else dropped. */
function numericFields(usage: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof usage !== 'object' || usage === null) return out;
  for (const [key, value] of Object.entries(usage)) if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  return out;
}
