import { useId } from 'react';
import { Button } from '@budget/web';

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxListProps {
  legend: string;
  options: readonly CheckboxOption[];
  /** The checked values; null: every option. */
  checked: readonly string[] | null;
  onChange: (checked: string[] | null) => void;
  error?: string | undefined;
  /** A long list (accounts, categories) scrolls inside a box at most 300px high. */
  scroll?: boolean;
}

/** The checked values after one checkbox changed, in the options' order; null once every option is checked. */
export function toggled(options: readonly CheckboxOption[], checked: readonly string[] | null, value: string, on: boolean): string[] | null {
  const next = options.map((option) => option.value).filter((option) => (option === value ? on : checked === null || checked.includes(option)));
  return next.length === options.length ? null : next;
}

/**
 * A group of checkboxes in a fieldset (the multi-select of the Payee and Category reports), with
 * All and None. No component library is in the repo's dependencies, so it is plain inputs.
 */
export function CheckboxList({ legend, options, checked, onChange, error, scroll = false }: CheckboxListProps) {
  const errorId = useId();
  const isChecked = (value: string) => checked === null || checked.includes(value);
  const toggle = (value: string, on: boolean) => onChange(toggled(options, checked, value, on));
  return (
    <fieldset className="report-checks" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="ui-field__label">{legend}</legend>
      <div className="report-checks__actions">
        <Button variant="text" onClick={() => onChange(null)}>
          All
        </Button>
        <Button variant="text" onClick={() => onChange([])}>
          None
        </Button>
      </div>
      <ul className={scroll ? 'report-checks__list report-checks__list--scroll' : 'report-checks__list'} data-testid={`checks-${legend}`}>
        {options.map((option) => (
          <li key={option.value}>
            <label className="report-checks__item">
              <input type="checkbox" checked={isChecked(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
              {option.label}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
