import { useId } from 'react';

/** A labelled checkbox laid out like the other fields. */
export function CheckField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string }) {
  const id = useId();
  return (
    <div className="ui-field budget-check">
      <label htmlFor={id} className="budget-check__label">
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        {label}
      </label>
      {hint ? <p className="ui-muted budget-check__hint">{hint}</p> : null}
    </div>
  );
}
