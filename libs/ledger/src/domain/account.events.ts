import type { Cents } from '@budget/money';
import type { AccountType, Tracking } from './account.catalogue.js';

export interface InstitutionAdded {
  type: 'InstitutionAdded';
  data: { institutionId: string; name: string; plaidInstitutionId: string | null };
}
export interface InstitutionRenamed {
  type: 'InstitutionRenamed';
  data: { institutionId: string; name: string; previousName: string };
}
export interface InstitutionDeleted {
  type: 'InstitutionDeleted';
  data: { institutionId: string };
}
export type InstitutionEvent = InstitutionAdded | InstitutionRenamed | InstitutionDeleted;

export interface AccountOpened {
  type: 'AccountOpened';
  data: {
    accountId: string;
    institutionId: string;
    name: string;
    type: AccountType;
    subtype: string;
    tracking: Tracking;
    startDate: string;
    /** The balance the person entered, as of now. */
    balance: Cents;
    /** APR in thousandths of a percent (5.25% → 5250); loans only. */
    rate: number | null;
    /** A linked account (libs/bank-sync): Plaid's account id and its balance at link time. Absent: offline. */
    plaid?: OnlineAccountFacts;
  };
}

/** What Plaid says of a linked account when it is opened. */
export interface OnlineAccountFacts {
  accountId: string;
  balance: Cents;
  officialName: string | null;
  mask: string | null;
}
export interface AccountRenamed {
  type: 'AccountRenamed';
  data: { accountId: string; name: string; previousName: string };
}
export interface AccountClosed {
  type: 'AccountClosed';
  data: { accountId: string };
}
export interface AccountReopened {
  type: 'AccountReopened';
  data: { accountId: string };
}
export interface AccountStartDateChanged {
  type: 'AccountStartDateChanged';
  data: { accountId: string; from: string; to: string };
}
/**
 * The account's tracking changed (product-spec §3: Transactions, Uncategorized Transactions,
 * Balances). The projection re-derives the budget from it, set-based: the account's transactions
 * (its starting balance among them) enter or leave the categories, and an account that stops
 * tracking balances keeps the balance it had.
 */
export interface AccountTrackingChanged {
  type: 'AccountTrackingChanged';
  data: { accountId: string; from: Tracking; to: Tracking };
}
export interface AccountDeleted {
  type: 'AccountDeleted';
  data: { accountId: string };
}

export interface StatementCreated {
  type: 'StatementCreated';
  data: { accountId: string; statementId: string; startDate: string; endDate: string; startingBalance: Cents; endingBalance: Cents };
}
export interface StatementChanged {
  type: 'StatementChanged';
  data: {
    accountId: string;
    statementId: string;
    startDate?: string;
    endDate?: string;
    startingBalance?: Cents;
    endingBalance?: Cents;
  };
}
/** "Reconcile All/None" and statement creation: the rows attached or detached, by id. */
export interface StatementReconciled {
  type: 'StatementReconciled';
  data: { accountId: string; statementId: string; attached: string[]; detached: string[] };
}

/**
 * A statement finished (docs/architecture.md §9.7 "Finish and lock"): its difference was zero, so
 * its figures are the bank's and its rows are locked. The period and totals are kept for the log's
 * line; when it finished is the event's recorded time.
 */
export interface StatementFinished {
  type: 'StatementFinished';
  data: { accountId: string; statementId: string; startDate: string; endDate: string; endingBalance: Cents; clearedTotal: Cents };
}
/**
 * A finished statement opened again: by the user (`user`), or because a locked row was changed or
 * deleted on a confirmed request (`row-changed`, `row-deleted`, naming the row), so that the
 * statement's figures never change silently.
 */
export interface StatementReopened {
  type: 'StatementReopened';
  data: { accountId: string; statementId: string; startDate: string; endDate: string; cause: 'user' | 'row-changed' | 'row-deleted'; transactionId?: string };
}

export interface BalanceRecorded {
  type: 'BalanceRecorded';
  data: { accountId: string; balanceId: string; date: string; balance: Cents };
}
export interface BalanceChanged {
  type: 'BalanceChanged';
  data: { accountId: string; balanceId: string; date: string; balance: Cents };
}
export interface BalanceRemoved {
  type: 'BalanceRemoved';
  data: { accountId: string; balanceId: string };
}

/** A bank-file import finished: the file's ledger balance against ours (never overwritten). */
export interface StatementFileImported {
  type: 'StatementFileImported';
  data: {
    accountId: string;
    format: 'OFX' | 'CSV';
    added: number;
    updated: number;
    unchanged: number;
    fileLedgerBalance: Cents | null;
    balanceAfterImport: Cents;
  };
}

/** A sync read the linked account's balance at Plaid (current, in our sign): shown as `plaidBalance`. */
export interface AccountPlaidBalanceChanged {
  type: 'AccountPlaidBalanceChanged';
  data: { accountId: string; from: Cents | null; to: Cents };
}

/**
 * A linked account's starting balance, set once at its first full sync (docs/architecture.md §8
 * "A linked account's starting balance is set once"): Plaid's balance minus the bank's posted rows
 * since the start date. Later syncs never re-derive it; a difference from the bank is shown, and
 * only an adjustment the user records moves the account. No read model needs it (the starting
 * transaction's own event moves the money, and logs it).
 */
export interface AccountBankStartSet {
  type: 'AccountBankStartSet';
  data: { accountId: string; plaidBalance: Cents; postedBankRows: Cents; startingBalance: Cents };
}

export type AccountEvent =
  | AccountOpened
  | AccountPlaidBalanceChanged
  | AccountBankStartSet
  | AccountRenamed
  | AccountClosed
  | AccountReopened
  | AccountStartDateChanged
  | AccountTrackingChanged
  | AccountDeleted
  | StatementCreated
  | StatementChanged
  | StatementReconciled
  | StatementFinished
  | StatementReopened
  | BalanceRecorded
  | BalanceChanged
  | BalanceRemoved
  | StatementFileImported;

export const institutionStream = (id: string) => `institution-${id}`;
export const accountStream = (id: string) => `account-${id}`;
