import { useLayoutEffect, type RefObject } from 'react';

/** What the hook needs of a text box: its value, focus and caret. */
export type CaretBox = Pick<HTMLInputElement, 'value' | 'focus' | 'setSelectionRange'>;

/** What the hand-over reads of the document: where the focus is now. */
export type FocusOwner = Pick<Document, 'activeElement' | 'body'>;

/**
 * Whether the focus is on nothing, as it is the moment a focused stand-in is taken out of the
 * page. Anywhere else, the user has moved it since (a Tab pressed while the parts were on their
 * way), and it stays where they put it.
 */
export const focusIsFree = (doc: FocusOwner): boolean => doc.activeElement === null || doc.activeElement === doc.body;

/**
 * Moves the focus into `box` with the caret after its text, when the stand-in box it replaces had
 * the focus (`focused`) and nothing has it now (`free`); nothing otherwise, and nothing while the
 * box is not drawn. Returns whether it took the focus.
 */
export function focusOnArrival(box: CaretBox | null, focused: boolean, free = true): boolean {
  if (!focused || !free || !box) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}

/**
 * A combobox drawn in place of a plain stand-in box (PayeeField.tsx, CategoryPicker.tsx) takes the
 * focus over once, on arrival, with the caret at the end of what was typed; a later change of
 * `focused` does nothing (the user has moved on). It runs in the commit that removes the stand-in,
 * before the browser handles another key and before a dialog's focus trap reclaims the lost focus,
 * so no keystroke falls between the two boxes.
 */
export function useFocusOnArrival(input: RefObject<CaretBox | null>, focused: boolean): void {
  useLayoutEffect(() => {
    focusOnArrival(input.current, focused, focusIsFree(document));
    // Only on arrival: the stand-in box's focus moves here once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/**
 * The same hand-over for a control without a caret (a tab, a menu's button): `target` takes the
 * focus on arrival when the plain control it replaces had it (`wanted`) and the focus has not
 * moved on since.
 */
export function useFocusHandOver(target: () => HTMLElement | null | undefined, wanted: boolean): void {
  useLayoutEffect(() => {
    if (wanted && focusIsFree(document)) target()?.focus();
    // Only on arrival, like useFocusOnArrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
