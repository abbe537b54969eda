import { describe, expect, it } from 'vitest';
import { activeList, focusSearch, registerList, registerSearch, type ListTarget } from './keyboard-registry';
import { moveIndex } from './use-list-keyboard';

describe('moveIndex', () => {
  it('j/k step and stop at the ends; the first j selects the first row', () => {
    expect(moveIndex('next', -1, 5)).toBe(0);
    expect(moveIndex('next', 0, 5)).toBe(1);
    expect(moveIndex('next', 4, 5)).toBe(4);
    expect(moveIndex('previous', 0, 5)).toBe(0);
    expect(moveIndex('previous', -1, 5)).toBe(0);
    expect(moveIndex('previous', 3, 5)).toBe(2);
    expect(moveIndex('first', 3, 5)).toBe(0);
    expect(moveIndex('last', 0, 5)).toBe(4);
    expect(moveIndex('next', -1, 0)).toBe(-1);
  });
});

describe('keyboard registry', () => {
  const target = (name: string): { current: ListTarget } => ({
    current: { count: 1, selected: -1, onSelect: () => undefined, element: () => ({ contains: (el: unknown) => el === name }) as unknown as HTMLElement },
  });

  it('the list holding focus wins, else the latest one registered', () => {
    const a = target('a');
    const b = target('b');
    const offA = registerList(a);
    const offB = registerList(b);
    expect(activeList(null)).toBe(b.current);
    expect(activeList('a' as unknown as Element)).toBe(a.current);
    offB();
    expect(activeList(null)).toBe(a.current);
    offA();
    expect(activeList(null)).toBeNull();
  });

  it('/ focuses the search of the latest view that registered one', () => {
    const calls: string[] = [];
    const off1 = registerSearch(() => calls.push('library'));
    const off2 = registerSearch(() => calls.push('events'));
    expect(focusSearch()).toBe(true);
    off2();
    focusSearch();
    off1();
    expect(focusSearch()).toBe(false);
    expect(calls).toEqual(['events', 'library']);
  });
});
