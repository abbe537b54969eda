/**
 * Decoding of parsed ledger lines into typed records, by the documented field lists.
 * Unknown fields are ignored (the format tolerates them); a missing or mistyped known field
 * makes the line a `schema-unexpected` diagnostic naming the field and the line.
 */
import { diagnostic, type Diagnostic } from '../diagnostics';
import type { LedgerFile, LedgerLine } from './ledger-parser';
import type { LedgerEvent, TrajectoryRecord, TrajectoryToolCall, TrajectoryTurn } from './loopctl-types';
import { isBigIntText } from './lossless-json';

/** A decoded value or the diagnostic explaining why the line was skipped. */
export type Decoded<T> = { ok: true; value: T; diagnostics: Diagnostic[] } | { ok: false; diagnostic: Diagnostic };

class ShapeError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !isBigIntText(v);

function str(o: Obj, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ShapeError(`"${key}" must be a string`);
  return v;
}
function strOrNull(o: Obj, key: string): string | null {
  const v = o[key];
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw new ShapeError(`"${key}" must be a string or null`);
  return v;
}
function count(o: Obj, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new ShapeError(`"${key}" must be a non-negative integer`);
  return v;
}
function countOrNull(o: Obj, key: string): number | null {
  return o[key] === null || o[key] === undefined ? null : count(o, key);
}
function bool(o: Obj, key: string): boolean {
  if (typeof o[key] !== 'boolean') throw new ShapeError(`"${key}" must be true or false`);
  return o[key] as boolean;
}
function obj(o: Obj, key: string): Obj {
  const v = o[key];
  if (!isObj(v)) throw new ShapeError(`"${key}" must be an object`);
  return v;
}
function arr(o: Obj, key: string): unknown[] {
  const v = o[key];
  if (!Array.isArray(v)) throw new ShapeError(`"${key}" must be an array`);
  return v;
}
/** A u64 hash as exact decimal text (safe numbers and tagged big ones alike). */
function hashText(o: Obj, key: string): string | null {
  const v = o[key];
  if (v === null || v === undefined) return null;
  if (isBigIntText(v)) {
    const text = v['\u0000bigint'];
    if (text.startsWith('-')) throw new ShapeError(`"${key}" must be an unsigned integer`);
    return text;
  }
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  throw new ShapeError(`"${key}" must be an unsigned integer or null`);
}

function shapeFailure<T>(file: LedgerFile, line: number, path: string | undefined, message: string): Decoded<T> {
  return {
    ok: false,
    diagnostic: diagnostic('schema-unexpected', `${file}:${line}: ${message}; line skipped`, { severity: 'warning', ...(path ? { path } : {}), detail: { file, line } }),
  };
}

/** Decode one trajectory.jsonl line. */
export function decodeTrajectoryLine({ line, value }: LedgerLine, path?: string): Decoded<TrajectoryRecord> {
  try {
    const outcome = str(value, 'outcome');
    if (outcome !== 'success' && outcome !== 'failure' && outcome !== 'partial') throw new ShapeError(`"outcome" ${JSON.stringify(outcome)} is not success, failure or partial`);
    const summary = obj(value, 'token_summary');
    const turns = arr(value, 'turns').map((t, i): TrajectoryTurn => {
      if (!isObj(t)) throw new ShapeError(`turns[${i}] must be an object`);
      const toolCalls = arr(t, 'tool_calls').map((c, j): TrajectoryToolCall => {
        if (!isObj(c)) throw new ShapeError(`turns[${i}].tool_calls[${j}] must be an object`);
        return { toolCallId: str(c, 'tool_call_id'), tool: str(c, 'tool'), ok: bool(c, 'ok'), durationMs: count(c, 'duration_ms') };
      });
      return {
        turn: count(t, 'turn'),
        query: str(t, 'query'),
        responseText: str(t, 'response_text'),
        toolCalls,
        durationMs: count(t, 'duration_ms'),
        inputTokens: count(t, 'input_tokens'),
        outputTokens: count(t, 'output_tokens'),
      };
    });
    const record: TrajectoryRecord = {
      line,
      sessionId: str(value, 'session_id'),
      runId: str(value, 'run_id'),
      outcome,
      startedAt: str(value, 'started_at'),
      durationMs: count(value, 'duration_ms'),
      totalTurns: count(value, 'total_turns'),
      tokenSummary: {
        inputTokens: count(summary, 'input_tokens'),
        outputTokens: count(summary, 'output_tokens'),
        cachedInputTokens: countOrNull(summary, 'cached_input_tokens'),
        cacheWriteTokens: countOrNull(summary, 'cache_write_tokens'),
        reasoningTokens: countOrNull(summary, 'reasoning_tokens'),
      },
      turns,
    };
    return { ok: true, value: record, diagnostics: [] };
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    return shapeFailure('trajectory.jsonl', line, path, `not a TrajectoryRecord (${error.message})`);
  }
}

