/**
 * The one virtualized list: wraps @tanstack/react-virtual with fixed row heights, so at most
 * a screenful of rows (plus overscan) is in the DOM whatever the item count.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';

export type VirtualListProps = {
  count: number;
  rowHeight: number;
  /** Render row `index`; the wrapper positions it. */
  renderRow(index: number): ReactNode;
  /** Scroll this row into view when it changes (keyboard focus, deep links). */
  scrollToIndex?: number | null;
  overscan?: number;
  className?: string;
  /** Accessible name of the list. */
  label: string;
  /** Called with the visible index range, for paging data in. */
  onRangeChange?(start: number, end: number): void;
  role?: 'list' | 'listbox' | 'grid' | 'table';
};

export function VirtualList({ count, rowHeight, renderRow, scrollToIndex, overscan = 8, className, label, onRangeChange, role = 'list' }: VirtualListProps) {
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count, getScrollElement: () => parentRef.current, estimateSize: () => rowHeight, overscan });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (scrollToIndex !== null && scrollToIndex !== undefined && scrollToIndex >= 0 && scrollToIndex < count) {
      virtualizer.scrollToIndex(scrollToIndex, { align: 'auto' });
    }
  }, [scrollToIndex, count, virtualizer]);

  useEffect(() => {
    if (last >= first) onRangeChange?.(first, last);
  }, [first, last, onRangeChange]);

  return (
    <div ref={parentRef} className={`virtual-list ${className ?? ''}`} role={role} aria-label={label} tabIndex={0}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => (
          <div
            key={item.key}
            className="virtual-row"
            data-index={item.index}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${item.start}px)` }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
