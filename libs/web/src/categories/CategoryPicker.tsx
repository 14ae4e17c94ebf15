import { useId, useMemo, useRef } from 'react';
import type { Id } from '../data/id.js';
import type { CategoryTree } from './category-tree.js';
import { pickerOptions } from './picker-options.js';
import { PickerList } from './PickerList.js';
import { useCategoryPicker } from './use-category-picker.js';

export interface CategoryPickerProps {
  label: string;
  tree: CategoryTree;
  value: Id | null;
  onChange: (id: Id) => void;
  /** Keeps the label for screen readers only (split rows). */
  hideLabel?: boolean;
  error?: string | null;
}

/**
 * A searchable category drop-down (spec §2 "Category picker"): typing filters by
 * 'group:category' parts, Escape cancels, Enter or Tab confirms. Offers Unassigned, the
 * Funding Pool, Account Transfer and the tree.
 */
export function CategoryPicker({ label, tree, value, onChange, hideLabel = false, error }: CategoryPickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const options = useMemo(() => pickerOptions(tree), [tree]);
  const picker = useCategoryPicker(options, value, onChange);
  const listId = `${id}-list`;

  return (
    <div className="ui-field ui-picker">
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={input}
        className="ui-field__input ui-picker__input"
        role="combobox"
        autoComplete="off"
        placeholder={picker.selectedText || 'Choose a category'}
        aria-expanded={picker.open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        aria-activedescendant={picker.open && picker.highlight >= 0 ? `${listId}-${picker.highlight}` : undefined}
        value={picker.text}
        onFocus={picker.start}
        onClick={() => (picker.open ? undefined : picker.start())}
        onChange={(event) => picker.type(event.target.value)}
        onKeyDown={picker.onKeyDown}
        onBlur={picker.cancel}
      />
      {error ? <p className="ui-field__error">{error}</p> : null}
      {picker.open ? (
        <PickerList
          id={listId}
          anchor={input}
          options={picker.shown}
          highlight={picker.highlight}
          selectedId={value}
          onHover={picker.hover}
          onChoose={picker.choose}
        />
      ) : null}
    </div>
  );
}
