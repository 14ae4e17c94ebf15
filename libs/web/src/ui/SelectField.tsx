import type { SelectHTMLAttributes } from 'react';
import { Field } from './Field.js';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  options: readonly SelectOption[];
  error?: string | null | undefined;
}

/** A labelled drop-down with its error message under it, styled like TextField. */
export function SelectField({ label, options, error, id, ...props }: SelectFieldProps) {
  return (
    <Field label={label} error={error} id={id}>
      {(control) => (
        <select {...control} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
