/**
 * One events.jsonl run → turns, tool calls and timeline. Tool calls pair with results by
 * `tool_call_id`, first in first out (a retried call fires `tool.call`/`tool.result` once per
 * attempt with the same id; parallel calls finish in any order). A tool turn has two
 * `turn.ended` lines repeating the same token counts: tokens are last-wins, durations summed.
 */
import { diagnostic } from '../diagnostics';
import { blankRun } from './blank-run';
import type { LedgerEvent, LoopctlModelTurn, LoopctlRun, LoopctlTimelineEvent, LoopctlToolCall } from './loopctl-types';
import { renumberTurns } from './merge-trajectory';
import { loopctlRunId, type EventSegment } from './segment-events';

/** Fold one segment's lines; pricing and trajectory text are added later. */
export function buildEventsRun(segment: EventSegment, path?: string): LoopctlRun {
  const run = emptyRun(segment);
  const turns = new Map<number, LoopctlModelTurn>();
  const waiting = new Map<string, LoopctlToolCall[]>();
  const attempts = new Map<string, number>();
  let currentModel: string | undefined;
  let firstFrom: string | undefined;

  const turnOf = (e: LedgerEvent): LoopctlModelTurn | undefined => {
    if (e.turn === null) return undefined;
    let t = turns.get(e.turn);
    if (!t) {
      t = { id: turns.size, turn: e.turn, failures: [], toolCalls: [], status: 'in-flight', completedAfterResume: false, duplicateCalledSequences: [], toolCallItemIds: [], sequences: [], costUsd: null, lines: [] };
      turns.set(e.turn, t);
    }
    t.sequences.push(e.seq);
    t.lines.push(e.line);
    return t;
  };

  for (const e of segment.events) {
    run.kindCounts[e.kind === 'unknown' ? e.label : e.kind] = (run.kindCounts[e.kind === 'unknown' ? e.label : e.kind] ?? 0) + 1;
    switch (e.kind) {
      case 'run.started':
        run.startedAt = e.ts;
        break;
      case 'run.ended':
        run.finishedAt = e.ts;
        run.success = e.success;
        run.error = e.error;
        run.totalTurns = e.totalTurns;
        run.durationMs = e.durationMs;
        break;
      case 'turn.started': {
        const t = turnOf(e)!;
        if (t.calledSequence !== undefined) t.duplicateCalledSequences.push(e.seq);
        else Object.assign(t, { calledSequence: e.seq, calledAt: e.ts, query: e.query, querySource: 'events' });
        break;
      }
      case 'turn.ended': {
        const t = turnOf(e);
        if (!t) break;
        t.usage = { inputTokens: e.inputTokens, outputTokens: e.outputTokens };
        t.durationMs = (t.durationMs ?? 0) + e.durationMs;
        t.stopReason = e.stopReason;
        t.respondedSequence = e.seq;
        t.respondedAt = e.ts;
        if (!e.success) t.failures.push({ sequence: e.seq, recordedAt: e.ts, ...(e.error !== null ? { error: e.error } : {}), ...(e.durationMs ? { durationMs: e.durationMs } : {}) });
        t.status = t.failures.length > 0 ? 'failed' : 'responded';
        if (currentModel !== undefined) Object.assign(t, { model: { modelId: currentModel }, modelSource: 'switched-to' });
        break;
      }
      case 'tool.call': {
        const t = turnOf(e);
        const attempt = (attempts.get(e.toolCallId) ?? 0) + 1;
        attempts.set(e.toolCallId, attempt);
        const call: LoopctlToolCall = {
          id: run.toolCalls.length,
          callId: e.toolCallId,
          toolName: e.tool,
          ...(e.turn !== null ? { turn: e.turn } : {}),
          startedSequence: e.seq,
          startedAt: e.ts,
          status: 'in-flight',
          resultUndefined: false,
          completedAfterResume: false,
          sequences: [e.seq],
          attempt,
          source: 'events',
          lines: [e.line],
          ...(t ? { requestedByTurnId: t.id, requestedVia: 'turn' as const } : {}),
        };
        run.toolCalls.push(call);
        waiting.set(e.toolCallId, [...(waiting.get(e.toolCallId) ?? []), call]);
        if (t) {
          t.toolCallItemIds.push(call.id);
          if (attempt === 1) t.toolCalls.push({ toolName: e.tool, toolCallId: e.toolCallId });
        }
        break;
      }
      case 'tool.result': {
        const queue = waiting.get(e.toolCallId) ?? [];
        let call = queue.shift();
        if (!call) {
          const t = turnOf(e);
          call = { id: run.toolCalls.length, callId: e.toolCallId, toolName: e.tool, ...(e.turn !== null ? { turn: e.turn } : {}), status: 'in-flight', resultUndefined: false, completedAfterResume: false, sequences: [], attempt: attempts.get(e.toolCallId) ?? 1, source: 'events', lines: [], ...(t ? { requestedByTurnId: t.id, requestedVia: 'turn' as const } : {}) };
          run.toolCalls.push(call);
          t?.toolCallItemIds.push(call.id);
          run.diagnostics.push(diagnostic('schema-unexpected', `events.jsonl:${e.line}: tool.result for ${e.toolCallId} has no open tool.call; shown on its own`, { severity: 'info', ...(path ? { path } : {}), sequence: e.seq, detail: { file: 'events.jsonl', line: e.line } }));
        } else if (e.turn !== null) {
          turnOf(e);
        }
        Object.assign(call, { endSequence: e.seq, endedAt: e.ts, status: e.isError ? 'failed' : 'succeeded', resultHash: e.resultHash, isError: e.isError, durationMs: e.durationMs });
        call.sequences.push(e.seq);
        call.lines.push(e.line);
        break;
      }
      case 'fallback':
      case 'model.switched':
        firstFrom ??= e.from;
        currentModel = e.to;
        run.timeline.push(timelineEvent(e, `${e.kind === 'fallback' ? 'fell back' : 'switched'} from ${e.from} to ${e.to}`, { from: e.from, to: e.to }));
        break;
      case 'compaction':
        run.timeline.push(timelineEvent(e, `compaction (${e.reason}): ${e.tokensBefore} → ${e.tokensAfter} tokens, ${e.evictedMessages} message(s) evicted`, { tokensBefore: e.tokensBefore, tokensAfter: e.tokensAfter, tokensSaved: e.tokensSaved, evictedMessages: e.evictedMessages, reason: e.reason }));
        break;
      case 'detection':
        run.timeline.push(timelineEvent(e, e.detector === 'loop' ? `loop detected: ${e.pattern} ×${e.repetitions}` : e.detector === 'convergence' ? `convergence detected: ${e.action}` : `detection (${e.detector})`, { detector: e.detector, ...(e.pattern !== undefined ? { pattern: e.pattern, repetitions: e.repetitions } : {}), ...(e.action !== undefined ? { action: e.action } : {}) }));
        break;
      case 'unknown':
        run.timeline.push(timelineEvent(e, `unknown kind ${e.label}`, e.data));
        break;
    }
  }

  for (const t of turns.values()) {
    if (t.model === undefined && firstFrom !== undefined) Object.assign(t, { model: { modelId: firstFrom }, modelSource: 'switched-from' });
    if (t.status === 'in-flight' && segment.ended) t.status = 'orphaned';
  }
  for (const call of run.toolCalls) if (call.status === 'in-flight' && segment.ended) call.status = 'orphaned';
  run.modelTurns = [...turns.values()];
  renumberTurns(run);
  const last = segment.events.at(-1);
  run.startedAt ??= segment.events[0]?.ts ?? null;
  run.eventCount = segment.events.length;
  run.lastKind = last ? (last.kind === 'unknown' ? last.label : last.kind) : null;
  run.lastSeq = last?.seq ?? 0;
  if (segment.ended) run.outcome = run.success ? 'success' : run.toolCalls.some((c) => c.status === 'succeeded') ? 'partial' : 'failure';
  if (run.outcome !== null) run.outcomeSource = 'derived';
  return run;
}

function timelineEvent(e: LedgerEvent, summary: string, data: Record<string, unknown>): LoopctlTimelineEvent {
  return { seq: e.seq, line: e.line, ts: e.ts, turn: e.turn, kind: e.kind, summary, data };
}

function emptyRun(segment: EventSegment): LoopctlRun {
  return blankRun(
    {
      id: loopctlRunId(segment.sessionId, segment.ordinal),
      sessionId: segment.sessionId,
      ordinal: segment.ordinal,
      eventsRunId: segment.eventsRunId,
      trajectoryRunId: null,
      startSeen: segment.startSeen,
      ended: segment.ended,
      abandoned: segment.abandoned,
    },
    { diagnostics: [...segment.diagnostics] },
  );
}
