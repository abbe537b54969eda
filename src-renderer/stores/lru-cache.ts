/** A small least-recently-used cache (the paged lists keep their pages in one). */

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
