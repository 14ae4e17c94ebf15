import { useEffect, useState } from 'react';

/**
 * Where the focus goes back when a dialog closes (docs/architecture.md §9): to the element that
 * opened it. A dialog opened from a menu item returns to the menu's button (the item is gone by
 * then); an opener that was re-drawn in the meantime is found again by its id; one that is gone
 * (a deleted register row) hands the focus to the nearest `data-focus-fallback` ancestor it had.
 */
export interface FocusTarget {
  element: HTMLElement;
  id: string;
  fallback: HTMLElement | null;
}

/** What a menu item's focus stands for: the button of its menu (Radix labels the menu by it). */
function opener(element: Element): HTMLElement | null {
  const menu = element.closest('[role="menu"]');
  const trigger = menu?.getAttribute('aria-labelledby');
  const resolved = trigger ? document.getElementById(trigger) : element;
  return resolved instanceof HTMLElement ? resolved : null;
}

/** The target for the element that has the focus now (null when nothing has it). */
export function focusTarget(active: Element | null): FocusTarget | null {
  if (!active || active === document.body) return null;
  const element = opener(active);
  if (!element) return null;
  return { element, id: element.id, fallback: element.parentElement?.closest<HTMLElement>('[data-focus-fallback]') ?? null };
}

/** Puts the focus back on the target, unless something else already took it deliberately. */
export function returnFocus(target: FocusTarget | null): void {
  if (!target) return;
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const again = target.element.isConnected ? target.element : target.id ? document.getElementById(target.id) : null;
  const element = again ?? (target.fallback?.isConnected ? target.fallback : null);
  element?.focus({ preventScroll: again !== null });
}

/**
 * Records what has the focus when the component mounts and puts it back once it unmounts, after
 * the browser has moved the focus off the removed content.
 */
export function useFocusReturn(): void {
  const [target] = useState(() => (typeof document === 'undefined' ? null : focusTarget(document.activeElement)));
  useEffect(
    () => () => {
      setTimeout(() => returnFocus(target), 0);
    },
    [target],
  );
}
