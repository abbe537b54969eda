import { describe, expect, it } from 'vitest';
import type { UsageTotals } from '../fold/run-state-types';
import { buildTimeline, type TimelineInput, type TimelineStepInput } from './build-timeline';
import { placePath, retriedParallelSteps } from './step-path-tree';
import { buildAxis, fromAxis, mapAxis, realAtAxis, toAxis } from './time-axis';

const USAGE: UsageTotals = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, costUsd: null, pricedCalls: 0, unpricedCalls: 0 };
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const NO_HARNESS: TimelineInput['harness'] = { sessions: [], modelTurns: [], toolCalls: [], resumes: [] };

function step(stepPath: string, ...attempts: Array<[number, number | null, 'completed' | 'failed' | 'running']>): TimelineStepInput {
  const last = attempts.at(-1)?.[2] ?? 'pending';
  return {
    stepPath,
    status: last === 'pending' ? 'pending' : last,
    usage: USAGE,
    attempts: attempts.map(([s, e, status], i) => ({ attemptId: `attempt_${i + 1}`, startedAt: at(s), ...(e === null ? {} : { finishedAt: at(e) }), status })),
  };
}

function input(steps: TimelineStepInput[], extra: Partial<TimelineInput> = {}): TimelineInput {
  const times = steps.flatMap((s) => s.attempts.flatMap((a) => [a.startedAt, a.finishedAt ?? a.startedAt]));
  return { steps, harness: NO_HARNESS, boundary: null, recordedAt: times.sort(), ...extra };
}

describe('step path placement', () => {
  it('places visits, branches, retried branches and branch children', () => {
    const retried = retriedParallelSteps(['review@attempt_2[a].score', 'other[x]']);
    expect([...retried]).toEqual(['review']);
    expect(placePath('draft.visit[1]', retried)).toEqual({ kind: 'visit', parent: 'draft', label: 'visit[1]' });
    expect(placePath('review[v1%2E2]', retried)).toMatchObject({ kind: 'branch', step: 'review', attempt: 1, parent: 'review@attempt_1', label: '[v1.2]' });
    expect(placePath('review@attempt_2[c%20d]', retried)).toMatchObject({ kind: 'branch', attempt: 2, parent: 'review@attempt_2', label: '[c d]' });
    expect(placePath('other[x]', retried)).toMatchObject({ kind: 'branch', parent: 'other' });
    expect(placePath('review[a].score.visit[0]', retried)).toEqual({ kind: 'visit', parent: 'review[a].score', label: 'visit[0]' });
    expect(placePath('review[a].score', retried)).toEqual({ kind: 'child', parent: 'review[a]', label: 'score' });
    expect(placePath('fetch', retried)).toEqual({ kind: 'top', parent: null, label: 'fetch' });
  });
});

describe('broken time axis', () => {
  it('draws active time 1:1 and collapses gaps over a minute to a short break', () => {
    const axis = buildAxis([T0, T0 + 1000, T0 + 3000, T0 + 3000 + 42 * 60_000, T0 + 3000 + 42 * 60_000 + 500], [T0 + 3000 + 42 * 60_000]);
    expect(axis.breaks).toHaveLength(1);
    expect(axis.breaks[0]).toMatchObject({ durationMs: 42 * 60_000, kind: 'resume' });
    expect(axis.axisMs).toBeLessThan(5000);
    expect(toAxis(axis, 1000)).toBe(1000);
    const afterGap = 3000 + 42 * 60_000 + 250;
    expect(toAxis(axis, afterGap)).toBeCloseTo(axis.breaks[0].a1 + 250);
    expect(fromAxis(axis, axis.breaks[0].a1 + 250)).toBeCloseTo(afterGap);
    expect(fromAxis(axis, (axis.breaks[0].a0 + axis.breaks[0].a1) / 2)).toBeNull();
    // Monotonic across the break.
    expect(toAxis(axis, 3000 + 20 * 60_000)).toBeGreaterThan(axis.breaks[0].a0);
    expect(toAxis(axis, 3000 + 20 * 60_000)).toBeLessThan(axis.breaks[0].a1);
  });

  it('keeps gaps of a minute or less and handles an empty log', () => {
    expect(buildAxis([T0, T0 + 60_000], []).breaks).toEqual([]);
    expect(buildAxis([], [])).toMatchObject({ originAt: null, axisMs: 0, spans: [] });
  });
});

