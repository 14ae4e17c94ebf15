import { useContext, useEffect, useMemo, useRef, useState, type ContextType, type ReactElement, type RefObject } from 'react';
import { Collection, ComboBox, ComboBoxStateContext, FieldError, Input, Label, ListBox, ListBoxItem, ListBoxSection } from 'react-aria-components/ComboBox';
import { Header } from 'react-aria-components/ListBox';
import { PopoverContext } from 'react-aria-components/Popover';
import type { Id } from '../data/id.js';
import { useFocusOnArrival } from '../focus/use-focus-on-arrival.js';
import { AnchoredPanel } from '../ui/anchored-panel.js';
import { filterOptions, optionText, PICKER_INDENT_PX, type PickerOption } from './picker-options.js';
import { highlightTarget, pickerSections, type PickerEntry } from './picker-sections.js';

export interface CategoryComboBoxProps {
  label: string;
  options: readonly PickerOption[];
  value: Id | null;
  onChange: (id: Id) => void;
  hideLabel: boolean;
  error: string | null | undefined;
  /** What was typed into the stand-in box before these parts arrived (CategoryPicker.tsx); the list opens on it. */
  typed: string | null;
  /** The stand-in box had the focus: the combobox takes it over. */
  focused: boolean;
}

const indent = (option: PickerOption) => ({ paddingLeft: 12 + option.level * PICKER_INDENT_PX });

function Line({ option }: { option: PickerOption }) {
  return (
    <ListBoxItem id={option.id ?? option.key} textValue={optionText(option)} className="ui-picker__option" style={indent(option)}>
      {option.label}
    </ListBoxItem>
  );
}

function Entry({ entry }: { entry: PickerEntry }) {
  if (entry.kind === 'option') return <Line option={entry.option} />;
  const { heading } = entry;
  return (
    <ListBoxSection id={entry.key} className="ui-picker__section" aria-label={heading ? undefined : entry.path}>
      {heading ? (
        <Header className="ui-picker__group" style={indent(heading)}>
          {heading.label}
        </Header>
      ) : null}
      <Collection items={entry.options}>{(option) => <Line option={option} />}</Collection>
    </ListBoxSection>
  );
}

/**
 * The list under the box: Radix's anchored panel places it (below the box, or above when only there
 * it fits, layered above a dialog so Escape closes the list and not the dialog). While React Aria
 * gathers the combobox's collection there is no combobox state yet: then the list box is drawn bare.
 */
function PickerPanel({ anchor, children }: { anchor: RefObject<HTMLInputElement | null>; children: ReactElement }) {
  const state = useContext(ComboBoxStateContext);
  // The combobox's popover ref: React Aria keeps this panel visible to assistive technology (it hides
  // the rest of the page while the list is open) and does not count a move into it as leaving the box.
  const popover = useContext(PopoverContext) as { ref?: RefObject<HTMLDivElement | null> } | null;
  if (state === null) return children;
  if (!state.isOpen) return null;
  return (
    <AnchoredPanel anchor={anchor}>
      {/* Only a frame round the list box (not the dialog Radix would make of it), never focused itself;
          a press anywhere in it keeps the focus (and the keys) in the box. */}
      <div ref={popover?.ref} role="presentation" tabIndex={undefined} className="ui-popover ui-picker__panel" onMouseDown={(event) => event.preventDefault()}>
        {children}
      </div>
    </AnchoredPanel>
  );
}

/**
 * React's development build reads every getter of a changed prop while it profiles renders; React
 * Aria's collection nodes throw from `childNodes` (a node has none to give), which in development
 * builds stopped the combobox, with its sections, after the first key. Reading it now gives an empty
 * list; React Aria itself never reads it, so production behaves the same.
 */
let childNodesTolerated = false;
function tolerateChildNodes(node: object | null | undefined) {
  if (childNodesTolerated || !node) return;
  for (let proto: object | null = Object.getPrototypeOf(node) as object | null; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, 'childNodes');
    if (!descriptor) continue;
    if (descriptor.get && descriptor.configurable) Object.defineProperty(proto, 'childNodes', { get: () => [], configurable: true });
    childNodesTolerated = true;
    return;
  }
}

