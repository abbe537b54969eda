/**
 * Price-table staleness (the 90-day rule of little-workflow model-registry.test.ts @2884677).
 *
 * Upstream fails its own test suite once a sourced entry is more than 90 whole days past
 * `pricingVerifiedAt`; the inspector shows the same verdict instead of failing.
 */
import type { PriceTable } from './price-table-types';

/** Longest allowed age of a sourced entry, in whole days. */
export const MAX_PRICING_AGE_DAYS = 90;

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a `YYYY-MM-DD` date, or undefined when it is not a calendar date. */
export function parseVerifiedAt(value: string): number | undefined {
  if (!ISO_DATE.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** One sourced entry that is past the window. */
export type StaleEntry = { key: string; verifiedAt: string; ageDays: number; pricingSource?: string };

/** Sourced entries older than 90 whole days at `now`; unverified and undated entries are skipped, as upstream. */
export function staleEntries(table: PriceTable, now: Date): StaleEntry[] {
  const stale: StaleEntry[] = [];
  for (const [key, entry] of Object.entries(table.entries)) {
    if (entry.unverified === true || typeof entry.pricingVerifiedAt !== 'string') continue;
    const verifiedMs = parseVerifiedAt(entry.pricingVerifiedAt);
    if (verifiedMs === undefined) continue;
    // Whole days, floored, and strictly greater than the limit: day 90 is still fresh.
    const ageDays = Math.floor((now.getTime() - verifiedMs) / DAY_MS);
    if (ageDays > MAX_PRICING_AGE_DAYS) {
      stale.push({ key, verifiedAt: entry.pricingVerifiedAt, ageDays, pricingSource: entry.pricingSource });
    }
  }
  return stale;
}

/** True when any sourced entry of `table` is more than 90 days past its verification date. */
export function isStale(table: PriceTable, now: Date): boolean {
  return staleEntries(table, now).length > 0;
}

/** Facts a UI needs to say which table priced the figures and how trustworthy it is. */
export type PricingProvenance = {
  tableId: string;
  tableName: string;
  source: PriceTable['source'];
  entryCount: number;
  unverifiedCount: number;
  /** Oldest `pricingVerifiedAt` among sourced entries, or null when none is dated. */
  oldestVerifiedAt: string | null;
  stale: boolean;
};

// The last answer, by table, its entries and the UTC day of `now` (a verdict of whole days, counted
// from midnight, changes only at midnight): a fleet index build asks once per run, for one table.
let last: { table: PriceTable; entries: PriceTable['entries']; day: number; answer: PricingProvenance } | null = null;

/** Summarise `table` for display next to any cost it produced. */
export function pricingProvenance(table: PriceTable, now: Date): PricingProvenance {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (last !== null && last.table === table && last.entries === table.entries && last.day === day) return { ...last.answer };
  const answer = provenanceOf(table, now);
  last = { table, entries: table.entries, day, answer: { ...answer } };
  return answer;
}

function provenanceOf(table: PriceTable, now: Date): PricingProvenance {
  const entries = Object.values(table.entries);
  const dated = entries
    .map((entry) => entry.pricingVerifiedAt)
    .filter((value): value is string => typeof value === 'string' && parseVerifiedAt(value) !== undefined)
    .sort();
  return {
    tableId: table.id,
    tableName: table.name,
    source: table.source,
    entryCount: entries.length,
    unverifiedCount: entries.filter((entry) => entry.unverified === true).length,
    oldestVerifiedAt: dated[0] ?? null,
    stale: isStale(table, now),
  };
}
