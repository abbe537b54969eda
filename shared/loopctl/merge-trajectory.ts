/**
 * Match trajectory.jsonl records to events.jsonl runs and merge them. The files share only
 * `session_id` (their run ids differ), so within a session a record is matched to the first
 * later unmatched events run whose `run.started` second is within 2 s of `started_at`
 * (order alone when a timestamp does not parse); a run whose `run.started` is missing matches
 * by end time instead. An unmatched record becomes a run of its own.
 */
import { diagnostic } from '../diagnostics';
import { blankRun } from './blank-run';
import type { LoopctlModelTurn, LoopctlRun, LoopctlToolCall, TrajectoryRecord } from './loopctl-types';
import { trajectoryRunId } from './segment-events';

const MATCH_WINDOW_MS = 2000;

/** Attach each record to its events run (mutating it) or add a trajectory-only run; returns all runs. */
export function mergeTrajectory(eventRuns: LoopctlRun[], records: readonly TrajectoryRecord[], path?: string): LoopctlRun[] {
  const bySession = new Map<string, LoopctlRun[]>();
  for (const run of eventRuns) bySession.set(run.sessionId, [...(bySession.get(run.sessionId) ?? []), run]);
  const nextIndex = new Map<string, number>();
  const extra: LoopctlRun[] = [];
  for (const record of records) {
    const candidates = bySession.get(record.sessionId) ?? [];
    const from = nextIndex.get(record.sessionId) ?? 0;
    const recordMs = Date.parse(record.startedAt);
    let matched = -1;
    let how: 'time' | 'order' = 'time';
    for (let i = from; i < candidates.length; i++) {
      const startMs = candidates[i]!.startedAt === null ? NaN : Date.parse(candidates[i]!.startedAt!);
      if (Number.isNaN(recordMs) || Number.isNaN(startMs)) {
        matched = i;
        how = 'order';
        break;
      }
      if (Math.abs(startMs - recordMs) <= MATCH_WINDOW_MS || endsTogether(candidates[i]!, record)) {
        matched = i;
        break;
      }
    }
    if (matched === -1) {
      extra.push(trajectoryOnlyRun(record));
      continue;
    }
    nextIndex.set(record.sessionId, matched + 1);
    mergeInto(candidates[matched]!, record, how, path);
  }
  return [...eventRuns, ...extra];
}

/** A run whose start was rotated away still matches when it ended when the record says it did. */
function endsTogether(run: LoopctlRun, record: TrajectoryRecord): boolean {
  if (run.startSeen || run.finishedAt === null) return false;
  const end = Date.parse(run.finishedAt);
  const recordEnd = Date.parse(record.startedAt) + record.durationMs;
  return Math.abs(end - recordEnd) <= MATCH_WINDOW_MS;
}

function mergeInto(run: LoopctlRun, record: TrajectoryRecord, how: 'time' | 'order', path?: string): void {
  run.trajectoryRunId = record.runId;
  run.matchedBy = how;
  if (!run.startSeen) run.startedAt = record.startedAt;
  if (run.outcome !== null && run.outcome !== record.outcome) {
    run.diagnostics.push(diagnostic('schema-unexpected', `trajectory.jsonl:${record.line}: outcome "${record.outcome}" differs from events.jsonl (${run.outcome})`, { severity: 'warning', ...(path ? { path } : {}), detail: { file: 'trajectory.jsonl', line: record.line } }));
  }
  run.outcome = record.outcome;
  run.outcomeSource = 'trajectory';
  run.ended = true;
  run.durationMs ??= record.durationMs;
  run.totalTurns ??= record.totalTurns;
  for (const rt of record.turns) {
    let turn = run.modelTurns.find((t) => t.turn === rt.turn);
    if (!turn) {
      turn = turnFromRecord(run.modelTurns.length, rt, record.line);
      run.modelTurns.push(turn);
      for (const call of rt.toolCalls) addRecordCall(run, turn, call, record.line);
      continue;
    }
    // The record's query is not cut at the capture limit; its response text is the only one.
    Object.assign(turn, { query: rt.query, querySource: 'trajectory', responseText: rt.responseText });
    turn.usage ??= { inputTokens: rt.inputTokens, outputTokens: rt.outputTokens };
    turn.durationMs ??= rt.durationMs;
    if (turn.toolCallItemIds.length === 0) for (const call of rt.toolCalls) addRecordCall(run, turn, call, record.line);
  }
  renumberTurns(run);
}

