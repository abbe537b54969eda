/** A binary min-heap ordered by `less`: push and pop in O(log n). */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  /** The least item, or undefined when empty. */
  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  /** Take the least item out, or undefined when empty. */
  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && this.less(items[left], items[least])) least = left;
      if (right < items.length && this.less(items[right], items[least])) least = right;
      if (least === i) return top;
      [items[i], items[least]] = [items[least], items[i]];
      i = least;
    }
  }
}
