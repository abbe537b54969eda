/** A loopctl run with nothing folded into it yet: the one place its empty defaults live. */
import { emptyUsageTotals } from '../pricing/usage-totals';
import type { LoopctlRun } from './loopctl-types';

/** Where a run came from; everything else starts empty and is filled by the fold. */
export type RunOrigin = Pick<LoopctlRun, 'id' | 'sessionId' | 'ordinal' | 'eventsRunId' | 'trajectoryRunId' | 'startSeen' | 'ended' | 'abandoned'>;

/** An empty run for `origin`, with `overrides` (outcome, times, notes…) applied. */
export function blankRun(origin: RunOrigin, overrides: Partial<LoopctlRun> = {}): LoopctlRun {
  return {
    ...origin,
    matchedBy: null,
    success: null,
    error: null,
    outcome: null,
    outcomeSource: null,
    startedAt: null,
    finishedAt: null,
    durationMs: null,
    totalTurns: null,
    modelTurns: [],
    toolCalls: [],
    timeline: [],
    kindCounts: {},
    eventCount: 0,
    lastKind: null,
    lastSeq: 0,
    usage: emptyUsageTotals(),
    diagnostics: [],
    notes: [],
    ...overrides,
  };
}
