import { describe, expect, it } from 'vitest';
import type { UsageTotals } from '../fold/run-state-types';
import { buildTimeline, type TimelineStepInput } from './build-timeline';
import { densityBins, PLAIN_VISITS_MAX, RUN_DENSITY_BINS, visitSummary } from './visit-density';
import { isFolded, visibleRows } from './visible-rows';

const USAGE: UsageTotals = { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, costUsd: null, pricedCalls: 0, unpricedCalls: 0 };
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** A step with one attempt from `s` to `e` ms. */
function step(stepPath: string, s: number, e: number, status: 'completed' | 'failed' = 'completed'): TimelineStepInput {
  return { stepPath, status, usage: USAGE, attempts: [{ attemptId: 'attempt_1', startedAt: at(s), finishedAt: at(e), status }] };
}

function model(steps: TimelineStepInput[]) {
  const times = steps.flatMap((s) => s.attempts.flatMap((a) => [a.startedAt, a.finishedAt!])).sort();
  return buildTimeline({ steps, harness: { sessions: [], modelTurns: [], toolCalls: [], resumes: [] }, boundary: null, recordedAt: times });
}

/** `n` visits of `loop`, 10 ms apart, every `failEvery`-th failed (0: none). */
function loop(name: string, n: number, failEvery = 0, from = 0): TimelineStepInput[] {
  return Array.from({ length: n }, (_, i) => step(`${name}.visit[${i}]`, from + i * 10, from + i * 10 + 8, failEvery > 0 && i % failEvery === failEvery - 1 ? 'failed' : 'completed'));
}

describe('loop visits aggregated into one row', () => {
  it('aggregates a visits group of more than a few visits, with its count and failed visits', () => {
    const m = model([...loop('decide', 3700, 100), step('publish', 40_000, 40_010)]);
    const group = m.rows.find((r) => r.id === 'decide')!;
    expect(group).toMatchObject({ kind: 'visits', descendants: 3700, visits: { count: 3700, failed: 37 } });
    // Its visits are still rows (expanded on demand), none of them aggregated themselves.
    expect(m.rows.filter((r) => r.parent === m.rows.indexOf(group))).toHaveLength(3700);
    expect(m.rows.filter((r) => r.visits !== undefined)).toHaveLength(1);
    expect(m.rows.find((r) => r.id === 'publish')?.visits).toBeUndefined();
  });

  it('leaves a loop of up to three visits as it was: open, no summary', () => {
    const m = model([...loop('draft', PLAIN_VISITS_MAX), ...loop('review', PLAIN_VISITS_MAX + 1, 0, 1000)]);
    expect(m.rows.find((r) => r.id === 'draft')?.visits).toBeUndefined();
    expect(m.rows.find((r) => r.id === 'review')?.visits).toEqual({ count: 4, failed: 0 });
    const shown = visibleRows(m.rows, { allCollapsed: false, ids: {} }).map((i) => m.rows[i].id);
    expect(shown).toEqual(['draft', 'draft.visit[0]', 'draft.visit[1]', 'draft.visit[2]', 'review']);
  });

  it('counts a visit as failed when it failed or one of its attempts did, once however many attempts failed', () => {
    const retried: TimelineStepInput = {
      stepPath: 'loop.visit[0]',
      status: 'completed',
      usage: USAGE,
      attempts: [
        { attemptId: 'attempt_1', startedAt: at(0), finishedAt: at(5), status: 'failed' },
        { attemptId: 'attempt_2', startedAt: at(6), finishedAt: at(9), status: 'completed' },
      ],
    };
    // Visit 0 retried after a failed attempt; visits 1 and 3 failed (every 2nd); 2 and 4 completed.
    const m = model([retried, ...loop('loop', 5, 2).slice(1)]);
    expect(m.rows[0].visits).toEqual({ count: 5, failed: 3 });
    const v = (status: 'failed' | 'crashed' | 'completed', ...attempts: Array<'failed' | 'completed'>) => ({ status, segments: attempts.map((a) => ({ status: a })) });
    expect(visitSummary([v('failed', 'failed'), v('completed', 'failed', 'failed', 'completed'), v('crashed'), v('completed', 'completed')])).toEqual({ count: 4, failed: 2 });
    expect(visitSummary([v('failed'), v('failed'), v('failed')])).toBeUndefined();
  });

  it('folds an aggregated loop by default, under expand all too; a toggle opens it', () => {
    const m = model([...loop('decide', 50), step('after', 2000, 2010)]);
    const expandAll = { allCollapsed: false, ids: {} };
    expect(visibleRows(m.rows, expandAll).map((i) => m.rows[i].id)).toEqual(['decide', 'after']);
    expect(visibleRows(m.rows, { allCollapsed: true, ids: {} })).toHaveLength(2);
    const opened = visibleRows(m.rows, { allCollapsed: false, ids: { decide: true } });
    expect(opened).toHaveLength(52);
    expect(visibleRows(m.rows, { allCollapsed: true, ids: { decide: true } })).toHaveLength(52);
    expect(isFolded(expandAll, m.rows[0])).toBe(true);
    // A plain group still follows the fold as before.
    expect(isFolded(expandAll, { id: 'g', descendants: 2 })).toBe(false);
    expect(isFolded({ allCollapsed: false, ids: { g: true } }, { id: 'g', descendants: 2 })).toBe(true);
  });
});

describe('density bins', () => {
  it('counts segments by where they start and marks the failed ones', () => {
    const segments = [
      { a0: 0, status: 'completed' as const },
      { a0: 9.9, status: 'failed' as const },
      { a0: 10, status: 'completed' as const },
      { a0: 100, status: 'failed' as const },
      { a0: 101, status: 'completed' as const },
      { a0: -1, status: 'completed' as const },
    ];
    const d = densityBins(segments, 0, 100, 10);
    expect(d.counts).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(d.failed).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(densityBins(segments, 5, 5, 4).counts).toEqual([0, 0, 0, 0]);
  });

  it('gives the model the run density over the whole axis, counting each attempt once', () => {
    const m = model([...loop('decide', 400, 4), step('after', 5000, 5010)]);
    expect(m.density.counts).toHaveLength(RUN_DENSITY_BINS);
    // 400 visits and one step: the visits group repeats its visits' segments and is left out.
    expect(m.density.counts.reduce((a, b) => a + b, 0)).toBe(401);
    expect(m.density.failed.reduce((a, b) => a + b, 0)).toBe(100);
    expect(m.density).toMatchObject({ start: 0, end: m.axis.axisMs });
  });
});
