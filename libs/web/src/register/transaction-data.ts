import type { LedgerTransactionView } from '@budget/contracts';

/**
 * A transaction as the ledger answers it (registers, GET /transaction/{id}): the
 * `ledgerTransaction` schema of `@budget/contracts`, amounts in dollars.
 */
export type TransactionData = LedgerTransactionView;
export type SplitData = LedgerTransactionView['categories'][number];

/** One page of a register: its rows and the register's totals. */
export interface RegisterPage {
  transactions: TransactionData[];
  /** The balance after the newest row, in dollars as on the wire. */
  balance: number;
  /** How many rows the whole register holds; null when the route does not count (search). */
  count: number | null;
  /** True when the route's count stopped at its bound: there are more rows than `count` (search). */
  countCapped?: boolean;
  /** Rows the server sent: a page shorter than the page size ends the list. */
  received: number;
}

export const PAGE_SIZE = 30;

/** Transaction types (spec §3). */
export const TransactionType = { Regular: 0, Transfer: 1, Funding: 2, Rebalance: 3, StartingBalance: 4, Manual: 5 } as const;
