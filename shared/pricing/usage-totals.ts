/**
 * Usage totals arithmetic (little-workflow pricing.ts @2884677).
 *
 * `costUsd` carries three meanings that must never blur: `0` = really nothing spent,
 * a number with `unpricedCalls > 0` = a lower bound, `null` = nothing could be priced.
 * Key order of every object built here matches the original, because `little replay`
 * prints the state with `JSON.stringify`.
 */
import type { PricedModelCall } from './price-model-call';

/** Token and cost totals; `costUsd` is null when calls exist but none could be priced. */
export type UsageTotals = {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  costUsd: number | null;
  pricedCalls: number;
  unpricedCalls: number;
};

/** Totals of a scope with no model calls: a measured $0. */
export function emptyUsageTotals(): UsageTotals {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cachedInputTokens: 0,
    reasoningTokens: 0,
    costUsd: 0,
    pricedCalls: 0,
    unpricedCalls: 0,
  };
}

/** Totals of a scope whose usage could not be recovered: zeros with an unknown cost. */
export function unknownUsageTotals(): UsageTotals {
  return { ...emptyUsageTotals(), costUsd: null };
}

function combinedCost(pricedCalls: number, unpricedCalls: number, a: number | null, b: number | null): number | null {
  // The `?? 0` only matters for a null side next to priced calls; the sum of priced calls wins.
  if (pricedCalls === 0) return unpricedCalls === 0 ? 0 : null;
  return (a ?? 0) + (b ?? 0);
}

/** Fold one priced (or unpriced) call into running totals; an unpriced call never becomes $0. */
export function addPricedCall(totals: UsageTotals, call: PricedModelCall): UsageTotals {
  const priced = call.costUsd === null ? 0 : 1;
  const { inputTokens, outputTokens, cachedInputTokens, reasoningTokens, costUsd } = call;
  return mergeUsageTotals(totals, { inputTokens, outputTokens, cachedInputTokens, reasoningTokens, costUsd, pricedCalls: priced, unpricedCalls: 1 - priced });
}

/** Merge two scopes' totals (e.g. steps into a run-wide sum). */
export function mergeUsageTotals(a: UsageTotals, b: UsageTotals): UsageTotals {
  const pricedCalls = a.pricedCalls + b.pricedCalls;
  const unpricedCalls = a.unpricedCalls + b.unpricedCalls;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cachedInputTokens: a.cachedInputTokens + b.cachedInputTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    costUsd: combinedCost(pricedCalls, unpricedCalls, a.costUsd, b.costUsd),
    pricedCalls,
    unpricedCalls,
  };
}

/** Share of input tokens served from cache, 0 when there was no input. */
export function cacheHitShare(totals: { inputTokens: number; cachedInputTokens: number }): number {
  return totals.inputTokens === 0 ? 0 : totals.cachedInputTokens / totals.inputTokens;
}
