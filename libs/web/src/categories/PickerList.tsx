import { useEffect, useRef, type RefObject } from 'react';
import { AnchoredPanel } from '../ui/anchored-panel.js';
import { cx } from '../ui/class-names.js';
import { PICKER_INDENT_PX, type PickerOption } from './picker-options.js';

export interface PickerListProps {
  id: string;
  /** The picker's text box: the list hangs from it (Radix Popover places it). */
  anchor: RefObject<HTMLElement | null>;
  options: readonly PickerOption[];
  highlight: number;
  selectedId: string | null;
  onHover: (index: number) => void;
  onChoose: (option: PickerOption) => void;
}

/** The picker's drop-down: at most 250px high, at least 200px wide, 24px indent per level. */
export function PickerList({ id, anchor, options, highlight, selectedId, onHover, onChoose }: PickerListProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[data-highlighted="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  return (
    <AnchoredPanel anchor={anchor}>
      <ul id={id} ref={list} role="listbox" aria-label="Categories" className="ui-popover ui-picker__list">
        {options.length === 0 ? <li role="option" aria-disabled="true" aria-selected="false" className="ui-picker__empty ui-muted">No matching categories</li> : null}
        {options.map((option, index) => {
          const indent = { paddingLeft: 12 + option.level * PICKER_INDENT_PX };
          if (option.id === null) {
            return (
              <li key={option.key} role="presentation" className="ui-picker__group" style={indent}>
                {option.label}
              </li>
            );
          }
          return (
            <li
              key={option.key}
              id={`${id}-${index}`}
              role="option"
              aria-selected={option.id === selectedId}
              data-highlighted={index === highlight}
              className={cx('ui-picker__option', index === highlight && 'ui-picker__option--active')}
              style={indent}
              // Keep the focus in the box so the choice does not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onChoose(option)}
            >
              {option.label}
            </li>
          );
        })}
      </ul>
    </AnchoredPanel>
  );
}
