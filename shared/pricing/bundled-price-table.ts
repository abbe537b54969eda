/**
 * The bundled price table: the figures of little-workflow's `model-registry.json`
 * @a99f487 (18 entries), transcribed as data.
 *
 * Kept identical to upstream on purpose: `little report` prices with this file, so any
 * "correction" here would make our costs disagree with the engine's. Users who need other
 * rates load their own table (user-price-table.ts) instead of editing this one.
 */
import type { PriceTable, PriceTableEntry } from './price-table-types';

const OPENAI = 'https://developers.openai.com/api/docs/pricing';
const ANTHROPIC = 'https://platform.claude.com/docs/en/about-claude/pricing';
const GOOGLE = 'https://ai.google.dev/gemini-api/docs/pricing';
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing';
const VERIFIED = '2026-08-07';

function sourced(
  input: number,
  output: number,
  cachedInput: number | undefined,
  pricingSource: string,
  contextWindow: number,
  capabilities: readonly string[],
): PriceTableEntry {
  // `cachedInput` is left out (not set to undefined) when upstream has none, so
  // "no published cache rate" stays distinguishable and falls back to the input rate.
  const pricing = cachedInput === undefined
    ? { input, output, currency: 'USD' as const }
    : { input, output, cachedInput, currency: 'USD' as const };
  return { capabilities, pricing, contextWindow, pricingSource, pricingVerifiedAt: VERIFIED };
}

function unverified(
  input: number,
  output: number,
  contextWindow: number,
  capabilities: readonly string[],
): PriceTableEntry {
  return { capabilities, pricing: { input, output, currency: 'USD' }, contextWindow, unverified: true };
}

const T = ['text', 'structured', 'tools'] as const;
const TV = ['text', 'structured', 'tools', 'vision'] as const;

/** Registry entries keyed by lowercase `provider/model`, in upstream file order. */
export const BUNDLED_PRICE_ENTRIES: Readonly<Record<string, PriceTableEntry>> = {
  'openai/gpt-4o-mini': sourced(0.15, 0.6, 0.075, OPENAI, 128000, T),
  'openai/gpt-4o': sourced(2.5, 10, 1.25, OPENAI, 128000, TV),
  'openai/gpt-5': sourced(1.25, 10, 0.125, OPENAI, 256000, TV),
  'openai/o4-mini': sourced(1.1, 4.4, 0.275, OPENAI, 200000, ['text', 'structured', 'tools', 'reasoning']),
  'anthropic/claude-sonnet-4-6': sourced(3, 15, 0.3, ANTHROPIC, 1000000, TV),
  'anthropic/claude-opus-4-7': sourced(5, 25, 0.5, ANTHROPIC, 1000000, TV),
  'google/gemini-2.5-pro': sourced(1.25, 10, 0.125, GOOGLE, 1000000, TV),
  'google/gemini-2.5-flash': sourced(0.3, 2.5, 0.03, GOOGLE, 1000000, TV),
  'deepseek/deepseek-v4-flash': sourced(0.14, 0.28, 0.0028, DEEPSEEK, 1000000, T),
  'deepseek/deepseek-v4-pro': sourced(0.435, 0.87, 0.003625, DEEPSEEK, 1000000, T),
  'mistral/mistral-large-latest': sourced(2, 6, undefined, 'https://mistral.ai/pricing#api-pricing', 128000, T),
  'perplexity/sonar-pro': sourced(3, 15, undefined, 'https://docs.perplexity.ai/getting-started/pricing', 128000,
    ['text', 'structured', 'search']),
  'groq/llama-3.3-70b-versatile': sourced(0.59, 0.79, undefined,
    'https://console.groq.com/docs/model/llama-3.3-70b-versatile', 128000, T),
  'amazon/nova-pro': sourced(0.8, 3.2, undefined, 'https://aws.amazon.com/bedrock/pricing/', 300000, TV),
  'meta/llama-4-maverick': unverified(0.2, 0.6, 128000, ['text', 'structured', 'vision']),
  'qwen/qwen3-coder': unverified(0.3, 1.2, 128000, ['text', 'structured', 'tools', 'code']),
  'cohere/command-a': unverified(2.5, 10, 256000, T),
  'azure/gpt-4o': unverified(2.5, 10, 128000, TV),
};

/** The table `little report` prices with (little-workflow model-registry.json @a99f487). */
export const BUNDLED_PRICE_TABLE: PriceTable = {
  id: 'little-workflow-registry@a99f487',
  name: 'little-workflow model registry (bundled)',
  source: 'bundled',
  origin: 'samuelch727/little-workflow packages/little-workflow/src/model-registry.json @a99f487',
  entries: BUNDLED_PRICE_ENTRIES,
};
