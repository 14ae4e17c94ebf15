/**
 * The ledger's public queries: what other contexts may ask the ledger, through `QueryBus`, instead
 * of reading its tables. Plain classes (the web imports this package too, so no Nest here); the
 * ledger answers each with a `@QueryHandler` in `libs/ledger/src/public-queries/`. Amounts are
 * integer cents. Ask with the answer's type: `queries.execute<LedgerCategoryBalances,
 * CategoryBalanceCents[]>(new LedgerCategoryBalances(userId, null))`.
 */

/** A category's balance in cents; a category the ledger has never seen is absent (its balance is 0). */
export interface CategoryBalanceCents {
  categoryId: string;
  balanceCents: number;
}

/** The current balances of the user's categories: all of them (`categoryIds` null) or the ones named. */
export class LedgerCategoryBalances {
  constructor(
    readonly userId: string,
    readonly categoryIds: readonly string[] | null,
  ) {}
}

/**
 * The balances of the user's categories at the start of the month of `month` (`YYYY-MM-DD`, any
 * day of it): the current balance without the splits dated in that month or later.
 */
export class LedgerMonthStartBalances {
  constructor(
    readonly userId: string,
    readonly month: string,
  ) {}
}

/** What a category was funded with in a month, in cents: the base amounts of its funding lines. */
export interface CategoryFundedCents {
  categoryId: string;
  fundedCents: number;
}

/**
 * What the user's categories have already been funded with in the month of `month` (`YYYY-MM-DD`,
 * any day of it): per category the base amounts of its funded (not funder) lines in live fundings
 * dated in that month — what the funding dialog asked for it, whatever it passed on or drew from
 * other categories. A category funded with nothing is absent.
 */
export class LedgerMonthFunded {
  constructor(
    readonly userId: string,
    readonly month: string,
  ) {}
}

/** Whether a live (not deleted) transaction of the user has a non-zero split for the category. */
export class LedgerCategoryInUse {
  constructor(
    readonly userId: string,
    readonly categoryId: string,
  ) {}
}

/** Whether the account is one of the user's, under that institution (the per-account sync's ownership check). Answers boolean. */
export class LedgerAccountInInstitution {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly accountId: string,
  ) {}
}

/** The net funding (type-2 transactions) of one category in one calendar month, in cents. */
export interface MonthlyFundingCents {
  categoryId: string;
  /** `YYYY-MM`. */
  month: string;
  amountCents: number;
}

/** The net funding per category and month from `from` (inclusive) to `to` (exclusive), both `YYYY-MM-DD`. */
export class LedgerFundingHistory {
  constructor(
    readonly userId: string,
    readonly from: string,
    readonly to: string,
  ) {}
}

/** The sum of a category's negative live splits, in cents (a negative number). */
export interface CategoryDebitCents {
  categoryId: string;
  debitsCents: number;
}

/**
 * The debits (negative live splits) of the named categories dated on or after `since`
 * (`YYYY-MM-DD`); a category without any is absent.
 */
export class LedgerCategoryDebits {
  constructor(
    readonly userId: string,
    readonly categoryIds: readonly string[],
    readonly since: string,
  ) {}
}
