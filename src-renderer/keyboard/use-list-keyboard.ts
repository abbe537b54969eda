/** Make a list answer j/k, g/G, Enter (and arrows while focused) through the keyboard layer. */
import { useEffect, useRef } from 'react';
import { registerList, registerSearch, type ListTarget } from './keyboard-registry';

/** What a list tells the keyboard layer; `selected` is -1 when nothing is selected. */
export type ListKeyboardOptions = Omit<ListTarget, 'element'>;

/**
 * Register the calling list with the keyboard layer while mounted. Attach the returned ref to
 * the list's focusable container (e.g. `VirtualList`'s `containerRef`).
 */
export function useListKeyboard(options: ListKeyboardOptions) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const target = useRef<ListTarget>({ ...options, element: () => containerRef.current });
  target.current = { ...options, element: () => containerRef.current };
  useEffect(() => registerList(target), []);
  return containerRef;
}

/** Let `/` focus this view's search field while the view is mounted. */
export function useSearchShortcut(focus: () => void): void {
  const latest = useRef(focus);
  latest.current = focus;
  useEffect(() => registerSearch(() => latest.current()), []);
}

/** The index a move action lands on in a list of `count` rows (pure; -1 for an empty list). */
export function moveIndex(action: 'next' | 'previous' | 'first' | 'last', selected: number, count: number): number {
  if (count <= 0) return -1;
  switch (action) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return selected < 0 ? 0 : Math.min(count - 1, selected + 1);
    case 'previous':
      return selected < 0 ? 0 : Math.max(0, selected - 1);
  }
}
