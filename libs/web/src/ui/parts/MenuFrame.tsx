import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../class-names.js';
import { useFocusHandOver } from '../../focus/use-focus-on-arrival.js';

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

/** The landmarks a menu's list is placed in: the one its button is in (docs/architecture.md §9: all content in landmarks). */
const LANDMARKS = 'main, nav, header, footer, aside, [role="main"], [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"]';

/**
 * The drop-down menu on Radix UI: arrow keys, Home/End and typeahead over the items, Escape or a
 * click elsewhere closes it and the focus goes back to its button.
 */
export function MenuFrame({ label, ariaLabel, items, triggerClassName, up, alignEnd, testId, defaultOpen, openedByKey, focusTrigger }: MenuFrameProps) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The list is portalled (fixed, above the page) into its button's landmark rather than <body>,
  // so a screen reader's landmark navigation finds it where the button is. Set before the first paint.
  const [landmark, setLandmark] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setLandmark(trigger.current?.closest<HTMLElement>(LANDMARKS) ?? null), []);
  const firstItemPending = useRef(defaultOpen && openedByKey);
  // The plain button's focus moves to this one, unless a key has moved it on meanwhile.
  useFocusHandOver(() => trigger.current, focusTrigger && !defaultOpen);
  // Opened from the keyboard before these parts arrived, Radix does not know a key opened it and
  // focuses the list itself once its portal has mounted (a render after this component's): when
  // the list appears, the next frame moves the focus to the first item, as a keyboard user expects.
  const content = useCallback((node: HTMLDivElement | null) => {
    if (!node || !firstItemPending.current) return;
    firstItemPending.current = false;
    requestAnimationFrame(() => node.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus());
  }, []);
  return (
    <div className="ui-menu" data-testid={testId}>
      <RadixMenu.Root defaultOpen={defaultOpen} modal={false}>
        <RadixMenu.Trigger ref={trigger} className={triggerClassName} aria-label={ariaLabel}>
          {label}
        </RadixMenu.Trigger>
        <RadixMenu.Portal container={landmark}>
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