/** Decode one events.jsonl line; an unknown kind decodes (as `unknown`) with an info diagnostic. */
export function decodeEventLine({ line, value }: LedgerLine, path?: string): Decoded<LedgerEvent> {
  try {
    const turnValue = value.turn;
    if (turnValue !== null && turnValue !== undefined && (typeof turnValue !== 'number' || !Number.isSafeInteger(turnValue) || turnValue < 0)) {
      throw new ShapeError('"turn" must be a non-negative integer or null');
    }
    const base = { line, seq: count(value, 'seq'), ts: str(value, 'ts'), runId: count(value, 'run_id'), sessionId: str(value, 'session_id'), turn: (turnValue as number | null | undefined) ?? null };
    const kind = str(value, 'kind');
    const data = obj(value, 'data');
    const event = decodeKind(base, kind, data);
    const diagnostics =
      event.kind === 'unknown'
        ? [diagnostic('unknown-event-type', `events.jsonl:${line}: kind "${kind}" is not one this reader knows; kept on the timeline`, { severity: 'info', ...(path ? { path } : {}), detail: { file: 'events.jsonl', line, kind } })]
        : [];
    return { ok: true, value: event, diagnostics };
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    return shapeFailure('events.jsonl', line, path, `not a TrajectoryEvent (${error.message})`);
  }
}

function decodeKind(base: Omit<LedgerEvent, 'kind'>, kind: string, d: Obj): LedgerEvent {
  switch (kind) {
    case 'run.started':
      return { ...base, kind };
    case 'run.ended':
      return { ...base, kind, success: bool(d, 'success'), error: strOrNull(d, 'error'), totalTurns: count(d, 'total_turns'), durationMs: count(d, 'duration_ms') };
    case 'turn.started':
      return { ...base, kind, query: str(d, 'query') };
    case 'turn.ended':
      return {
        ...base,
        kind,
        success: bool(d, 'success'),
        error: strOrNull(d, 'error'),
        durationMs: count(d, 'duration_ms'),
        inputTokens: count(d, 'input_tokens'),
        outputTokens: count(d, 'output_tokens'),
        stopReason: str(d, 'stop_reason'),
      };
    case 'compaction':
      return {
        ...base,
        kind,
        tokensBefore: count(d, 'tokens_before'),
        tokensAfter: count(d, 'tokens_after'),
        tokensSaved: count(d, 'tokens_saved'),
        evictedMessages: count(d, 'evicted_messages'),
        reason: str(d, 'reason'),
      };
    case 'fallback':
    case 'model.switched':
      return { ...base, kind, from: str(d, 'from'), to: str(d, 'to') };
    case 'detection': {
      const detector = str(d, 'detector');
      if (detector === 'loop') return { ...base, kind, detector, pattern: str(d, 'pattern'), repetitions: count(d, 'repetitions') };
      if (detector === 'convergence') return { ...base, kind, detector, action: str(d, 'action') };
      return { ...base, kind, detector };
    }
    case 'tool.call':
      return { ...base, kind, toolCallId: str(d, 'tool_call_id'), tool: str(d, 'tool') };
    case 'tool.result':
      return { ...base, kind, toolCallId: str(d, 'tool_call_id'), tool: str(d, 'tool'), resultHash: hashText(d, 'result_hash'), isError: bool(d, 'is_error'), durationMs: count(d, 'duration_ms') };
    default:
      return { ...base, kind: 'unknown', label: kind, data: d };
  }
}
