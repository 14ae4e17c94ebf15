import { useEffect, useRef, type CSSProperties } from 'react';
import { cx } from '../ui/class-names.js';
import { placePanel, type AnchorRect } from '../ui/use-anchor-rect.js';
import { PICKER_INDENT_PX, type PickerOption } from './picker-options.js';

export interface PickerListProps {
  id: string;
  rect: AnchorRect | null;
  options: readonly PickerOption[];
  highlight: number;
  selectedId: string | null;
  onHover: (index: number) => void;
  onChoose: (option: PickerOption) => void;
}

const MAX_HEIGHT = 250;

/** The picker's drop-down: at most 250px high, at least 200px wide, 24px indent per level. */
export function PickerList({ id, rect, options, highlight, selectedId, onHover, onChoose }: PickerListProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[data-highlighted="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [highlight]);

  const style: CSSProperties = rect
    ? { ...placePanel(rect, MAX_HEIGHT, window.innerHeight), left: rect.left, width: Math.max(rect.width, 200) }
    : { visibility: 'hidden' };
  return (
    <ul id={id} ref={list} role="listbox" className="ui-popover ui-picker__list" style={style}>
      {options.length === 0 ? <li className="ui-picker__empty ui-muted">No matching categories</li> : null}
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
  );
}
