import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { lazyParts } from './lazy-parts.js';

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

/** Radix's menu arrives when a pointer or the focus first reaches a menu button (docs/architecture.md §9). */
const menuParts = lazyParts(() => import('./parts/MenuFrame.js'));

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A drop-down menu (Radix UI). Until its parts have arrived the button is a plain one with the
 * same look and name; pressing it then opens the menu as soon as they are here.
 */
export function Menu({ label, ariaLabel, items, triggerClassName = 'ui-button', up = false, alignEnd = false, testId }: MenuProps) {
  const [parts, setParts] = useState(menuParts.loaded);
  const [openOnArrival, setOpenOnArrival] = useState<'pointer' | 'key' | null>(null);
  const [focusTrigger, setFocusTrigger] = useState(false);
  const plain = useRef<HTMLButtonElement>(null);

  if (parts) {
    return (
      <parts.MenuFrame
        label={label}
        ariaLabel={ariaLabel}
        items={items}
        triggerClassName={triggerClassName}
        up={up}
        alignEnd={alignEnd}
        testId={testId}
        defaultOpen={openOnArrival !== null}
        openedByKey={openOnArrival === 'key'}
        focusTrigger={focusTrigger}
      />
    );
  }
  const load = () =>
    void menuParts.load().then((module) => {
      setFocusTrigger(document.activeElement === plain.current);
      setParts(() => module);
    });
  const press = (how: 'pointer' | 'key') => {
    setOpenOnArrival(how);
    load();
  };
  return (
    <div className="ui-menu" data-testid={testId} onPointerDown={() => press('pointer')}>
      <button
        ref={plain}
        type="button"
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={ariaLabel}
        onPointerEnter={load}
        onFocus={load}
        onKeyDown={(event: KeyboardEvent) => {
          if (!OPENING_KEYS.has(event.key)) return;
          event.preventDefault();
          press('key');
        }}
      >
        {label}
      </button>
    </div>
  );
}
