import { useEffect, type RefObject } from 'react';

/** What the hook needs of a text box: its value, focus and caret. */
export type CaretBox = Pick<HTMLInputElement, 'value' | 'focus' | 'setSelectionRange'>;

/**
 * Moves the focus into `box` with the caret after its text, when the stand-in box it replaces had
 * the focus (`focused`); nothing otherwise, and nothing while the box is not drawn. Returns whether
 * it took the focus.
 */
export function focusOnArrival(box: CaretBox | null, focused: boolean): boolean {
  if (!focused || !box) return false;
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}

/**
 * A combobox drawn in place of a plain stand-in box (PayeeField.tsx, CategoryPicker.tsx) takes the
 * focus over once, on arrival, with the caret at the end of what was typed; a later change of
 * `focused` does nothing (the user has moved on).
 */
export function useFocusOnArrival(input: RefObject<CaretBox | null>, focused: boolean): void {
  useEffect(() => {
    focusOnArrival(input.current, focused);
    // Only on arrival: the stand-in box's focus moves here once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
