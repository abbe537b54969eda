/**
 * The one way the app shows a native modal `<dialog>` (the key help, the send dialog): shown
 * while `open`, Tab kept inside, and focus given back to where it was when it closes.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog makes the page inert, but Tab can still leave for the browser's own UI: keep it inside. */
export function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const at = document.activeElement;
  if (event.shiftKey && (at === first || !event.currentTarget.contains(at))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (at === last || !event.currentTarget.contains(at))) {
    event.preventDefault();
    first.focus();
  }
}

/** The dialog's ref and its `onClose` (runs `closed`, then gives focus back); shows and hides it with `open`. */
export function useModalDialog(open: boolean, closed: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) {
      returnTo.current = document.activeElement;
      node.showModal();
    } else if (!open && node.open) {
      node.close();
    }
  }, [open]);
  const onClose = () => {
    closed();
    const back = standIn(returnTo.current);
    if (back) back.focus({ preventScroll: true });
  };
  return { dialog, onClose };
}

/**
 * Where focus goes back to: the element focused when the dialog opened or, when the view behind
 * re-rendered it while the dialog was open (the run header does as the run's head arrives), the
 * element that now has its id.
 */
function standIn(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement)) return null;
  if (element.isConnected) return element;
  const now = element.id ? document.getElementById(element.id) : null;
  return now instanceof HTMLElement ? now : null;
}
