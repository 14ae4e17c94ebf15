import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Cents } from '@budget/money';
import { useAnchorRect } from '../ui/use-anchor-rect.js';
import { amountFromText, amountText } from './amount-text.js';
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

/**
 * An amount in integer cents. Typing '=' opens the equation popover; Enter there applies the
 * result, Escape reverts. Plain text that cannot be read counts as 0.
 */
export function AmountInput({ label, value, onChange, error, readOnly = false, hideLabel = false, testId }: AmountInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [equation, setEquation] = useState(false);
  const rect = useAnchorRect(input, equation);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== '=' || readOnly) return;
    event.preventDefault();
    setEquation(true);
  };

  const close = (cents: Cents | null) => {
    setEquation(false);
    if (cents !== null) {
      onChange(cents);
      setEditing(null);
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={editing ?? amountText(value)}
        onFocus={(event) => event.target.select()}
        onChange={(event) => {
          setEditing(event.target.value);
          onChange(amountFromText(event.target.value));
        }}
        onBlur={() => setEditing(null)}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p id={`${id}-error`} className="ui-field__error">
          {error}
        </p>
      ) : null}
      {equation ? <EquationPopover rect={rect} prior={value} onApply={(cents) => close(cents)} onCancel={() => close(null)} /> : null}
    </div>
  );
}
