/**
 * The app's keys as a pure mapping: a key press plus where focus is → one action or nothing.
 * `keyboard-layer.tsx` performs the actions; `KEY_HELP` is what the `?` dialog lists.
 */

/** What a key press asks for. */
export type KeyAction =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'open'
  | 'expand'
  | 'collapse'
  | 'focus-search'
  | 'fleet-search'
  | 'help'
  | 'open-data-dir'
  | 'export-run'
  | 'time-back'
  | 'time-forward'
  | 'boundary-back'
  | 'boundary-forward'
  | 'mark'
  | 'compare'
  | 'escape';

/** The parts of a KeyboardEvent the mapping looks at. */
export type KeyPress = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey?: boolean };

/** Where the key was pressed. */
export type KeyContext = {
  /** Focus is in a text field, select or contenteditable: only Escape and Ctrl/Cmd+O count. */
  typing: boolean;
  /** A modal dialog is open: it handles its own keys. */
  dialogOpen: boolean;
  /** Focus is on a control that Enter activates itself (button, link, summary). */
  onControl: boolean;
  /** Focus is inside a keyboard-driven list: arrows, Home and End move in it instead of scrolling the page. */
  inList: boolean;
};

/** The action for `press` in `context`, or null to leave the key to the browser. */
export function keyToAction(press: KeyPress, context: KeyContext): KeyAction | null {
  if (context.dialogOpen) return null;
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'o') return 'open-data-dir';
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'e') return 'export-run';
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k') return 'fleet-search';
  if (press.key === 'Escape') return 'escape';
  if (context.typing || press.ctrlKey || press.metaKey || press.altKey) return null;
  const arrow = LIST_KEYS[press.key];
  if (arrow) return context.inList ? arrow : null;
  switch (press.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'g':
      return 'first';
    case 'G':
      return 'last';
    case 'Enter':
      return context.onControl ? null : 'open';
    case 'l':
      return 'expand';
    case 'h':
      return 'collapse';
    case '/':
      return 'focus-search';
    case '?':
      return 'help';
    // Time travel in a run view: one event, or one step boundary (shifted brackets).
    case '[':
      return 'time-back';
    case ']':
      return 'time-forward';
    case '{':
      return 'boundary-back';
    case '}':
      return 'boundary-forward';
    // Picking runs for a diff: mark the selected row, then compare the two marked.
    case 'x':
      return 'mark';
    case 'c':
      return 'compare';
    default:
      return null;
  }
}

// Keys that scroll the page unless a list has focus.
const LIST_KEYS: Record<string, KeyAction | undefined> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  ArrowRight: 'expand',
  ArrowLeft: 'collapse',
};

/** One line of the help dialog. */
export type KeyHelp = { keys: string[]; does: string };

/** Every key the app answers to, for the `?` dialog. */
export const KEY_HELP: readonly KeyHelp[] = [
  { keys: ['j', '↓'], does: 'Next row in the focused list' },
  { keys: ['k', '↑'], does: 'Previous row' },
  { keys: ['g', 'Home'], does: 'First row' },
  { keys: ['G', 'End'], does: 'Last row' },
  { keys: ['Enter'], does: 'Open the selected run' },
  { keys: ['l', '→'], does: 'Expand the selected run’s sub-runs' },
  { keys: ['h', '←'], does: 'Collapse them' },
  { keys: ['/'], does: 'Search in the current view (every run where the view has no search)' },
  { keys: ['Ctrl K', '⌘ K'], does: 'Search every run under the opened folder' },
  { keys: ['x'], does: 'In the run list: mark or unmark the selected run for a diff' },
  { keys: ['c'], does: 'In the run list: compare the two marked runs' },
  { keys: ['[', ']'], does: 'In a run: show it as of one event earlier / later (time travel)' },
  { keys: ['{', '}'], does: 'In a run: move to the previous / next step boundary' },
  { keys: ['Ctrl O', '⌘ O'], does: 'Open a data directory' },
  { keys: ['Ctrl E', '⌘ E'], does: 'Export the open run as a report' },
  { keys: ['Esc'], does: 'Close a dialog, leave a field, or go back to the run list' },
  { keys: ['?'], does: 'This help' },
];

/** Whether `element` takes typed text (so single-letter keys must not act). */
export function isTypingTarget(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(type);
  }
  return (element as HTMLElement).isContentEditable === true;
}

/** Whether Enter on `element` already does something (so the layer must not also open a run). */
export function isControlTarget(element: Element | null): boolean {
  if (!element) return false;
  return ['BUTTON', 'A', 'SUMMARY'].includes(element.tagName);
}
