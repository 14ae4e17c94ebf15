import type { Cents } from '@budget/money';
import type { TransferPairNote } from './transfer-pair.events.js';

/** Kinds of transaction, with the numeric `type` the wire uses (product-spec §3). */
export const TRANSACTION_TYPE = {
  regular: 0,
  transfer: 1,
  funding: 2,
  rebalance: 3,
  'starting-balance': 4,
  manual: 5,
} as const;
export type TransactionKind = keyof typeof TRANSACTION_TYPE;

export interface FundingSource {
  categoryId: string;
  /** Cents for a fixed source; basis points (1/100 of a percent) when `percentage`. */
  amount: number;
  percentage: boolean;
}

/** One category line. Its amount carries the sign of the money it tracks. */
export interface Split {
  categoryId: string;
  amount: Cents;
  comment: string | null;
  funder?: boolean;
  fundingCategories?: FundingSource[];
  includeFundingTransfers?: boolean;
  baseAmount?: Cents;
}

export type Provider = 'NONE' | 'OFX' | 'CSV' | 'PLAID';

/** The account side of a transaction; funding and rebalances have none. */
export interface AccountPart {
  accountId: string;
  name: string;
  amount: Cents;
  /** Loans only: the part of the amount that moves the balance (interest = amount − principle). */
  principle: Cents | null;
  pending: boolean;
  provider: Provider;
  /** FITID, CSV row fingerprint or Plaid transaction id: the de-duplication key per account. */
  providerTransactionId: string | null;
  statementId: string | null;
  /** A Plaid row's payment channel ('in store', 'online', 'other'), for the payee report; absent elsewhere. */
  paymentChannel?: string;
}

/** The auto-assignment rule that gave a new bank row its splits, and the search string that matched. */
export interface AutoAssignmentNote {
  ruleId: string;
  ruleName: string;
  searchString: string;
}

export interface TransactionRecorded {
  type: 'TransactionRecorded';
  data: {
    transactionId: string;
    kind: TransactionKind;
    date: string;
    comment: string | null;
    splits: Split[];
    account: AccountPart | null;
    /** Set when a rule assigned the row (its events then carry the actor `rule:<id>`). */
    autoAssignment?: AutoAssignmentNote;
    /**
     * A bank row that looks like an existing manual, OFX or CSV row of its account (same amount,
     * dates within 3 days): that row's id, until the user resolves the pair (dedup or delete).
     */
    duplicateOfTransactionId?: string;
    /**
     * The posted form of a pending row whose hand-made split over several categories could not
     * follow the bank's new amount: the difference is in Unassigned and the user should review it.
     */
    review?: true;
    /** The user's adjustment of a linked account to its bank's balance ("differs from the bank by X"). */
    bankAdjustment?: true;
  };
}

/** Only the fields that changed, each with its value before and after (for the log). */
export interface TransactionChanges {
  date?: { from: string; to: string };
  comment?: { from: string | null; to: string | null };
  splits?: { from: Split[]; to: Split[] };
  name?: { from: string; to: string };
  amount?: { from: Cents; to: Cents };
  principle?: { from: Cents | null; to: Cents | null };
  statementId?: { from: string | null; to: string | null };
  pending?: { from: boolean; to: boolean };
  /**
   * A typed row claimed by the bank's row (docs/architecture.md §8 "Bank rows claim typed rows"):
   * it takes the bank's provider and transaction id (`NONE` → `PLAID` once the bank's row is posted;
   * a pending bank row sets the id only, so the row stays uncleared); back to null when the bank
   * withdraws the row it matched.
   */
  provider?: { from: Provider; to: Provider };
  providerTransactionId?: { from: string | null; to: string | null };
}

export interface TransactionChanged {
  type: 'TransactionChanged';
  /**
   * `autoAssignment`: a rule applied to the existing row gave it its splits. `transferPair`: the row
   * became one side of a transfer between the user's own accounts (transfer-pair.events.ts).
   */
  data: { transactionId: string; changes: TransactionChanges; autoAssignment?: AutoAssignmentNote; review?: true; transferPair?: TransferPairNote };
}

export interface TransactionDeleted {
  type: 'TransactionDeleted';
  data: { transactionId: string };
}

/** The user said a flagged bank row is not a duplicate (`POST /transaction/{id}/dedup`). */
export interface TransactionDuplicateCleared {
  type: 'TransactionDuplicateCleared';
  data: { transactionId: string };
}

/**
 * The stream of a bank row's derived id, when that row claimed a typed row instead of being recorded
 * itself: it holds only this event, so a second first append of the bank row is still refused by
 * the store (exactly once by construction), and later syncs of the same row find the typed row it
 * became. No read model shows it.
 */
export interface BankRowClaimed {
  type: 'BankRowClaimed';
  data: { transactionId: string; claimedBy: string };
}

/** A deleted bank row that a re-import brings back. */
export interface TransactionRestored {
  type: 'TransactionRestored';
  data: { transactionId: string };
}

/**
 * The user reviewed a bank row (`reviewed: true`) or marked a row as new again (`false`): the
 * register's review state (docs/architecture.md §4.6 "Review state"). Moves no money.
 */
export interface TransactionReviewed {
  type: 'TransactionReviewed';
  data: { transactionId: string; reviewed: boolean };
}

export type TransactionEvent =
  | TransactionRecorded | TransactionChanged | TransactionDeleted | TransactionRestored | TransactionDuplicateCleared | BankRowClaimed | TransactionReviewed;

export const transactionStream = (transactionId: string) => `transaction-${transactionId}`;
