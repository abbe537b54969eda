/**
 * Pricing of one model call (little-workflow pricing.ts @2884677 `priceModelCall`).
 *
 * Token semantics the arithmetic relies on: cached input is a subset of input and
 * reasoning is a subset of output, so neither is charged twice. The table is a
 * parameter so a user-loaded table can price the same events; the bundled one is what
 * `little report` uses.
 */
import { lookupModelPrice } from './price-lookup';
import type { PriceTable, PricedBy } from './price-table-types';

/** Rates are quoted per this many tokens. */
export const TOKENS_PER_PRICE_UNIT = 1_000_000;

/** Token counts of one call; anything that is not a finite positive number counts as 0. */
export type ModelCallUsage = {
  inputTokens?: unknown;
  outputTokens?: unknown;
  cachedInputTokens?: unknown;
  reasoningTokens?: unknown;
};

/** The model identity recorded on the event (`payload.model`). */
export type ModelCallIdentity = {
  provider?: string;
  modelId?: string;
};

/** One call's normalised tokens and its cost (`null` when no table entry matched). */
export type PricedModelCall = {
  costUsd: number | null;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  /** Input tokens billed at the full input rate. */
  uncachedInputTokens: number;
  /** True when cache hits were billed at the input rate because the entry has no cached rate. */
  cachedInputRateFellBack: boolean;
  /** The table and key that priced the call; null for an unpriced call. */
  pricedBy: PricedBy | null;
};

/** A count is kept only when it is a finite number above zero (fractions survive). */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Price one call against `table` (always explicit: a default once priced runs against the wrong table). */
export function priceModelCall(
  identity: ModelCallIdentity,
  usage: ModelCallUsage,
  table: PriceTable,
): PricedModelCall {
  const inputTokens = tokenCount(usage.inputTokens);
  const outputTokens = tokenCount(usage.outputTokens);
  const reasoningTokens = Math.min(tokenCount(usage.reasoningTokens), outputTokens);
  const cachedInputTokens = Math.min(tokenCount(usage.cachedInputTokens), inputTokens);
  const uncachedInputTokens = inputTokens - cachedInputTokens;
  const tokens = { inputTokens, outputTokens, cachedInputTokens, reasoningTokens, uncachedInputTokens };

  const match = findPrice(identity, table);
  if (match === undefined) {
    return { costUsd: null, ...tokens, cachedInputRateFellBack: false, pricedBy: null };
  }
  const { pricing } = match.entry;
  const cachedRate = pricing.cachedInput ?? pricing.input;
  // Same operation order as upstream so float results are bit-identical.
  const costUsd =
    (uncachedInputTokens * pricing.input + cachedInputTokens * cachedRate + outputTokens * pricing.output) /
    TOKENS_PER_PRICE_UNIT;
  return {
    costUsd,
    ...tokens,
    cachedInputRateFellBack: pricing.cachedInput === undefined,
    pricedBy: { tableId: table.id, tableName: table.name, source: table.source, key: match.key },
  };
}

function findPrice(identity: ModelCallIdentity, table: PriceTable) {
  const { provider, modelId } = identity;
  // Empty or missing identity parts are unpriced, never matched against a partial key.
  if (typeof provider !== 'string' || provider.length === 0) return undefined;
  if (typeof modelId !== 'string' || modelId.length === 0) return undefined;
  return lookupModelPrice(table, provider, modelId);
}
