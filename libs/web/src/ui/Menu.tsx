import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from './class-names.js';

export interface MenuItem {
  label: string;
  /** A route to go to, or an action to run. */
  to?: string;
  onSelect?: () => void;
  disabled?: boolean;
  title?: string;
}

export interface MenuProps {
  /** What the trigger button shows. */
  label: ReactNode;
  /** The trigger's accessible name when `label` is not plain text. */
  ariaLabel?: string;
  items: readonly MenuItem[];
  triggerClassName?: string;
  /** Opens above the trigger (for bars at the bottom of the screen). */
  up?: boolean;
  /** Aligns the list with the trigger's right edge (for triggers at the right of the screen). */
  alignEnd?: boolean;
  testId?: string;
}

/** A drop-down menu that closes on selection, Escape or a click elsewhere. */
export function Menu({ label, ariaLabel, items, triggerClassName, up = false, alignEnd = false, testId }: MenuProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="ui-menu" ref={root} data-testid={testId}>
      <button
        type="button"
        className={triggerClassName ?? 'ui-button'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={ariaLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open ? (
        <ul id={listId} role="menu" className={cx('ui-menu__list', up && 'ui-menu__list--up', alignEnd && 'ui-menu__list--end')}>
          {items.map((item) => (
            <li key={item.label} role="none">
              {item.to !== undefined && !item.disabled ? (
                <Link role="menuitem" className="ui-menu__item" to={item.to} onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  className="ui-menu__item"
                  disabled={item.disabled}
                  title={item.title}
                  onClick={() => {
                    setOpen(false);
                    item.onSelect?.();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
