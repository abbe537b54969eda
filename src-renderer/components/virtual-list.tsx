/**
 * The one virtualized list: wraps @tanstack/react-virtual with fixed row heights, so at most
 * a screenful of rows (plus overscan) is in the DOM whatever the item count.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';

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
  role?: 'list' | 'listbox' | 'grid' | 'table' | 'treegrid';
  /** Id of the active row (listbox keyboard selection stays on the list element). */
  activeDescendant?: string;
  /** Use this ref for the scrolling, focusable container (keyboard layer, focus management). */
  containerRef?: RefObject<HTMLDivElement | null>;
  /** Rendered first inside the container and kept in view (sticky), e.g. column headers. */
  header?: ReactNode;
  /** Height of `header` in px, so a row scrolled into view is never hidden under it. */
  headerHeight?: number;
  /** Extra attributes for the container (aria-rowcount, onKeyDown, …). */
  containerProps?: Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'role' | 'children'>;
  /** Stable key of row `index` (defaults to the index), so rows keep their DOM across re-sorts. */
  rowKey?(index: number): string | number;
};

/** A fixed-row-height virtualized list. */
export function VirtualList(props: VirtualListProps) {
  const { count, rowHeight, renderRow, scrollToIndex, overscan = 8, className, label, onRangeChange, role = 'list', activeDescendant } = props;
  const { containerRef, header, headerHeight = 0, containerProps, rowKey } = props;
  const ownRef = useRef<HTMLDivElement>(null);
  const parentRef = containerRef ?? ownRef;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => rowHeight,
    overscan,
    // Rows start below the header and must scroll into view below it too.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    getItemKey: rowKey,
  });
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
    <div
      ref={parentRef}
      tabIndex={0}
      aria-activedescendant={activeDescendant}
      {...containerProps}
      aria-label={label}
      className={`virtual-list ${className ?? ''}`}
      role={role}
    >
      {header}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((item) => (
          <div
            key={item.key}
            className="virtual-row"
            data-index={item.index}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: rowHeight, transform: `translateY(${item.start - headerHeight}px)` }}
          >
            {renderRow(item.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