type ComboBoxState = ContextType<typeof ComboBoxStateContext>;

interface PickerInputProps {
  input: RefObject<HTMLInputElement | null>;
  /** Where the combobox's state is kept for the choice to close the list at once. */
  stateRef: { current: ComboBoxState };
  shown: readonly PickerOption[];
  query: string | null;
  value: Id | null;
  placeholder: string;
}

/** The box: opens the list on focus, click or typing, and highlights per highlightTarget. */
function PickerInput({ input, stateRef, shown, query, value, placeholder }: PickerInputProps) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => {
    stateRef.current = state;
  });
  // React Aria clears the highlight when the text changes; pick it out again once it has.
  useEffect(() => {
    const first = state?.collection.getFirstKey();
    if (first != null) tolerateChildNodes(state?.collection.getItem(first));
    if (!state?.isOpen) return;
    const manager = state.selectionManager;
    if (manager.focusedKey !== null && state.collection.getItem(manager.focusedKey)) return;
    const target = highlightTarget(shown, query ?? '', value);
    if (target !== null) manager.setFocusedKey(target);
  });
  const open = () => {
    if (state && !state.isOpen) state.open(null, 'manual');
  };
  return (
    <Input
      ref={input}
      className="ui-field__input ui-picker__input"
      placeholder={placeholder}
      // Only a focus from elsewhere: React Aria sends the box focus events of its own as the highlight moves.
      onFocus={() => {
        if (!state?.isFocused) open();
      }}
      onClick={open}
      onChange={open}
    />
  );
}

/**
 * The category picker on React Aria's ComboBox (spec §2 "Category picker"): typing filters by
 * 'group:category' parts (picker-options.ts), the arrows move, Enter or Tab confirms the highlighted
 * category, Escape cancels and restores the box. While the list is open the box holds only what is
 * typed and shows the current category as its placeholder.
 */
export function CategoryComboBox({ label, options, value, onChange, hideLabel, error, typed, focused }: CategoryComboBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const stateRef = useRef<ComboBoxState>(null);
  // What is typed while the list is open; null while it is closed.
  const [query, setQuery] = useState<string | null>(focused ? typed : null);
  const shown = useMemo(() => (query === null ? options : filterOptions(options, query)), [options, query]);
  const entries = useMemo(() => pickerSections(shown), [shown]);
  const selectedText = value === null ? '' : optionText(options.find((option) => option.id === value));

  useFocusOnArrival(input, focused);

  return (
    <ComboBox
      className="ui-field ui-picker"
      menuTrigger="manual"
      allowsEmptyCollection
      // The list is filtered above (picker-options.ts), not by React Aria's own text match.
      defaultFilter={() => true}
      selectedKey={value}
      onSelectionChange={(key) => {
        if (key === null || key === value) return;
        onChange(String(key));
        // Close the list in this same key press, before Tab moves the focus on: closed only once the
        // new value comes back, its panel went away under the moving focus and the dialog took it.
        stateRef.current?.close();
      }}
      inputValue={query ?? selectedText}
      onInputChange={setQuery}
      onOpenChange={(isOpen) => setQuery((current) => (isOpen ? (current ?? '') : null))}
      isInvalid={Boolean(error)}
    >
      <Label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'}>{label}</Label>
      <PickerInput input={input} stateRef={stateRef} shown={shown} query={query} value={value} placeholder={selectedText || 'Choose a category'} />
      {error ? <FieldError className="ui-field__error">{error}</FieldError> : null}
      <PickerPanel anchor={input}>
        <ListBox
          className="ui-picker__list"
          // Named "Categories" alone, not after the box's label as React Aria would name it.
          aria-label="Categories"
          aria-labelledby=""
          renderEmptyState={() => <span className="ui-picker__empty ui-muted">No matching categories</span>}
        >
          <Collection items={entries}>{(entry) => <Entry entry={entry} />}</Collection>
        </ListBox>
      </PickerPanel>
    </ComboBox>
  );
}
