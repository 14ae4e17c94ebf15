import { useId, type ReactNode } from 'react';

/** What a control inside a Field gets: its id and the accessibility attributes for the error. */
export interface FieldControl {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, the control and the error message under it: the frame of every form field. */
export function Field({ label, error, id, children }: { label: string; error?: string | null | undefined; id?: string | undefined; children: (control: FieldControl) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, className: 'ui-field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
