/**
 * Paging of the events list: rows are cached by page of {@link EVENT_PAGE} sequences
 * (page p holds sequences p*500+1 … p*500+500), whether the list is filtered or not, so a
 * filtered view reuses the pages the plain view fetched. A small LRU bounds memory.
 */

/** Sequences per page (the contract allows up to 1000 per request). */
export const EVENT_PAGE = 500;
/** Pages kept in memory (64 x 500 rows). */
export const PAGE_CACHE_LIMIT = 64;

/** Page number holding `sequence` (sequences start at 1). */
export function pageOf(sequence: number): number {
  return Math.floor((sequence - 1) / EVENT_PAGE);
}

/** First sequence of page `page`. */
export function pageStart(page: number): number {
  return page * EVENT_PAGE + 1;
}

/** The sequence shown at row `index`: dense (`index + 1`) or through a filter's index. */
export function sequenceAt(index: number, filtered: readonly number[] | null): number | undefined {
  if (filtered === null) return index + 1;
  return filtered[index];
}

/** Row index of `sequence`, or -1 when the filter hides it. */
export function indexOfSequence(sequence: number, filtered: readonly number[] | null, count: number): number {
  if (filtered === null) return sequence >= 1 && sequence <= count ? sequence - 1 : -1;
  let lo = 0;
  let hi = filtered.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = filtered[mid]!;
    if (value === sequence) return mid;
    if (value < sequence) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Distinct pages needed to show rows `start…end` (inclusive), in order. */
export function pagesForRange(start: number, end: number, filtered: readonly number[] | null, count: number): number[] {
  const pages: number[] = [];
  const last = Math.min(end, count - 1);
  for (let i = Math.max(0, start); i <= last; i++) {
    const seq = sequenceAt(i, filtered);
    if (seq === undefined) continue;
    const page = pageOf(seq);
    if (pages[pages.length - 1] !== page) pages.push(page);
  }
  return [...new Set(pages)];
}

/** A least-recently-used map: `get` refreshes an entry, `set` evicts the oldest past `limit`. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly limit: number) {}

  /** The entry, marked as most recently used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  /** The entry without touching its recency (for renders). */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Store an entry; returns the keys evicted. */
  set(key: K, value: V): K[] {
    this.map.delete(key);
    this.map.set(key, value);
    const evicted: K[] = [];
    while (this.map.size > this.limit) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
      evicted.push(oldest);
    }
    return evicted;
  }

  /** Drop one entry. */
  delete(key: K): void {
    this.map.delete(key);
  }

  /** True when `key` is cached. */
  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Number of entries. */
  get size(): number {
    return this.map.size;
  }

  /** Drop everything. */
  clear(): void {
    this.map.clear();
  }
}