describe('buildTimeline', () => {
  it('nests parallel branches under per-attempt groups when the group was retried', () => {
    const model = buildTimeline(
      input([
        step('review', [0, 100, 'failed'], [200, 400, 'completed']),
        step('review[a].score', [10, 50, 'completed']),
        step('review[b].score', [20, 90, 'failed']),
        step('review@attempt_2[a].score', [210, 300, 'completed']),
        step('review@attempt_2[b].score', [220, 390, 'completed']),
      ]),
    );
    const shape = model.rows.map((r) => `${'  '.repeat(r.depth)}${r.label} ${r.kind} ${r.status}`);
    expect(shape).toEqual([
      'review step completed',
      '  attempt 1 attempt-group failed',
      '    [a] branch completed',
      '      score step completed',
      '    [b] branch failed',
      '      score step failed',
      '  attempt 2 attempt-group completed',
      '    [a] branch completed',
      '      score step completed',
      '    [b] branch completed',
      '      score step completed',
    ]);
    expect(model.rows[0].descendants).toBe(10);
    expect(model.rows[1]).toMatchObject({ stepPath: 'review', parent: 0, descendants: 4 });
    expect(model.rows[0].segments.map((s) => [s.attemptId, s.status])).toEqual([
      ['attempt_1', 'failed'],
      ['attempt_2', 'completed'],
    ]);
  });

  it('groups visits under one row that shows every visit', () => {
    const model = buildTimeline(input([step('draft.visit[0]', [0, 10, 'completed']), step('review', [11, 12, 'completed']), step('draft.visit[1]', [13, 20, 'completed'])]));
    expect(model.rows.map((r) => [r.id, r.depth, r.kind])).toEqual([
      ['draft', 0, 'visits'],
      ['draft.visit[0]', 1, 'step'],
      ['draft.visit[1]', 1, 'step'],
      ['review', 0, 'step'],
    ]);
    expect(model.rows[0].segments).toHaveLength(2);
  });

  it('draws in-flight attempts open-ended to the last event, crashed when the run crashed', () => {
    const steps = [step('fetch', [0, 10, 'completed']), step('summarize', [20, null, 'running'])];
    const times = [at(0), at(10), at(20), at(35)];
    const crashed = buildTimeline(input(steps, { recordedAt: times, boundary: { verdict: { kind: 'crashed', reason: 'x', inferred: false } } }));
    const open = crashed.rows[1].segments[0];
    expect(open).toMatchObject({ status: 'crashed', open: true, a0: 20, a1: 35 });
    expect(crashed.rows[1].status).toBe('crashed');
    expect(crashed.crashed).toBe(true);
    const live = buildTimeline(input(steps, { recordedAt: times }));
    expect(live.rows[1].segments[0].status).toBe('running');
  });

  it('adds step-less sessions as rows and harness items as marks; resumes become markers', () => {
    const gap = 17 * 60_000;
    const model = buildTimeline(
      input([step('summarize', [10, gap + 40, 'completed'])], {
        recordedAt: [at(0), at(5), at(10), at(12), at(gap + 12), at(gap + 40)],
        harness: {
          sessions: [
            { id: 0, role: 'planner', status: 'completed', startedAt: at(0), endedAt: at(5) },
            { id: 1, role: 'worker.ai-generate', stepPath: 'summarize', status: 'open', startedAt: at(11), supersededBySessionId: 2 },
            { id: 2, role: 'worker.ai-generate', stepPath: 'summarize', status: 'completed', startedAt: at(gap + 12), endedAt: at(gap + 30) },
          ],
          modelTurns: [{ id: 0, stepPath: 'summarize', status: 'responded', calledAt: at(12), respondedAt: at(gap + 20), failures: [], turn: 1 }],
          toolCalls: [],
          resumes: [{ sessionId: 2, recordedAt: at(gap + 12), gapMs: gap }],
        },
      }),
    );
    expect(model.rows.map((r) => [r.id, r.kind])).toEqual([
      ['session:0', 'session'],
      ['summarize', 'step'],
    ]);
    expect(model.rows[0].segments[0]).toMatchObject({ status: 'completed', a0: 0, a1: 5 });
    const marks = model.rows[1].marks;
    expect(marks.map((m) => [m.kind, m.status])).toEqual([
      ['session', 'crashed'],
      ['session', 'completed'],
      ['model', 'completed'],
    ]);
    expect(model.axis.breaks).toMatchObject([{ kind: 'resume', durationMs: gap }]);
    expect(model.resumes).toMatchObject([{ sessionId: 2, gapMs: gap, stepPath: 'summarize' }]);
    expect(model.resumes[0].a).toBeCloseTo(model.axis.breaks[0].a1);
  });

  it('creates a synthetic parent for a branch whose parallel step is not in the fold', () => {
    const model = buildTimeline(input([step('review[x].score', [0, 5, 'completed'])]));
    expect(model.rows.map((r) => [r.id, r.kind, r.status])).toEqual([
      ['review', 'step', 'completed'],
      ['review[x]', 'branch', 'completed'],
      ['review[x].score', 'step', 'completed'],
    ]);
    expect(model.rows[0].stepPath).toBeUndefined();
  });

  it('is empty for a run without events', () => {
    const model = buildTimeline(input([], { recordedAt: [] }));
    expect(model).toMatchObject({ rows: [], stepCount: 0, axis: { axisMs: 0 } });
  });

  it('builds a 5,000-step run', () => {
    const steps = Array.from({ length: 5000 }, (_, i) => step(`work.visit[${i}]`, [i * 10, i * 10 + 8, 'completed']));
    const model = buildTimeline(input(steps));
    expect(model.rows).toHaveLength(5001);
    expect(model.rows[0]).toMatchObject({ id: 'work', descendants: 5000 });
    expect(model.rows[5000].a1).toBe(49_998);
  });
});

