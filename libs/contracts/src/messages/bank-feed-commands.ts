/**
 * The command the bank-sync context sends the ledger on the CommandBus with what a Plaid
 * `/transactions/sync` brought (server-behaviour §4.2.3): rows keyed by Plaid's own ids, amounts
 * already in our sign (money out negative, rule 1) and in integer cents. Plain classes (the web
 * imports this package too).
 */

/** An added or modified row. */
export interface BankFeedRow {
  plaidAccountId: string;
  /** Plaid's `transaction_id`. */
  transactionId: string;
  /** Plaid's `pending_transaction_id`: the pending row this posted row replaces. */
  pendingTransactionId: string | null;
  date: string;
  name: string;
  amountCents: number;
  pending: boolean;
  /** Plaid's `payment_channel` ('in store', 'online', 'other'); absent when the bank gives none (the reports count it `unknown`). */
  paymentChannel?: string | null;
  /** Plaid's `personal_finance_category.primary` ('TRANSFER_IN', 'LOAN_PAYMENTS', …): the transfer pairing's hint. */
  categoryHint?: string | null;
}

/** A removed row (Plaid's `removed[]`; its `account_id` may be missing in older answers). */
export interface BankFeedRemoval {
  plaidAccountId: string | null;
  transactionId: string;
}

/** Plaid's current balance of a linked account, in our sign (negated for credit and loans) and cents. */
export interface BankFeedBalance {
  plaidAccountId: string;
  balanceCents: number;
}

/**
 * Record a sync's rows for the user's linked institution, exactly once however often it is sent
 * (each row's stream id is derived from its account and Plaid id). Rows of accounts the user did
 * not link are left alone. Then each account's Plaid balance is kept (`plaidBalance`); a newly linked
 * account's starting balance is set once from it (Plaid's balance − the bank's posted rows since the
 * start date), so rows already inside Plaid's balance are not counted twice, and never re-derived
 * after that. Answers `RecordBankFeedResult`.
 */
export class RecordBankFeed {
  constructor(
    readonly userId: string,
    readonly institutionId: string,
    readonly rows: readonly BankFeedRow[],
    readonly removals: readonly BankFeedRemoval[],
    readonly balances: readonly BankFeedBalance[] = [],
    /** Rows per append (each append its own transaction); the ledger's default when left out. */
    readonly chunkSize?: number,
    /**
     * The feed is the item's whole history (its sync started without a cursor): only such a feed sets
     * a newly linked account's starting balance (Plaid's balance − the bank's posted rows).
     */
    readonly fromStart?: boolean,
  ) {}
}

export interface RecordBankFeedResult {
  added: number;
  /** The new rows whose splits are all in Unassigned (no auto-assignment rule claimed them). */
  unassigned?: number;
  changed: number;
  removed: number;
  unchanged: number;
  skipped: number;
  chunks: number;
  /** Bank rows that claimed a typed row instead of being recorded (the typed row became that bank row). */
  matched?: number;
  /**
   * Linked accounts whose starting balance is not set yet although the feed was not the item's whole
   * history (they were linked after the item's cursor moved on): the sync fetches the history again.
   */
  withoutHistory?: number;
  /** The ledger accounts and categories whose balances the rows moved. */
  accountIds: string[];
  categoryIds: string[];
}
