/**
 * Sums over run-list rows (an outer loop's cycles): events, tokens and cost. A figure nobody
 * knows stays unknown: the sum of unknowns is null, never a made-up 0, and known parts add up.
 */
import type { RunSummary } from '../library';

/** Totals of some run rows. */
export type RunRowTotals = { eventCount: number; costUsd: number | null; inputTokens: number | null; outputTokens: number | null; /** Calls of unknown cost the sum leaves out. */ unpricedCalls: number; inFlightCalls: number };

/** The sum of the known values, or null when none is known. */
export function sumKnown(values: Iterable<number | null>): number | null {
  let sum: number | null = null;
  for (const value of values) if (value !== null) sum = (sum ?? 0) + value;
  return sum;
}

/** Events, cost and tokens of `runs` together. */
export function runRowTotals(runs: readonly Pick<RunSummary, 'eventCount' | 'costUsd' | 'inputTokens' | 'outputTokens' | 'unpricedCalls' | 'inFlightCalls'>[]): RunRowTotals {
  return {
    eventCount: runs.reduce((n, run) => n + run.eventCount, 0),
    costUsd: sumKnown(runs.map((run) => run.costUsd)),
    inputTokens: sumKnown(runs.map((run) => run.inputTokens)),
    outputTokens: sumKnown(runs.map((run) => run.outputTokens)),
    unpricedCalls: runs.reduce((n, run) => n + (run.unpricedCalls ?? 0), 0),
    inFlightCalls: runs.reduce((n, run) => n + (run.inFlightCalls ?? 0), 0),
  };
}
