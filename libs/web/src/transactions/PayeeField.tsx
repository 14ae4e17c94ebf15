import { useEffect, useState } from 'react';
import { listPayees, type PayeeView } from '@budget/contracts';
import { useRouteQuery } from '../data/route-query.js';
import { lazyParts, useLazyParts } from '../ui/lazy-parts.js';
import { TextField } from '../ui/TextField.js';

/** React Aria's combobox for the payees arrives with the dialog, never in the first load (docs/architecture.md §9). */
const payeeParts = lazyParts(() => import('./PayeeComboBox.js'));

/** How many payees the list shows, and how long typing pauses before it is asked. */
const PAYEES_SHOWN = 8;
const TYPING_PAUSE_MS = 150;

export interface PayeeFieldProps {
  label: string;
  value: string;
  onChange: (name: string) => void;
  onPick: (payee: PayeeView) => void;
  error?: string | null | undefined;
  readOnly?: boolean;
}

/**
 * The transaction's name with the user's payees to choose from (GET /payees, docs/architecture.md
 * §4.4). A bank row's name is read-only: a plain box. Until the combobox arrives a plain box of
 * the same name takes what is typed and hands it (and the focus) over.
 */
export function PayeeField({ label, value, onChange, onPick, error, readOnly = false }: PayeeFieldProps) {
  const parts = useLazyParts(payeeParts);
  const [focused, setFocused] = useState(false);
  const [asked, setAsked] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setAsked(value.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const payees = useRouteQuery(listPayees, readOnly ? null : { query: { name: asked, limit: PAYEES_SHOWN } });
  // The name as typed is not offered back to itself.
  const shown = (payees.data?.data ?? []).filter((p) => p.name !== value);

  if (readOnly || !parts) {
    return (
      <TextField
        label={label}
        required
        readOnly={readOnly}
        value={value}
        error={error}
        autoComplete="off"
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return <parts.PayeeComboBox label={label} value={value} onChange={onChange} onPick={onPick} payees={shown} error={error} focused={focused} />;
}
