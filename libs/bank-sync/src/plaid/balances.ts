import { parseDollars, type Cents } from '@budget/money';

/**
 * Plaid's balance of an account in our cents and sign (server-behaviour §4.2): the current
 * balance (the available one when Plaid gives no current), negated for credit and loan accounts,
 * whose balances Plaid reports as the amount owed. Read from its decimal text, not float arithmetic.
 */
export function plaidBalanceCents(type: string, balances: { current?: number | null; available?: number | null }): Cents {
  const value = balances.current ?? balances.available ?? 0;
  const cents = parseDollars(value.toFixed(2)) ?? 0;
  return type === 'credit' || type === 'loan' ? -cents : cents;
}

/** The first day of `today`'s month (`YYYY-MM-DD`, UTC): an online account's start date when none is given. */
export function firstOfMonth(today: Date): string {
  return `${today.toISOString().slice(0, 7)}-01`;
}
