import { centsToDecimalString, evaluateEquation, parseDollars, type Cents } from '@budget/money';

/** What an amount field shows for a value while editing: "-45.67", "0.00". */
export function amountText(cents: Cents): string {
  return centsToDecimalString(cents);
}

/**
 * Reads what was typed in an amount field, in cents. Plain amounts ("1,234.5") and arithmetic
 * ("12+3") are both read; anything unreadable becomes 0 (spec §5).
 */
export function amountFromText(text: string): Cents {
  const plain = parseDollars(text);
  if (plain !== null) return plain;
  const evaluated = evaluateEquation(text);
  return evaluated.ok ? evaluated.cents : 0;
}

export type EquationOutcome = { cents: Cents; error: null } | { cents: Cents; error: string };

/**
 * Applies an equation from the popover: its result, or the prior value with the parse error
 * (e.g. "A number has more than one decimal point").
 */
export function applyEquation(equation: string, prior: Cents): EquationOutcome {
  const result = evaluateEquation(equation);
  return result.ok ? { cents: result.cents, error: null } : { cents: prior, error: result.error };
}
