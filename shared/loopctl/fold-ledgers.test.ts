import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../pricing/bundled-price-table';
import { foldLoopctl, parseLedgers } from './fold-ledgers';

const S = '11111111-2222-4333-8444-555555555555';
const T = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
let seq = 0;
const ev = (kind: string, data: Record<string, unknown>, o: { turn?: number | null; run?: number; session?: string; ts?: string } = {}) =>
  JSON.stringify({ seq: kind === 'run.started' ? (seq = 1) : ++seq, ts: o.ts ?? '2026-09-01T10:00:00Z', run_id: o.run ?? 1, session_id: o.session ?? S, turn: o.turn ?? null, kind, data });
const ended = (turn: number, input: number, output: number, ms: number, stop = 'ToolCall') =>
  ev('turn.ended', { success: true, error: null, duration_ms: ms, input_tokens: input, output_tokens: output, stop_reason: stop }, { turn });
const call = (turn: number, id: string, tool = 'bash') => ev('tool.call', { tool_call_id: id, tool }, { turn });
const result = (turn: number, id: string, isError: boolean, hash: unknown = 1, tool = 'bash') => ev('tool.result', { tool_call_id: id, tool, result_hash: hash, is_error: isError, duration_ms: 5 }, { turn });
const fold = (events: string[], trajectory?: string[]) => foldLoopctl(parseLedgers({ events: events.join('\n') + '\n', ...(trajectory ? { trajectory: trajectory.join('\n') + '\n' } : {}) }), BUNDLED_PRICE_TABLE);

