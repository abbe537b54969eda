import { describe, expect, it } from 'vitest';
import type { Job, JobRun, JobSubRun } from '../../../shared/job/job-types';
import { jobRows, tokensText } from './job-rows';

const run = (runId: string, depth: number, parentRunId: string | null): JobRun => ({
  runId, parentRunId, depth, role: depth === 0 ? 'orchestrator' : 'sub-run', status: 'completed', crashed: false, startedAt: null, finishedAt: null, durationMs: null,
  lastSequence: 1, reportError: null, costUsd: 0, inputTokens: 1200, cachedInputTokens: 800, outputTokens: 5, reasoningTokens: 0, pricedCalls: 1, unpricedCalls: 0, inFlightCalls: 0,
});
const sub = (runId: string, parentRunId: string, action: JobSubRun['action']): JobSubRun => ({ runId, parentRunId, callId: null, status: 'missing', action, ownResume: null });

describe('the Job view rows', () => {
  it('puts a dispatched sub-run with no log after its parent\'s last descendant, one level below, with its word', () => {
    const job = { runs: [run('top', 0, null), run('a', 1, 'top'), run('a1', 2, 'a'), run('b', 1, 'top')], subRuns: [sub('a', 'top', 'fast-forward'), sub('gone', 'a', 're-dispatch')] } as Job;
    const rows = jobRows(job);
    expect(rows.map((r) => [r.runId, r.depth, r.subRun?.action ?? null, r.run === null])).toEqual([
      ['top', 0, null, false], ['a', 1, 'fast-forward', false], ['a1', 2, null, false], ['gone', 2, 're-dispatch', true], ['b', 1, null, false],
    ]);
  });

  it('says tokens with thousands separators, cached inside input', () => {
    expect(tokensText(run('x', 0, null))).toBe('1,200 in (800 cached) · 5 out · 0 reasoning');
  });
});
