import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { evaluateEquation, formatCents, type Cents } from '@budget/money';
import { AnchoredPanel } from '../ui/anchored-panel.js';
import { amountText, applyEquation } from './amount-text.js';

export interface EquationPopoverProps {
  /** The amount field the popover hangs from (Radix Popover places it). */
  anchor: RefObject<HTMLElement | null>;
  /** The amount before the equation: kept on Escape or on a parse error. */
  prior: Cents;
  onApply: (cents: Cents) => void;
  onCancel: () => void;
}

/**
 * The equation popover of an amount field (spec §2 "Amount fields"): + − * / parentheses and
 * unary minus. Enter applies and closes; Escape or leaving it reverts; a parse error keeps the
 * prior value and says what is wrong.
 */
export function EquationPopover({ anchor, prior, onApply, onCancel }: EquationPopoverProps) {
  const id = useId();
  const [equation, setEquation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = evaluateEquation(equation);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // Only the popover closes, not the dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      const outcome = applyEquation(equation, prior);
      if (outcome.error === null) onApply(outcome.cents);
      else setError(outcome.error);
    }
  };

  return (
    <AnchoredPanel anchor={anchor}>
      <div className="ui-popover ui-equation" role="group" aria-label="Equation" data-testid="equation-popover">
        <label className="ui-field__label" htmlFor={id}>
          Equation
        </label>
        <input
          id={id}
          className="ui-field__input"
          autoFocus
          autoComplete="off"
          inputMode="decimal"
          value={equation}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setEquation(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={onCancel}
        />
        {error ? (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        ) : (
          <p className="ui-muted ui-equation__result">
            = {preview.ok ? formatCents(preview.cents) : amountText(prior)}
          </p>
        )}
        <p className="ui-muted ui-equation__hint">Enter applies · Esc cancels</p>
      </div>
    </AnchoredPanel>
  );
}
