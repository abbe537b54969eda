/** The `?` dialog: every key the app answers to. A native modal dialog (focus trapped, Escape closes). */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { KEY_HELP } from './key-map';
import { useKeyboardStore } from './keyboard-store';
import './keyboard.css';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

// A modal dialog makes the page inert, but Tab can still leave for the browser's own UI; keep it inside.
function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
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

/** Shown while `useKeyboardStore().helpOpen`; gives focus back to where it was on close. */
export function HelpDialog() {
  const open = useKeyboardStore((s) => s.helpOpen);
  const setOpen = useKeyboardStore((s) => s.setHelpOpen);
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
    setOpen(false);
    const back = returnTo.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus({ preventScroll: true });
  };

  return (
    <dialog ref={dialog} className="key-help" aria-labelledby="key-help-title" onClose={onClose} onKeyDown={trapTab}>
      <header className="key-help-header">
        <h2 id="key-help-title">Keyboard shortcuts</h2>
        <button type="button" onClick={() => setOpen(false)} autoFocus>
          Close <kbd>Esc</kbd>
        </button>
      </header>
      <table className="key-help-table">
        <caption className="visually-hidden">Keys and what they do</caption>
        <tbody>
          {KEY_HELP.map((line) => (
            <tr key={line.does}>
              <th scope="row">
                {line.keys.map((key, i) => (
                  <span key={key}>
                    {i > 0 && <span className="muted"> or </span>}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </th>
              <td>{line.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted key-help-note">Letter keys are ignored while you type in a field; Esc leaves the field.</p>
    </dialog>
  );
}
