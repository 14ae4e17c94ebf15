import { useId, useMemo, useState } from 'react';
import type { Id } from '../data/id.js';
import { lazyParts, useLazyParts } from '../ui/lazy-parts.js';
import type { CategoryTree } from './category-tree.js';
import { optionText, pickerOptions } from './picker-options.js';

/** React Aria's combobox arrives with the first picker on screen, never in the first load (docs/architecture.md §9). */
export const comboBoxParts = lazyParts(() => import('./CategoryComboBox.js'));

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
 * Funding Pool, Account Transfer and the tree. The list behaviour is React Aria's ComboBox
 * (CategoryComboBox.tsx), fetched when the first picker mounts; until it arrives a plain box with the
 * same name takes what is typed and hands it (and the focus) over.
 */
export function CategoryPicker({ label, tree, value, onChange, hideLabel = false, error }: CategoryPickerProps) {
  const options = useMemo(() => pickerOptions(tree), [tree]);
  const parts = useLazyParts(comboBoxParts);
  const [typed, setTyped] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const id = useId();

  if (parts) {
    return <parts.CategoryComboBox label={label} options={options} value={value} onChange={onChange} hideLabel={hideLabel} error={error} typed={typed} focused={focused} />;
  }
  const selectedText = value === null ? '' : optionText(options.find((option) => option.id === value));
  return (
    <div className="ui-field ui-picker">
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="ui-field__input ui-picker__input"
        role="combobox"
        autoComplete="off"
        aria-expanded={false}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        placeholder={selectedText || 'Choose a category'}
        value={typed ?? (focused ? '' : selectedText)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setTyped(null);
        }}
        onChange={(event) => setTyped(event.target.value)}
      />
      {error ? <p className="ui-field__error">{error}</p> : null}
    </div>
  );
}
