import { describe, expect, it } from 'vitest';
import { isControlTarget, isTypingTarget, keyToAction, type KeyContext, type KeyPress } from './key-map';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });
const idle: KeyContext = { typing: false, dialogOpen: false, onControl: false, inList: false };
const typing: KeyContext = { ...idle, typing: true };
const inList: KeyContext = { ...idle, inList: true };

describe('keyToAction', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    ['g', 'first'],
    ['G', 'last'],
    ['Enter', 'open'],
    ['l', 'expand'],
    ['h', 'collapse'],
    ['/', 'focus-search'],
    ['?', 'help'],
    ['Escape', 'escape'],
    ['[', 'time-back'],
    [']', 'time-forward'],
    ['{', 'boundary-back'],
    ['}', 'boundary-forward'],
  ] as const)('%s → %s anywhere outside a field', (key, action) => {
    expect(keyToAction(press(key), idle)).toBe(action);
  });

  it('arrows, Home and End move in a focused list but leave page scrolling alone elsewhere', () => {
    expect(keyToAction(press('ArrowDown'), inList)).toBe('next');
    expect(keyToAction(press('ArrowUp'), inList)).toBe('previous');
    expect(keyToAction(press('Home'), inList)).toBe('first');
    expect(keyToAction(press('End'), inList)).toBe('last');
    expect(keyToAction(press('ArrowRight'), inList)).toBe('expand');
    expect(keyToAction(press('ArrowLeft'), inList)).toBe('collapse');
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End', 'ArrowLeft', 'ArrowRight']) expect(keyToAction(press(key), idle)).toBeNull();
  });

  it('Ctrl/Cmd+K searches every run, even from a field; not with Alt, not while a dialog is open', () => {
    expect(keyToAction(press('k', { ctrlKey: true }), idle)).toBe('fleet-search');
    expect(keyToAction(press('K', { metaKey: true }), typing)).toBe('fleet-search');
    expect(keyToAction(press('k', { ctrlKey: true, altKey: true }), idle)).toBeNull();
    expect(keyToAction(press('k', { ctrlKey: true }), { ...idle, dialogOpen: true })).toBeNull();
  });

  it('ignores every key but Escape and Ctrl/Cmd+O while typing', () => {
    for (const key of ['j', 'k', 'g', 'G', '/', '?', 'Enter', 'h', 'l', 'ArrowDown', '[', ']', '{', '}']) expect(keyToAction(press(key), typing)).toBeNull();
    expect(keyToAction(press('Escape'), typing)).toBe('escape');
    expect(keyToAction(press('o', { ctrlKey: true }), typing)).toBe('open-data-dir');
  });

  it('Ctrl+O and Cmd+O open a data dir; other chords are the browser’s', () => {
    expect(keyToAction(press('o', { ctrlKey: true }), idle)).toBe('open-data-dir');
    expect(keyToAction(press('O', { metaKey: true, shiftKey: true }), idle)).toBe('open-data-dir');
    expect(keyToAction(press('o', { ctrlKey: true, altKey: true }), idle)).toBeNull();
    expect(keyToAction(press('j', { ctrlKey: true }), idle)).toBeNull();
    expect(keyToAction(press('l', { metaKey: true }), idle)).toBeNull();
    expect(keyToAction(press('g', { altKey: true }), idle)).toBeNull();
    expect(keyToAction(press('o'), idle)).toBeNull();
  });

  it('leaves Enter to buttons and links, and every key to an open dialog', () => {
    expect(keyToAction(press('Enter'), { ...idle, onControl: true })).toBeNull();
    expect(keyToAction(press('Escape'), { ...idle, dialogOpen: true })).toBeNull();
    expect(keyToAction(press('j'), { ...idle, dialogOpen: true })).toBeNull();
  });

  it('ignores unbound keys', () => {
    for (const key of ['a', 'z', ' ', 'Tab', 'F5', 'Shift']) expect(keyToAction(press(key), idle)).toBeNull();
  });

  it('x marks the selected run for a diff and c compares the two marked, never while typing, with a modifier or in a dialog', () => {
    expect(keyToAction(press('x'), idle)).toBe('mark');
    expect(keyToAction(press('x'), inList)).toBe('mark');
    expect(keyToAction(press('c'), idle)).toBe('compare');
    for (const context of [typing, { ...idle, dialogOpen: true }]) {
      expect(keyToAction(press('x'), context)).toBeNull();
      expect(keyToAction(press('c'), context)).toBeNull();
    }
    // Ctrl+C copies and Ctrl+X cuts: they stay the browser's.
    expect(keyToAction(press('c', { ctrlKey: true }), idle)).toBeNull();
    expect(keyToAction(press('x', { metaKey: true }), idle)).toBeNull();
  });
});

describe('focus targets', () => {
  const el = (tagName: string, attrs: Record<string, string> = {}, editable = false) =>
    ({ tagName, getAttribute: (n: string) => attrs[n] ?? null, isContentEditable: editable }) as unknown as Element;

  it('text fields, selects and contenteditable take typing; buttons and checkboxes do not', () => {
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'number' }))).toBe(true);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', {}, true))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('buttons and links handle Enter themselves', () => {
    expect(isControlTarget(el('BUTTON'))).toBe(true);
    expect(isControlTarget(el('A'))).toBe(true);
    expect(isControlTarget(el('DIV'))).toBe(false);
  });
});
