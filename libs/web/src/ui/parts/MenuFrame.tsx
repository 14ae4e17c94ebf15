import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../class-names.js';

export interface MenuFrameItem {
  label: string;
  to?: string | undefined;
  onSelect?: (() => void) | undefined;
  disabled?: boolean | undefined;
  title?: string | undefined;
}

export interface MenuFrameProps {
  label: ReactNode;
  ariaLabel?: string | undefined;
  items: readonly MenuFrameItem[];
  triggerClassName: string;
  up: boolean;
  alignEnd: boolean;
  testId?: string | undefined;
  /** Opened already: the button was pressed while these parts were on their way. */
  defaultOpen: boolean;
  /** Opened from the keyboard while these parts were on their way: the first item takes the focus, as Radix does. */
  openedByKey: boolean;
  /** The plain button these parts replace had the focus: the real one takes it. */
  focusTrigger: boolean;
}

/**
 * The drop-down menu on Radix UI: arrow keys, Home/End and typeahead over the items, Escape or a
 * click elsewhere closes it and the focus goes back to its button.
 */
export function MenuFrame({ label, ariaLabel, items, triggerClassName, up, alignEnd, testId, defaultOpen, openedByKey, focusTrigger }: MenuFrameProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusTrigger && !defaultOpen) trigger.current?.focus();
    // After Radix focused the list it opened on arrival: a keyboard user starts on the first item.
    if (defaultOpen && openedByKey) content.current?.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
  }, [focusTrigger, defaultOpen, openedByKey]);
  return (
    <div className="ui-menu" data-testid={testId}>
      <RadixMenu.Root defaultOpen={defaultOpen} modal={false}>
        <RadixMenu.Trigger ref={trigger} className={triggerClassName} aria-label={ariaLabel}>
          {label}
        </RadixMenu.Trigger>
        <RadixMenu.Portal>
          <RadixMenu.Content
            ref={content}
            className={cx('ui-menu__list', up && 'ui-menu__list--up')}
            side={up ? 'top' : 'bottom'}
            align={alignEnd ? 'end' : 'start'}
            sideOffset={4}
            collisionPadding={8}
            onCloseAutoFocus={(event) => {
              // A dialog opened from an item keeps the focus; it hands it back to this button when it closes.
              if (document.querySelector('[role="dialog"]')) event.preventDefault();
            }}
          >
            {items.map((item) =>
              item.to !== undefined && !item.disabled ? (
                <RadixMenu.Item key={item.label} className="ui-menu__item" asChild>
                  <Link to={item.to}>{item.label}</Link>
                </RadixMenu.Item>
              ) : (
                <RadixMenu.Item key={item.label} className="ui-menu__item" disabled={item.disabled} title={item.title} onSelect={() => item.onSelect?.()}>
                  {item.label}
                </RadixMenu.Item>
              ),
            )}
          </RadixMenu.Content>
        </RadixMenu.Portal>
      </RadixMenu.Root>
    </div>
  );
}