describe('mapping between two axes of one run', () => {
  it('maps the as-of axis onto the whole run at the same real time, breaks included', () => {
    const early = [T0, T0 + 1000, T0 + 2000, T0 + 2000 + 5 * 60_000, T0 + 3000 + 5 * 60_000];
    const asOf = buildAxis(early, []);
    const whole = buildAxis([...early, T0 + 20_000 + 5 * 60_000, T0 + 40_000 + 5 * 60_000], []);
    // Break widths differ (a twentieth of the active time), so the same moment sits elsewhere.
    expect(asOf.breaks[0].a1).not.toBeCloseTo(whole.breaks[0].a1);
    expect(mapAxis(asOf, whole, 1500)).toBeCloseTo(1500);
    expect(mapAxis(asOf, whole, asOf.breaks[0].a1 + 500)).toBeCloseTo(whole.breaks[0].a1 + 500);
    const mid = (asOf.breaks[0].a0 + asOf.breaks[0].a1) / 2;
    expect(realAtAxis(asOf, mid)).toBeCloseTo(2000 + 2.5 * 60_000);
    expect(mapAxis(asOf, whole, mid)).toBeCloseTo((whole.breaks[0].a0 + whole.breaks[0].a1) / 2);
    // Round trip and clamping.
    for (const a of [0, 700, 2000, asOf.axisMs]) expect(mapAxis(whole, asOf, mapAxis(asOf, whole, a))).toBeCloseTo(a);
    expect(mapAxis(whole, asOf, whole.axisMs)).toBeCloseTo(asOf.axisMs);
    expect(realAtAxis(asOf, -5)).toBe(0);
  });
});