/** Sort turns by index and make each `id` its array index again (tool calls follow). */
export function renumberTurns(run: LoopctlRun): void {
  run.modelTurns.sort((a, b) => a.turn! - b.turn!);
  const remap = new Map(run.modelTurns.map((t, index) => [t.id, index]));
  run.modelTurns.forEach((t, index) => (t.id = index));
  for (const call of run.toolCalls) if (call.requestedByTurnId !== undefined) call.requestedByTurnId = remap.get(call.requestedByTurnId);
}

function turnFromRecord(id: number, rt: TrajectoryRecord['turns'][number], line: number): LoopctlModelTurn {
  return {
    id,
    turn: rt.turn,
    failures: [],
    toolCalls: [],
    status: 'responded',
    completedAfterResume: false,
    duplicateCalledSequences: [],
    toolCallItemIds: [],
    sequences: [],
    query: rt.query,
    querySource: 'trajectory',
    responseText: rt.responseText,
    usage: { inputTokens: rt.inputTokens, outputTokens: rt.outputTokens },
    durationMs: rt.durationMs,
    costUsd: null,
    lines: [line],
  };
}

function addRecordCall(run: LoopctlRun, turn: LoopctlModelTurn, call: TrajectoryRecord['turns'][number]['toolCalls'][number], line: number): void {
  const attempt = run.toolCalls.filter((c) => c.callId === call.toolCallId).length + 1;
  const item: LoopctlToolCall = {
    id: run.toolCalls.length,
    callId: call.toolCallId,
    toolName: call.tool,
    ...(turn.turn !== undefined ? { turn: turn.turn } : {}),
    // ok:false also covers calls still in flight at run end; the record cannot tell them apart.
    status: call.ok ? 'succeeded' : 'failed',
    resultUndefined: false,
    completedAfterResume: false,
    sequences: [],
    attempt,
    durationMs: call.durationMs,
    source: 'trajectory',
    lines: [line],
    requestedByTurnId: turn.id,
    requestedVia: 'turn',
  };
  run.toolCalls.push(item);
  turn.toolCallItemIds.push(item.id);
  if (attempt === 1) turn.toolCalls.push({ toolName: call.tool, toolCallId: call.toolCallId });
}

function trajectoryOnlyRun(record: TrajectoryRecord): LoopctlRun {
  const startMs = Date.parse(record.startedAt);
  const run = blankRun(
    { id: trajectoryRunId(record.runId), sessionId: record.sessionId, ordinal: 0, eventsRunId: null, trajectoryRunId: record.runId, startSeen: true, ended: true, abandoned: false },
    {
      success: record.outcome === 'success',
      outcome: record.outcome,
      outcomeSource: 'trajectory',
      startedAt: record.startedAt,
      finishedAt: Number.isNaN(startMs) ? null : new Date(startMs + record.durationMs).toISOString().replace('.000Z', 'Z'),
      durationMs: record.durationMs,
      totalTurns: record.totalTurns,
      notes: ['Only trajectory.jsonl records this run: no per-event timeline, sequence numbers or result hashes.'],
    },
  );
  for (const rt of [...record.turns].sort((a, b) => a.turn - b.turn)) {
    const turn = turnFromRecord(run.modelTurns.length, rt, record.line);
    run.modelTurns.push(turn);
    for (const call of rt.toolCalls) addRecordCall(run, turn, call, record.line);
  }
  return run;
}
