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

/**
 * The most a user's live transactions may move in all, counted both ways: Σ |amount| + |principle|
 * + Σ |split| over every live transaction (its turnover), 4 × 10^15 cents. Every sum any read
 * makes of one user's amounts or splits — a day's or a month's flows, a register's running balance
 * at any past row, net worth on any date, a report's totals, even one counting each row twice —
 * is at most twice this, below Number.MAX_SAFE_INTEGER (2^53 ≈ 9.007 × 10^15), so it is exact in a
 * JS number and on the wire, where money is a JSON number of dollars. The per-balance bound
 * alone cannot promise that: a thousand credits one day and a thousand debits the next keep every
 * balance in bounds while the first day's flow is 10^16 (docs/architecture.md §5).
 */
export const MAX_TURNOVER_CENTS: Cents = 4_000_000_000_000_000;
