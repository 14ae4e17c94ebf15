import type { Cents } from './cents.js';

/**
 * The product's largest balance, either way: ±10^13 cents (±100,000,000,000.00). Cents travel as
 * JS numbers, exact up to 2^53 (about 9.007 × 10^15); with every account and category balance
 * within this bound, any sum the screens make of them (net worth over 900 accounts at the limit,
 * a month's flows, a balance plus one more amount) stays exact, and far below PostgreSQL's
 * `bigint`. Writes that would take an account or a category past it are refused before they are
 * stored (the ledger's balance check), and an amount field refuses a larger amount as it is typed.
 */
export const MAX_BALANCE_CENTS: Cents = 10_000_000_000_000;

/** Whether a balance (or a single amount) lies within the product's bound. */
export function withinBalanceBound(cents: Cents | bigint): boolean {
  const value = BigInt(cents);
  return value <= BigInt(MAX_BALANCE_CENTS) && value >= -BigInt(MAX_BALANCE_CENTS);
}
