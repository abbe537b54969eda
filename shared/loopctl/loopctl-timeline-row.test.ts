import { describe, expect, it } from 'vitest';
import type { TimelineModel } from '../timeline/timeline-types';
import { buildAxis } from '../timeline/time-axis';
import { withLoopEventsRow } from './loopctl-timeline-row';

// A 10 s run with no gaps: axis ms equal real ms since the start.
const start = Date.parse('2026-11-20T10:00:00.000Z');
const axis = buildAxis([start, start + 10_000], []);
const empty = { axis, rows: [], resumes: [], stepCount: 0, crashed: false } as unknown as TimelineModel;

describe('the loop events row', () => {
  it('puts each loop event at its time as a labelled point mark', () => {
    const model = withLoopEventsRow(empty, [
      { seq: 4, line: 4, ts: '2026-11-20T10:00:02.000Z', turn: 1, kind: 'compaction', summary: 'compaction (budget): 9000 → 3000 tokens', data: {} },
      { seq: 7, line: 7, ts: '2026-11-20T10:00:05.000Z', turn: 2, kind: 'fallback', summary: 'fell back from a to b', data: {} },
    ]);
    const row = model.rows.at(-1)!;
    expect(row.label).toBe('loop events');
    expect(row.marks.map((m) => [m.kind, m.a0, m.label])).toEqual([
      ['event', 2000, '#4 compaction (budget): 9000 → 3000 tokens'],
      ['event', 5000, '#7 fell back from a to b'],
    ]);
  });

  it('adds nothing when the run has no loop events', () => {
    expect(withLoopEventsRow(empty, [])).toBe(empty);
  });
});
