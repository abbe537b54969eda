/**
 * Price-table lookup with AI SDK provider-suffix stripping (little-workflow
 * model-registry.ts @a99f487 `modelRegistryKeys` / `getModelInfoFor`).
 *
 * The AI SDK reports providers as `<name>.<modelType>` (`openai.responses`), while tables
 * are keyed by the bare provider. Trailing dot segments are removed from the provider
 * only, one at a time, most specific first; the model id is never altered because model
 * ids contain dots themselves (`gpt-4.1`).
 */
import type { PriceTable, PriceTableEntry } from './price-table-types';

/** Candidate keys for `(provider, modelId)`, most specific first, each lowercased. */
export function priceTableKeys(provider: string, modelId: string): string[] {
  const keys: string[] = [];
  let current = provider;
  for (;;) {
    // Lowercase the whole key but never trim it: `" openai"` must stay unpriced, as upstream.
    keys.push(`${current}/${modelId}`.toLowerCase());
    const lastDot = current.lastIndexOf('.');
    // A dot at index 0 is not stripped (`.openai` stays as is), matching the original.
    if (lastDot <= 0) return keys;
    current = current.slice(0, lastDot);
  }
}

/** The first table entry matching `(provider, modelId)` and the key that matched, if any. */
export function lookupModelPrice(
  table: PriceTable,
  provider: string,
  modelId: string,
): { key: string; entry: PriceTableEntry } | undefined {
  for (const key of priceTableKeys(provider, modelId)) {
    // Own keys only: table entries are data, never inherited object members.
    if (Object.hasOwn(table.entries, key)) {
      const entry = table.entries[key];
      if (entry !== undefined) return { key, entry };
    }
  }
  return undefined;
}
