/**
 * A menu button (the WAI-ARIA menu button pattern): a button that opens a list of actions.
 * Enter, Space or ArrowDown open it on the first item (ArrowUp on the last), arrows, Home and
 * End move, a letter jumps to the next item starting with it, Enter or Space choose, Escape
 * and Tab close it; focus goes back to the button whenever it closes. Items run their action
 * after the menu has closed, so an action that opens a dialog takes focus from the button.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './menu-button.css';

/** One entry: an action, or a checkbox item (`checked` set) that toggles and keeps the menu open. */
export type MenuItem = { id: string; label: string; hint?: string; disabled?: boolean; checked?: boolean; run(): void } | { id: string; separator: true };

type Props = { label: ReactNode; title?: string; items: readonly MenuItem[]; busy?: boolean };

const actionable = (item: MenuItem): item is Extract<MenuItem, { run(): void }> => !('separator' in item) && !item.disabled;

/** The button and, while open, its menu below it (right-aligned: it sits at the end of a toolbar). */
export function MenuButton({ label, title, items, busy = false }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();
  const choices = items.filter(actionable);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const show = (at: number) => {
    setActive((at + choices.length) % Math.max(choices.length, 1));
    setOpen(true);
  };
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.focus();
  }, [open, active]);
  useEffect(() => {
    if (!open) return;
    // A click anywhere else closes the menu without moving focus there back to the button.
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (item: Extract<MenuItem, { run(): void }>) => {
    if (item.checked !== undefined) {
      item.run();
      return;
    }
    close();
    item.run();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number | undefined> = { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: choices.length - 1 };
    const to = moves[event.key];
    // Every key the menu answers is kept from the app's keyboard layer (Escape there leaves the run).
    if (to !== undefined) show(to);
    else if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else if (event.key === 'Enter' || event.key === ' ') choose(choices[active]);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const letter = event.key.toLowerCase();
      const next = [...choices.keys()].map((k) => (active + 1 + k) % choices.length).find((k) => choices[k].label.toLowerCase().startsWith(letter));
      if (next !== undefined) show(next);
    } else return;
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="menu-button">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        title={title}
        aria-busy={busy || undefined}
        onClick={() => (open ? close() : show(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            show(event.key === 'ArrowDown' ? 0 : choices.length - 1);
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div ref={menu} role="menu" id={`${id}-menu`} aria-labelledby={`${id}-button`} className="menu-list" onKeyDown={onMenuKey}>
          {items.map((item) => {
            if ('separator' in item) return <div key={item.id} role="separator" className="menu-separator" />;
            const index = choices.indexOf(item as Extract<MenuItem, { run(): void }>);
            return (
              <div
                key={item.id}
                role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
                aria-checked={item.checked}
                aria-disabled={item.disabled || undefined}
                tabIndex={index === active ? 0 : -1}
                data-index={index >= 0 ? index : undefined}
                className="menu-item"
                onClick={() => actionable(item) && choose(item)}
                onMouseEnter={() => index >= 0 && setActive(index)}
              >
                {item.checked !== undefined && <span className="menu-check" aria-hidden="true">{item.checked ? '✓' : ''}</span>}
                <span className="menu-label">{item.label}</span>
                {item.hint && <span className="menu-hint muted">{item.hint}</span>}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
