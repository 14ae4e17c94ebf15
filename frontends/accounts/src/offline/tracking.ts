import type { AccountCatalogue } from './account-types.js';

/** What each tracking mode does to the budget, in one line (product-spec §3 "Tracking modes"). */
export const TRACKING_EFFECTS: Record<string, string> = {
  Transactions: 'In the budget: the opening balance goes into the Funding Pool, and transactions into Unassigned or their categories.',
  'Uncategorized Transactions': 'Off the budget: transactions only move the account balance; nothing goes into the Funding Pool or Unassigned.',
  Balances: 'Off the budget: the balance is the newest one you record; nothing goes into the Funding Pool or Unassigned.',
};

export const trackingEffect = (tracking: string): string => TRACKING_EFFECTS[tracking] ?? '';

/**
 * The tracking a new account of `type` starts with, as the server defaults it (GET /account-types
 * `defaultTracking`: loans and investments stay off the budget); `fallback` until it is loaded.
 */
export function defaultTracking(catalogue: AccountCatalogue | null | undefined, type: string, fallback: string): string {
  return catalogue?.defaultTracking[type] ?? fallback;
}

/** What changing an existing account's tracking from `from` to `to` does to the budget, in one line. */
export function trackingChangeEffect(from: string, to: string): string {
  if (from === to) return trackingEffect(to);
  if (to === 'Transactions') {
    return 'The account joins the budget: its starting balance goes into the Funding Pool, its transactions from the start date into Unassigned or their categories.';
  }
  if (from === 'Transactions') {
    return 'The account leaves the budget: its starting balance comes out of the Funding Pool, its transactions out of Unassigned and their categories.';
  }
  return to === 'Balances'
    ? 'The account stays off the budget; its balance becomes the newest one you record, starting with today\'s.'
    : 'The account stays off the budget; its balance then moves with its transactions, from what it is now.';
}
