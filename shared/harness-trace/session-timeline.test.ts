import { describe, expect, it } from 'vitest';
import { buildSessionModel } from './session-model';
import { sessionTimeline } from './session-timeline';
import { readTrace } from './trace-reader';

const line = (sequence: number, type: string, second: number, metadata: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sequence}`, sequence, type, sessionId: 's', timestamp: `2026-06-03T00:00:0${second}.000Z`, metadata, ...extra });
const content = { captured: true, preview: 'hi' };
const model = { stepNumber: 1, model: { provider: 'p', modelId: 'm' } };
const tool = (id: string) => ({ toolName: 'bash', toolCallId: id, caller: 'model' });

describe('sessionTimeline', () => {
  it('draws calls as bars from first to last event (an open one to the end), other items as points in their lanes', () => {
    const trace = readTrace(new TextEncoder().encode([
      line(1, 'harness.model.called', 0, { ...model, request: { promptHash: 'h', system: content, messages: [], tools: [] } }, { occurrenceId: 'o1' }),
      line(2, 'harness.model.responded', 2, { ...model, text: content }, { occurrenceId: 'o1' }),
      line(3, 'harness.tool_call.started', 3, tool('c1')),
      line(4, 'harness.runtime.command.denied', 4, { command: 'rm -rf /', reasons: [{ kind: 'destructive' }] }),
      line(5, 'harness.tool_call.started', 5, tool('c2')),
      line(6, 'harness.tool_call.failed', 6, { ...tool('c1'), error: { name: 'E', message: 'denied' } }),
      line(7, 'harness.session.completed', 8, {}),
      '',
    ].join('\n')));
    const items = buildSessionModel('s', null, trace).items;
    const t = sessionTimeline(items);
    expect(t && [t.endMs - t.startMs, t.marks.map((m) => [m.lane, m.index, m.toMs - m.fromMs, m.tone])]).toEqual([
      8000,
      [
        ['model calls', 0, 2000, 'ok'],
        ['tool calls', 1, 3000, 'failed'],
        ['runtime', 2, 0, 'failed'],
        ['tool calls', 3, 3000, 'open'],
        ['events', 4, 0, 'info'],
      ],
    ]);
    expect(t?.marks[2].label).toBe('command.denied $ rm -rf /');
    // The two tool calls overlap in time (3-6 s and 5-8 s): the second sits on its own row.
    expect(t?.marks.map((m) => m.row)).toEqual([0, 0, 0, 1, 0]);
    expect(sessionTimeline([])).toBeNull();
    // Past the mark limit the plain points go (counted); calls and failures stay.
    const capped = sessionTimeline(items, 3);
    expect(capped && [capped.marks.map((m) => m.index), capped.omitted]).toEqual([[0, 1, 2, 3], 1]);
  });

  it('spans a session of 300,000 finished tool calls (more times than Math.min(...) takes as arguments)', () => {
    const [call] = buildSessionModel('s', null, readTrace(new TextEncoder().encode(`${line(1, 'harness.tool_call.started', 0, tool('c0'))}\n`))).items;
    const t0 = Date.UTC(2026, 5, 3);
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const items = Array.from({ length: 300_000 }, (_, i) => ({ ...call, status: 'succeeded' as const, startedAt: at(i * 1000), endedAt: at(i * 1000 + 500) }));
    const t = sessionTimeline(items);
    expect(t && [t.marks.length, t.endMs - t.startMs, t.omitted]).toEqual([300_000, 299_999_500, 0]);
  });

  it('stacks overlapping calls on the lowest row free at their start, like a scan of every row, and 100,000 calls left open each on its own row', () => {
    const [call] = buildSessionModel('s', null, readTrace(new TextEncoder().encode(`${line(1, 'harness.tool_call.started', 0, tool('c0'))}\n`))).items;
    const t0 = Date.UTC(2026, 5, 3);
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    for (let round = 0; round < 20; round += 1) {
      const items = Array.from({ length: 60 }, () => {
        const start = Math.floor(next() * 100) * 100;
        return { ...call, status: 'succeeded' as const, startedAt: at(start), endedAt: at(start + Math.floor(next() * 30) * 100) };
      });
      const marks = sessionTimeline(items)!.marks;
      // The scan every row takes: sorted by start (stable), each bar on the first row whose last bar ended by its start.
      const ends: number[] = [];
      const expected = new Map<number, number>();
      for (const m of [...marks].sort((a, b) => a.fromMs - b.fromMs)) {
        if (m.toMs === m.fromMs) continue;
        const free = ends.findIndex((end) => end <= m.fromMs);
        const row = free === -1 ? ends.length : free;
        ends[row] = m.toMs;
        expected.set(m.index, row);
      }
      expect(marks.map((m) => m.row), `round ${round}`).toEqual(marks.map((m) => expected.get(m.index) ?? 0));
    }
    // A crashed session's calls all run to its end: each needs a row of its own.
    const open = Array.from({ length: 100_000 }, (_, i) => ({ ...call, status: 'open' as const, startedAt: at(i), endedAt: undefined }));
    const t = sessionTimeline(open)!;
    expect(Math.max(...t.marks.slice(0, 1000).map((m) => m.row))).toBe(999);
    // (the last starts where the session ends: a point on row 0)
    expect(new Set(t.marks.map((m) => m.row)).size).toBe(99_999);
  });
});