describe('foldLoopctl (hand-made lines)', () => {
  it('pairs retried and parallel calls by tool_call_id, first in first out', () => {
    const { runs } = fold([
      ev('run.started', {}),
      ev('turn.started', { query: 'go' }, { turn: 0 }),
      ended(0, 100, 10, 900),
      call(0, 'c1'),
      result(0, 'c1', true),
      call(0, 'c1'),
      call(0, 'p1', 'read'),
      call(0, 'p2', 'read'),
      result(0, 'p2', false, 2, 'read'),
      result(0, 'c1', false, 3),
      result(0, 'p1', false, 4, 'read'),
      ended(0, 100, 10, 100),
      ev('run.ended', { success: true, error: null, total_turns: 1, duration_ms: 1000 }),
    ]);
    const [run] = runs;
    expect(run!.toolCalls.map((c) => [c.callId, c.attempt, c.status, c.resultHash])).toEqual([
      ['c1', 1, 'failed', '1'],
      ['c1', 2, 'succeeded', '3'],
      ['p1', 1, 'succeeded', '4'],
      ['p2', 1, 'succeeded', '2'],
    ]);
    // The two turn.ended lines of a tool turn: tokens once, durations summed.
    expect(run!.modelTurns[0]).toMatchObject({ usage: { inputTokens: 100, outputTokens: 10 }, durationMs: 1000, toolCallItemIds: [0, 1, 2, 3], status: 'responded' });
    expect(run!.modelTurns[0]!.toolCalls).toEqual([
      { toolName: 'bash', toolCallId: 'c1' },
      { toolName: 'read', toolCallId: 'p1' },
      { toolName: 'read', toolCallId: 'p2' },
    ]);
    expect(run!.usage).toMatchObject({ inputTokens: 100, outputTokens: 10, costUsd: null, unpricedCalls: 1 });
    expect(run!.outcome).toBe('success');
  });

  it('tells apart two processes whose run_id restarts at 1, even interleaved', () => {
    const { runs } = fold([
      ev('run.started', {}, { session: S, ts: '2026-09-01T10:00:00Z' }),
      ev('run.started', {}, { session: T, ts: '2026-09-01T10:00:01Z' }),
      ev('turn.started', { query: 'from T' }, { session: T, turn: 0 }),
      ev('run.ended', { success: false, error: 'boom', total_turns: 0, duration_ms: 5 }, { session: S }),
      ev('run.ended', { success: true, error: null, total_turns: 0, duration_ms: 5 }, { session: T }),
    ]);
    expect(runs.map((r) => [r.id, r.eventsRunId, r.eventCount, r.outcome])).toEqual([
      [`run_lc_${S}_1`, 1, 2, 'failure'],
      [`run_lc_${T}_1`, 1, 3, 'success'],
    ]);
  });

  it('a new run.started before run.ended abandons the open run; headless lines get their own run', () => {
    const { runs } = fold([
      ev('turn.started', { query: 'rotated' }, { turn: 3, run: 4 }),
      ev('run.started', {}, { run: 5 }),
      ev('tool.call', { tool_call_id: 'x', tool: 'bash' }, { turn: 0, run: 5 }),
      ev('run.started', {}, { run: 6 }),
    ]);
    expect(runs.map((r) => [r.ordinal, r.startSeen, r.abandoned, r.ended])).toEqual([
      [1, false, true, false],
      [2, true, true, false],
      [3, true, false, false],
    ]);
    expect(runs[1]!.toolCalls[0]!.status).toBe('in-flight');
    expect(runs[0]!.diagnostics[0]!.message).toContain('without a run.started');
  });

  it('bad lines, unknown kinds and wrong shapes are diagnostics with line numbers', () => {
    const { runs, diagnostics } = fold([
      ev('run.started', {}),
      '{oops',
      ev('gate.decision', { verdict: 'Allow' }),
      ev('turn.ended', { success: 'yes' }, { turn: 0 }),
      JSON.stringify({ session_id: S, run_id: 'uuid', outcome: 'success' }),
      result(0, 'orphan', false),
    ]);
    expect(diagnostics.map((d) => [d.code, d.detail?.line])).toEqual([
      ['payload-unparsable', 2],
      ['unknown-event-type', 3],
      ['schema-unexpected', 4],
      ['schema-unexpected', 5],
    ]);
    expect(runs[0]!.timeline.map((e) => e.summary)).toEqual(['unknown kind gate.decision']);
    expect(runs[0]!.toolCalls[0]).toMatchObject({ callId: 'orphan', status: 'succeeded' });
    expect(runs[0]!.toolCalls[0]!.startedSequence).toBeUndefined();
  });

  it('merges the trajectory record: full query, response text, outcome; absent things stay absent', () => {
    const { runs } = fold(
      [ev('run.started', {}), ev('turn.started', { query: 'cut…' }, { turn: 0 }), ended(0, 5, 5, 10, 'EndTurn'), ev('run.ended', { success: false, error: 'x', total_turns: 1, duration_ms: 10 })],
      [JSON.stringify({ session_id: S, run_id: 'r-uuid', outcome: 'failure', started_at: '2026-09-01T10:00:01Z', duration_ms: 10, total_turns: 1, token_summary: { input_tokens: 5, output_tokens: 5, cached_input_tokens: null, cache_write_tokens: null, reasoning_tokens: null }, turns: [{ turn: 0, query: 'cut here but whole', response_text: 'hi', tool_calls: [], duration_ms: 10, input_tokens: 5, output_tokens: 5 }] })],
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trajectoryRunId: 'r-uuid', matchedBy: 'time', outcome: 'failure', outcomeSource: 'trajectory' });
    expect(runs[0]!.modelTurns[0]).toMatchObject({ query: 'cut here but whole', querySource: 'trajectory', responseText: 'hi', costUsd: null });
    expect(runs[0]!.modelTurns[0]!.model).toBeUndefined();
    expect(runs[0]!.toolCalls.every((c) => c.args === undefined && c.result === undefined)).toBe(true);
    expect(runs[0]!.notes.join(' ')).toMatch(/no tool inputs/);
  });

  it('attributes models from switches and prices only table models', () => {
    const { runs } = fold([
      ev('run.started', {}),
      ev('turn.started', { query: 'a' }, { turn: 0 }),
      ended(0, 1_000_000, 0, 1, 'EndTurn'),
      ev('model.switched', { from: 'gpt-4o-mini', to: 'acme-unknown' }),
      ev('turn.started', { query: 'b' }, { turn: 1 }),
      ended(1, 1_000_000, 0, 1, 'EndTurn'),
      ev('run.ended', { success: true, error: null, total_turns: 2, duration_ms: 2 }),
    ]);
    const [t0, t1] = runs[0]!.modelTurns;
    expect([t0!.model, t0!.modelSource, t0!.costUsd]).toEqual([{ provider: 'openai', modelId: 'gpt-4o-mini' }, 'switched-from', 0.15]);
    expect([t1!.model, t1!.modelSource, t1!.costUsd]).toEqual([{ modelId: 'acme-unknown' }, 'switched-to', null]);
    expect(runs[0]!.usage).toMatchObject({ costUsd: 0.15, pricedCalls: 1, unpricedCalls: 1 });
  });
});
