import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../shared/diagnostics';
import { findingsBySeverity, runTiming, tokenKinds } from './overview-facts';

const usage = { inputTokens: 1200, outputTokens: 340, cachedInputTokens: 800, reasoningTokens: 64, costUsd: 0.0003, pricedCalls: 1, unpricedCalls: 0 };

describe('overview facts', () => {
  it('groups findings by severity, errors first, empty groups dropped', () => {
    const f = (severity: Diagnostic['severity'], sequence: number): Diagnostic => ({ code: 'sequence-gap', severity, message: 'm', sequence });
    const groups = findingsBySeverity([f('info', 1), f('error', 2), f('error', 3)]);
    expect(groups.map((g) => [g.severity, g.items.length])).toEqual([
      ['error', 2],
      ['info', 1],
    ]);
  });

  it('splits tokens into billing kinds without double counting', () => {
    expect(tokenKinds(usage)).toEqual({ uncachedInput: 400, cachedInput: 800, output: 340, reasoning: 64 });
    expect(tokenKinds({ ...usage, cachedInputTokens: 5000 }).uncachedInput).toBe(0);
  });

  it('times a finished run and a stopped one', () => {
    const state = { runId: 'r', status: 'completed' as const, usage, artifacts: [], eventCount: 3, startedAt: '2026-11-20T09:00:00.000Z' };
    expect(runTiming({ state: { ...state, finishedAt: '2026-11-20T09:17:00.000Z' }, firstRecordedAt: null, lastRecordedAt: null })).toMatchObject({
      ended: 'finished',
      durationMs: 17 * 60_000,
    });
    expect(runTiming({ state, firstRecordedAt: null, lastRecordedAt: '2026-11-20T09:00:02.000Z' })).toMatchObject({ ended: 'last-event', durationMs: 2000 });
  });
});
