import { describe, expect, it } from 'vitest';
import type { LiteHarnessView } from './run-detail-types';
import { buildTurnRows, sessionRowIndex, showsItem, turnRowItem } from './turn-rows';

type H = Pick<LiteHarnessView, 'sessions' | 'modelTurns' | 'toolCalls' | 'resumes'>;
const session = (id: number, startSequence: number) =>
  ({ id, startSequence, status: 'completed', manifestKind: 'worker', scopeKey: 's', startedAt: '', modelTurnIds: [], toolCallIds: [], executeStepIds: [], sequences: [] }) as unknown as H['sessions'][number];
const turn = (id: number, sessionId: number | undefined, calledSequence: number, toolCallItemIds: number[] = []) =>
  ({ id, sessionId, calledSequence, toolCallItemIds, failures: [], toolCalls: [], status: 'responded', completedAfterResume: false, duplicateCalledSequences: [], sequences: [calledSequence] }) as unknown as H['modelTurns'][number];
const tool = (id: number, sessionId: number | undefined, startedSequence: number, requestedByTurnId?: number) =>
  ({ id, sessionId, startedSequence, requestedByTurnId, status: 'succeeded', resultUndefined: false, completedAfterResume: false, sequences: [startedSequence] }) as unknown as H['toolCalls'][number];

describe('buildTurnRows', () => {
  it('puts each tool call under the turn that requested it, in session order, with resume markers', () => {
    const h: H = {
      sessions: [session(1, 20), session(0, 2)],
      modelTurns: [turn(0, 0, 3, [0]), turn(1, 0, 7, [2, 1]), turn(2, 1, 22)],
      toolCalls: [tool(0, 0, 5, 0), tool(1, 0, 11, 1), tool(2, 0, 9, 1), tool(3, 1, 21)],
      resumes: [{ sessionId: 1, previousSessionId: 0, sequence: 20, recordedAt: '', reason: 'previous-session-open', gapMs: 60_000 }],
    };
    expect(buildTurnRows(h)).toEqual([
      { kind: 'session', sessionId: 0 },
      { kind: 'turn', turnId: 0 },
      { kind: 'tool', toolId: 0, nested: true },
      { kind: 'turn', turnId: 1 },
      { kind: 'tool', toolId: 2, nested: true },
      { kind: 'tool', toolId: 1, nested: true },
      { kind: 'resume', sessionId: 1, previousSessionId: 0, gapMs: 60_000, sequence: 20 },
      { kind: 'session', sessionId: 1 },
      { kind: 'tool', toolId: 3, nested: false },
      { kind: 'turn', turnId: 2 },
    ]);
    expect(sessionRowIndex(buildTurnRows(h), 1)).toBe(7);
  });

  it('lists calls outside any session under their own header and never drops one', () => {
    const h: H = { sessions: [], modelTurns: [turn(0, undefined, 4)], toolCalls: [tool(0, undefined, 2), tool(1, 5, 9, 99)], resumes: [] };
    expect(buildTurnRows(h)).toEqual([
      { kind: 'loose' },
      { kind: 'tool', toolId: 0, nested: false },
      { kind: 'turn', turnId: 0 },
      { kind: 'tool', toolId: 1, nested: false },
    ]);
  });

  it('gives every turn and tool of a 5,000-turn run exactly one row', () => {
    const n = 5000;
    const h: H = {
      sessions: Array.from({ length: 200 }, (_, i) => session(i, i * 1000)),
      modelTurns: Array.from({ length: n }, (_, i) => turn(i, i % 200, (i % 200) * 1000 + i, [i])),
      toolCalls: Array.from({ length: n }, (_, i) => tool(i, i % 200, (i % 200) * 1000 + i + 1, i)),
      resumes: [],
    };
    expect(buildTurnRows(h)).toHaveLength(200 + 2 * n);
  });

  it('names the item a row shows, and only that one', () => {
    expect(turnRowItem({ kind: 'tool', toolId: 4, nested: true })).toEqual({ kind: 'tool', id: 4 });
    expect(turnRowItem({ kind: 'resume', sessionId: 1, previousSessionId: 0, gapMs: null, sequence: 9 })).toBeNull();
    expect(showsItem({ kind: 'turn', turnId: 2 }, { kind: 'turn', id: 2 })).toBe(true);
    expect(showsItem({ kind: 'turn', turnId: 2 }, { kind: 'tool', id: 2 })).toBe(false);
    expect(showsItem({ kind: 'loose' }, null)).toBe(false);
  });
});
