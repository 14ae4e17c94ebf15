import type { InputHTMLAttributes } from 'react';
import { Field } from './Field.js';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null | undefined;
}

/** A labelled input with its error message under it. */
export function TextField({ label, error, id, ...props }: TextFieldProps) {
  return (
    <Field label={label} error={error} id={id}>
      {(control) => <input {...control} {...props} />}
    </Field>
  );
}
