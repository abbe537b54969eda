/**
 * The bundle's size budget: which payload texts fit. The run model and every envelope are always
 * embedded (counts, costs, statuses and the crash boundary never depend on the budget); payload
 * texts are kept smallest first until the budget is spent, so what is left out is the few largest
 * bodies, and the page says how many and how big.
 */

/** A candidate body: its key (event sequence or artifact ref) and its UTF-8 size. */
export type BudgetItem<K> = { key: K; bytes: number };

/** What fits: the kept keys, and totals of what was left out. */
export type BudgetChoice<K> = { kept: Set<K>; keptBytes: number; omitted: { count: number; bytes: number; smallestBytes: number | null } };

/**
 * Keep items smallest first (ties: in the order given) while their sum stays within `budget`.
 * Every item left out is at least as large as every item kept.
 */
export function chooseWithinBudget<K>(items: readonly BudgetItem<K>[], budget: number): BudgetChoice<K> {
  const order = items.map((_, i) => i).sort((a, b) => items[a]!.bytes - items[b]!.bytes || a - b);
  const kept = new Set<K>();
  let keptBytes = 0;
  let cut = order.length;
  for (let i = 0; i < order.length; i++) {
    const item = items[order[i]!]!;
    if (keptBytes + item.bytes > budget) {
      cut = i;
      break;
    }
    kept.add(item.key);
    keptBytes += item.bytes;
  }
  let bytes = 0;
  for (let i = cut; i < order.length; i++) bytes += items[order[i]!]!.bytes;
  return { kept, keptBytes, omitted: { count: order.length - cut, bytes, smallestBytes: cut < order.length ? items[order[cut]!]!.bytes : null } };
}

/** "1.5 MB" / "980 KB" / "12 bytes" for the budget notes (decimal units, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`;
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;
}

/** What a view says where a payload the bundle's budget left out would show. */
export function omittedPayloadMessage(what: string, bytes: number): string {
  return `The ${what} (${formatBytes(bytes)}) was left out of this bundle by its size budget; the envelope, counts and costs are here.`;
}
