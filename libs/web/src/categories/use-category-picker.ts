import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Id } from '../data/id.js';
import { CLOSED, openPicker, pickerKey, shownOptions, typeQuery, type PickerState } from './picker-keys.js';
import { optionText, type PickerOption } from './picker-options.js';

/**
 * State of the searchable category picker: what is typed, the filtered options and the
 * highlighted one. Escape cancels; Enter or Tab confirms the highlighted category.
 */
export function useCategoryPicker(options: readonly PickerOption[], value: Id | null, onChange: (id: Id) => void) {
  const [state, setState] = useState<PickerState>(CLOSED);
  const open = state.query !== null;
  const shown = useMemo(() => shownOptions(options, state), [options, state]);
  const selected = value === null ? undefined : options.find((option) => option.id === value);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const outcome = pickerKey(event.key, state, options, value);
    if (outcome.handled) {
      // Enter must not submit the form, nor Escape close the dialog around the picker.
      event.preventDefault();
      event.stopPropagation();
    }
    setState(outcome.state);
    if (outcome.chosen !== null) onChange(outcome.chosen);
  };

  return {
    open,
    shown,
    highlight: state.highlight,
    /** What the box shows: the typed text while open, else the chosen category's path. */
    text: open ? (state.query ?? '') : optionText(selected),
    selectedText: optionText(selected),
    hover: (highlight: number) => setState((current) => ({ ...current, highlight })),
    start: () => setState(openPicker(options, value)),
    type: (text: string) => setState(typeQuery(options, text)),
    cancel: () => setState(CLOSED),
    choose: (option: PickerOption | undefined) => {
      if (option?.id != null) onChange(option.id);
      setState(CLOSED);
    },
    onKeyDown,
  };
}
