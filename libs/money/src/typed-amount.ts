import { formatCents, type Cents } from './cents.js';
import { evaluateEquation, GROUPING_MESSAGE } from './equation.js';
import { MAX_BALANCE_CENTS, withinBalanceBound } from './limits.js';

/**
 * What an amount field makes of the text a person typed: cents, or the message the field shows
 * (the field keeps the text and the form cannot be saved). Nothing unreadable ever becomes 0.
 *
 * Read as people write amounts:
 * - a plain amount with an optional sign (`-` or `+`) and `$` in either order: `$45`, `-$45`, `+45`;
 * - thousands grouped by commas (`1,234.56`) or by spaces, as several locales write them and copy
 *   them (`1 000`, also with a no-break or narrow no-break space), each group three digits;
 * - a plain amount in parentheses is negative, as statements print it: `(45.00)` is −45.00;
 * - anything else with + − * / or parentheses is an equation (`12+3`, `=30+15.67`), evaluated
 *   exactly and rounded to cents once.
 * Refused, with a message: letters and other characters (`12abc`), exponents (`1e5`), more than
 * one decimal point (`12.3.4`), more than two decimals in a plain amount (`1,234.567` is refused,
 * not rounded — an equation may use them: `3.459 * 12` for a fuel bill), commas that do not group
 * thousands (`12,50`), and amounts beyond the product's largest balance (MAX_BALANCE_CENTS).
 * An empty field is 0.00.
 */
export type TypedAmount = { ok: true; cents: Cents } | { ok: false; error: string };

export const AMOUNT_MESSAGES = {
  unreadable: 'Enter an amount such as 1,234.56 or an equation such as 12+3.',
  exponent: 'Write the amount out in full (no exponent such as 1e5).',
  decimals: 'An amount has at most two decimals.',
  grouping: GROUPING_MESSAGE,
  tooLarge: `The amount must be between -${formatCents(MAX_BALANCE_CENTS)} and ${formatCents(MAX_BALANCE_CENTS)}.`,
} as const;

/** Digits in groups of three separated by commas, or by (no-break) spaces, or ungrouped. */
const WHOLE = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00A0\u202F]\d{3})+|\d+)`;
/** Sign and `$` in either order, then the number. */
const PLAIN = new RegExp(String.raw`^([+-]?)\s*\$?\s*([+-]?)\s*(${WHOLE}?)(?:\.(\d*))?$`);
/** A plain amount in parentheses, accounting style: no sign inside. */
const ACCOUNTING = new RegExp(String.raw`^\(\s*\$?\s*(${WHOLE}?)(?:\.(\d*))?\s*\)$`);

function bounded(cents: bigint): TypedAmount {
  if (!withinBalanceBound(cents)) return { ok: false, error: AMOUNT_MESSAGES.tooLarge };
  const value = Number(cents);
  return { ok: true, cents: value === 0 ? 0 : value };
}

function plainAmount(negative: boolean, whole: string, fraction: string): TypedAmount {
  if (fraction.length > 2) return { ok: false, error: AMOUNT_MESSAGES.decimals };
  const digits = whole.replace(/\D/g, '') || '0';
  const cents = BigInt(digits) * 100n + BigInt(fraction.padEnd(2, '0'));
  return bounded(negative ? -cents : cents);
}

export function readTypedAmount(typed: string): TypedAmount {
  const text = typed.trim().replace(/\u2212/g, '-'); // the minus sign statements print
  if (text === '') return { ok: true, cents: 0 };
  if (!text.startsWith('=')) {
    const plain = PLAIN.exec(text);
    // Two signs ("-$-45") are not a plain amount; a lone sign or "$" has no digits.
    if (plain && !(plain[1] && plain[2]) && /\d/.test(text)) return plainAmount((plain[1] || plain[2]) === '-', plain[3] ?? '', plain[4] ?? '');
    const accounting = ACCOUNTING.exec(text);
    if (accounting && /\d/.test(text)) return plainAmount(true, accounting[1] ?? '', accounting[2] ?? '');
    if (/\d[eE][+-]?\d/.test(text)) return { ok: false, error: AMOUNT_MESSAGES.exponent };
  }
  const evaluated = evaluateEquation(text);
  if (evaluated.ok) return bounded(BigInt(evaluated.cents));
  if (evaluated.error === 'The amount is too large') return { ok: false, error: AMOUNT_MESSAGES.tooLarge };
  if (evaluated.error.startsWith('Unexpected')) return { ok: false, error: AMOUNT_MESSAGES.unreadable };
  return evaluated;
}
