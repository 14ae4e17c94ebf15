import { parseDollars, type Cents } from '@budget/money';

/**
 * Plaid's balance of an account in our cents and sign (server-behaviour §4.2): the current
 * balance (the available one when Plaid gives no current), negated for credit and loan accounts,
 * whose balances Plaid reports as the amount owed. Read from its decimal text, not float arithmetic.
 */
export function plaidBalanceCents(type: string, balances: { current?: number | null; available?: number | null }): Cents {
  const cents = plaidCents(balances.current ?? balances.available ?? 0);
  return (type === 'credit' || type === 'loan') && cents !== 0 ? -cents : cents;
}

/**
 * An amount Plaid sends as a JSON number, in cents: its two-decimal text read by `parseDollars`
 * (never float arithmetic), accepted only when that is the number itself up to the double's own
 * error — a sub-cent amount (12.345) is an error, never rounded into money.
 */
export function plaidCents(amount: number): Cents {
  const cents = Number.isFinite(amount) ? parseDollars(amount.toFixed(2)) : null;
  const error = Math.abs(amount * 100 - (cents ?? 0));
  if (cents === null || error > 4 * Number.EPSILON * Math.abs(amount * 100) + 1e-9) {
    throw new Error(`Plaid amount ${amount} is not an amount of dollars and cents`);
  }
  return cents;
}

/** The first day of `today`'s month (`YYYY-MM-DD`, UTC): an online account's start date when none is given. */
export function firstOfMonth(today: Date): string {
  return `${today.toISOString().slice(0, 7)}-01`;
}
