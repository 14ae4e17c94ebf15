import { AMOUNT_MESSAGES, centsToDecimalString, evaluateEquation, readTypedAmount, withinBalanceBound, type Cents, type TypedAmount } from '@budget/money';

/** What an amount field shows for a value while editing: "-45.67", "0.00". */
export function amountText(cents: Cents): string {
  return centsToDecimalString(cents);
}

/**
 * Reads what was typed in an amount field: cents, or the message the field shows. Plain amounts
 * as people type them ("$1,234.50", "1 000", "(45.00)", "+45") and arithmetic ("12+3") are read;
 * anything else is refused with a message, never read as 0 (see `readTypedAmount`).
 */
export function amountFromText(text: string): TypedAmount {
  return readTypedAmount(text);
}

export type EquationOutcome = { cents: Cents; error: null } | { cents: Cents; error: string };

/**
 * Applies an equation from the popover: its result, or the prior value with the parse error
 * (e.g. "A number has more than one decimal point") or the bound it passes.
 */
export function applyEquation(equation: string, prior: Cents): EquationOutcome {
  const result = evaluateEquation(equation);
  if (!result.ok) return { cents: prior, error: result.error };
  if (!withinBalanceBound(result.cents)) return { cents: prior, error: AMOUNT_MESSAGES.tooLarge };
  return { cents: result.cents, error: null };
}
