import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Cents, TypedAmount } from '@budget/money';
import { amountFromText, amountText } from './amount-text.js';
import { useReportAmountValidity } from './amount-validity.js';
import { EquationPopover } from './EquationPopover.js';

export interface AmountInputProps {
  label: string;
  value: Cents;
  onChange: (cents: Cents) => void;
  error?: string | null | undefined;
  readOnly?: boolean;
  /** Keeps the label for screen readers only (split rows). */
  hideLabel?: boolean;
  testId?: string;
}

/** What was typed, what it reads as, and the value the form held when it was typed. */
interface Typed {
  text: string;
  read: TypedAmount;
  base: Cents;
}

/**
 * What the field shows and reports for what was typed: the text while it is being edited, and
 * unreadable text for as long as the form's value is the one it was typed over (a value set from
 * outside, e.g. a proposal, replaces it).
 */
export function typedState(typed: Typed | null, value: Cents, focused: boolean): { text: string; unreadable: string | null } {
  const unreadable = typed !== null && !typed.read.ok && typed.base === value ? typed.read.error : null;
  if (typed !== null && (focused || unreadable !== null)) return { text: typed.text, unreadable };
  return { text: amountText(value), unreadable: null };
}

/**
 * An amount in integer cents. Typing '=' opens the equation popover; Enter there applies the
 * result, Escape reverts. Text that cannot be read (or is beyond the product's largest balance)
 * is never a number: the field keeps it, says why once it is left (or on Enter), and its dialog's
 * Save stays disabled until it is corrected.
 */
export function AmountInput({ label, value, onChange, error, readOnly = false, hideLabel = false, testId }: AmountInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState<Typed | null>(null);
  const [focused, setFocused] = useState(false);
  const [reveal, setReveal] = useState(false);
  const [equation, setEquation] = useState(false);
  const shown = typedState(readOnly ? null : typed, value, focused);
  useReportAmountValidity(id, shown.unreadable !== null);
  useEffect(() => input.current?.setCustomValidity(shown.unreadable ?? ''), [shown.unreadable]);
  const message = (reveal && shown.unreadable) || error;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') setReveal(true);
    if (event.key !== '=' || readOnly) return;
    event.preventDefault();
    setEquation(true);
  };

  const close = (cents: Cents | null) => {
    setEquation(false);
    if (cents !== null) {
      onChange(cents);
      setTyped(null);
    }
    input.current?.focus();
  };

  return (
    <div className="ui-field ui-amount-field">
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-field__label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={input}
        className="ui-field__input ui-amount-field__input"
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        data-testid={testId}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        value={shown.text}
        onFocus={(event) => {
          setFocused(true);
          event.target.select();
        }}
        onChange={(event) => {
          const read = amountFromText(event.target.value);
          setTyped({ text: event.target.value, read, base: read.ok ? read.cents : value });
          setReveal(false);
          if (read.ok) onChange(read.cents);
        }}
        onBlur={() => {
          setFocused(false);
          setReveal(true);
          // Readable text is shown as the amount it reads as; unreadable text stays as typed.
          setTyped((current) => (current !== null && current.read.ok ? null : current));
        }}
        onKeyDown={onKeyDown}
      />
      {message ? (
        <p id={`${id}-error`} className="ui-field__error">
          {message}
        </p>
      ) : null}
      {equation ? <EquationPopover anchor={input} prior={value} onApply={(cents) => close(cents)} onCancel={() => close(null)} /> : null}
    </div>
  );
}
