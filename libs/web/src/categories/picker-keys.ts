import type { Id } from '../data/id.js';
import { filterOptions, type PickerOption } from './picker-options.js';

/** The picker while closed (query null) or open with what is typed and the highlighted line. */
export interface PickerState {
  query: string | null;
  highlight: number;
  /** Typed in or moved through: only then does Tab confirm (tabbing past changes nothing). */
  touched: boolean;
}

export const CLOSED: PickerState = { query: null, highlight: -1, touched: false };

/** What a key does: the next state, the category chosen (if any), and whether the key is used up. */
export interface KeyOutcome {
  state: PickerState;
  chosen: Id | null;
  /** The browser must not act on the key (no form submit, no dialog close). */
  handled: boolean;
}

const firstChoosable = (options: readonly PickerOption[]) => options.findIndex((option) => option.id !== null);

/** The next choosable line from `from` in direction `step`, or `from` when there is none. */
function move(options: readonly PickerOption[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < options.length; i += step) if (options[i]?.id !== null) return i;
  return from;
}

/** Opening shows every option with the current category highlighted. */
export function openPicker(options: readonly PickerOption[], value: Id | null): PickerState {
  const index = value === null ? -1 : options.findIndex((option) => option.id === value);
  return { query: '', highlight: index >= 0 ? index : firstChoosable(options), touched: false };
}

/** Typing filters and highlights the first match. */
export function typeQuery(options: readonly PickerOption[], text: string): PickerState {
  return { query: text, highlight: firstChoosable(filterOptions(options, text)), touched: true };
}

/** The shown lines for a state. */
export const shownOptions = (options: readonly PickerOption[], state: PickerState) => (state.query === null ? [] : filterOptions(options, state.query));

/**
 * The keys of spec §2 "Category picker": arrows move, Escape cancels, Enter confirms, Tab confirms
 * what was picked out and moves on. Closed, ArrowDown or Enter opens it.
 */
export function pickerKey(key: string, state: PickerState, options: readonly PickerOption[], value: Id | null): KeyOutcome {
  const shown = shownOptions(options, state);
  const chosenId = shown[state.highlight]?.id ?? null;
  if (state.query === null) {
    const opens = key === 'ArrowDown' || key === 'Enter';
    return { state: opens ? openPicker(options, value) : state, chosen: null, handled: opens };
  }
  switch (key) {
    case 'ArrowDown':
    case 'ArrowUp':
      return { state: { ...state, highlight: move(shown, state.highlight, key === 'ArrowDown' ? 1 : -1), touched: true }, chosen: null, handled: true };
    case 'Escape':
      return { state: CLOSED, chosen: null, handled: true };
    case 'Enter':
      return { state: CLOSED, chosen: chosenId, handled: true };
    case 'Tab':
      return { state: CLOSED, chosen: state.touched ? chosenId : null, handled: false };
    default:
      return { state, chosen: null, handled: false };
  }
}
