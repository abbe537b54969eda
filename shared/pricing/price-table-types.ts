/**
 * Price table shapes: little-workflow's `ModelInfo` registry entries (model-registry.ts
 * @a99f487) plus the table-level identity the inspector adds so every figure can say
 * which table priced it.
 */

/** Rates in USD per 1,000,000 tokens; `cachedInput` absent means cache hits bill at `input`. */
export type ModelPricing = {
  input: number;
  output: number;
  cachedInput?: number;
  currency: 'USD';
};

/** One `provider/model` entry, with the registry's provenance fields. */
export type PriceTableEntry = {
  description?: string;
  capabilities?: readonly string[];
  pricing: ModelPricing;
  contextWindow?: number;
  /** https URL of the provider pricing page the rates were read from. */
  pricingSource?: string;
  /** `YYYY-MM-DD` (UTC) when `pricingSource` was last checked. */
  pricingVerifiedAt?: string;
  /** True when no official rate could be sourced; such entries carry no source/date. */
  unverified?: true;
};

/** Where a table came from: the snapshot shipped with the app, or a file the user loaded. */
export type PriceTableSource = 'bundled' | 'user';

/** A named price table; `entries` is keyed by lowercase `provider/model`. */
export type PriceTable = {
  id: string;
  name: string;
  source: PriceTableSource;
  /** Free-text origin, e.g. the upstream file and commit the figures were taken from. */
  origin?: string;
  entries: Readonly<Record<string, PriceTableEntry>>;
};

/** Which table (and which key in it) priced a call. */
export type PricedBy = {
  tableId: string;
  tableName: string;
  source: PriceTableSource;
  key: string;
};
