import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Id } from '../data/id.js';
import { filterOptions, optionText, type PickerOption } from './picker-options.js';

/** The next choosable option from `from` in direction `step`, or `from` when there is none. */
function move(options: readonly PickerOption[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < options.length; i += step) if (options[i]?.id !== null) return i;
  return from;
}

const firstChoosable = (options: readonly PickerOption[]) => options.findIndex((option) => option.id !== null);

/**
 * State of the searchable category picker: what is typed, the filtered options and the
 * highlighted one. Escape cancels; Enter or Tab confirms the highlighted category.
 */
export function useCategoryPicker(options: readonly PickerOption[], value: Id | null, onChange: (id: Id) => void) {
  const [query, setQuery] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(-1);
  // Tab confirms only what the user picked out; tabbing through an untouched box changes nothing.
  const [touched, setTouched] = useState(false);
  const open = query !== null;
  const shown = useMemo(() => (open ? filterOptions(options, query) : []), [options, open, query]);
  const selected = value === null ? undefined : options.find((option) => option.id === value);

  const start = () => {
    setQuery('');
    setTouched(false);
    const index = value === null ? -1 : options.findIndex((option) => option.id === value);
    setHighlight(index >= 0 ? index : firstChoosable(options));
  };
  const type = (text: string) => {
    setQuery(text);
    setTouched(true);
    setHighlight(firstChoosable(filterOptions(options, text)));
  };
  const cancel = () => {
    setQuery(null);
    setHighlight(-1);
  };
  const choose = (option: PickerOption | undefined) => {
    if (option?.id != null) onChange(option.id);
    cancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'Enter') {
        event.preventDefault();
        start();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setTouched(true);
      setHighlight((current) => move(shown, current, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Escape') {
      // Escape cancels the picker, not the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      cancel();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(shown[highlight]);
    } else if (event.key === 'Tab') {
      if (touched) choose(shown[highlight]);
      else cancel();
    }
  };

  return {
    open,
    shown,
    highlight,
    /** What the box shows: the typed text while open, else the chosen category's path. */
    text: open ? query : optionText(selected),
    selectedText: optionText(selected),
    hover: setHighlight,
    start,
    type,
    cancel,
    choose,
    onKeyDown,
  };
}
