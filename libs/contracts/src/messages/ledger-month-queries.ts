/**
 * The ledger's public query for the month view (GET /budget/months/{month}): per category, the
 * month's funding and activity and its balance at the month's end, read from the ledger's monthly
 * sums. Plain classes, like `ledger-queries.ts`; answered in `libs/ledger/src/public-queries/`.
 */

/** One category's month in cents; a category with no live split ever is absent (all zero). */
export interface CategoryMonthCents {
  categoryId: string;
  /** Fundings and category transfers (transaction types 2 and 3) dated in the month, net. */
  fundedCents: number;
  /** Every other counted split dated in the month. */
  activityCents: number;
  /** The balance at the end of the month: every counted split dated on or before its last day. */
  endBalanceCents: number;
}

/** The month of `month` (`YYYY-MM-DD`, its first day) for every category of the user the ledger knows. */
export class LedgerCategoryMonths {
  constructor(
    readonly userId: string,
    readonly month: string,
  ) {}
}
