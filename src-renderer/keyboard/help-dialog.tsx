/** The `?` dialog: every key the app answers to. A native modal dialog (focus trapped, Escape closes). */
import { trapTab, useModalDialog } from '../components/modal-dialog';
import { KEY_HELP } from './key-map';
import { useKeyboardStore } from './keyboard-store';
import './keyboard.css';

/** Shown while `useKeyboardStore().helpOpen`; gives focus back to where it was on close. */
export function HelpDialog() {
  const open = useKeyboardStore((s) => s.helpOpen);
  const setOpen = useKeyboardStore((s) => s.setHelpOpen);
  const { dialog, onClose } = useModalDialog(open, () => setOpen(false));

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
