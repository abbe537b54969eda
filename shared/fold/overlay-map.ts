/**
 * A Map that reads through to a base Map it never changes: what a forked fold changes of a
 * snapshot's map (copy-on-write.ts). Copying a 20,000-entry map on a fork's first write costs
 * a few ms, and a 200,000-event run's fold holds a dozen such maps (by step path, call id,
 * lane): an overlay costs nothing up front and holds only the fork's own changes.
 *
 * It behaves as a Map of base's entries with its own changes applied, iteration order included:
 * a key set again keeps its place, a key deleted and set again moves to the end. `flatten()` is
 * that Map as a plain Map (serialisers must see only plain maps: a structured clone of an
 * overlay would carry its own entries alone). A snapshot keeps a fork's overlay while its
 * changes are few next to its base, so snapshots taken one after another share one base and
 * each holds only what changed since; `rebased()` is the next fork's copy of such an overlay.
 */
export class OverlayMap<K, V> extends Map<K, V> {
  /** Keys of base deleted here (and not set again). */
  private hidden = new Set<K>();
  /** Keys of base deleted here and set again: they now sit after base's keys. */
  private moved = new Set<K>();

  constructor(private readonly base: ReadonlyMap<K, V>) {
    super();
  }

  // Reads are the fold's hot path: one lookup here, the hidden set only when it holds anything.
  override get(key: K): V | undefined {
    const own = super.get(key);
    if (own !== undefined || super.has(key)) return own;
    return this.hidden.size !== 0 && this.hidden.has(key) ? undefined : this.base.get(key);
  }

  override has(key: K): boolean {
    return super.has(key) || ((this.hidden.size === 0 || !this.hidden.has(key)) && this.base.has(key));
  }

  override set(key: K, value: V): this {
    // Set again after a delete: it now sits after base's keys, as in a Map.
    if (this.hidden.size !== 0 && this.hidden.delete(key)) this.moved.add(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (!this.has(key)) return false;
    super.delete(key);
    if (this.base.has(key)) this.hidden.add(key);
    return true;
  }

  override clear(): void {
    super.clear();
    for (const key of this.base.keys()) this.hidden.add(key);
    this.moved.clear();
  }

  // Counted (the folds read sizes rarely): base's keys not hidden, and this overlay's keys base lacks.
  override get size(): number {
    let count = this.base.size - this.hidden.size;
    for (const key of super.keys()) if (!this.base.has(key)) count += 1;
    return count;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) {
      if (this.hidden.has(key) || this.moved.has(key)) continue;
      yield [key, super.has(key) ? (super.get(key) as V) : value];
    }
    for (const [key, value] of super.entries()) {
      if (this.base.has(key) && !this.moved.has(key)) continue;
      yield [key, value];
    }
  }

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** The same entries in the same order as a plain Map (base copied whole, then this overlay's changes applied). */
  flatten(): Map<K, V> {
    const flat = new Map(this.base);
    for (const key of this.hidden) flat.delete(key);
    for (const [key, value] of super.entries()) {
      if (this.moved.has(key)) flat.delete(key);
      flat.set(key, value);
    }
    return flat;
  }

  /** Whether this overlay's changes are many next to its base (then flatten it rather than carry them). */
  get drifted(): boolean {
    return super.size + this.hidden.size > this.base.size / 4;
  }

  /** A new overlay over the same base with this one's changes (costs the changes, not the base). */
  rebased(): OverlayMap<K, V> {
    const copy = new OverlayMap<K, V>(this.base);
    for (const [key, value] of super.entries()) Map.prototype.set.call(copy, key, value);
    copy.hidden = new Set(this.hidden);
    copy.moved = new Set(this.moved);
    return copy;
  }
}
