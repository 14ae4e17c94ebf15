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
}

export interface TransactionChanged {
  type: 'TransactionChanged';
  /**
   * `autoAssignment`: a rule applied to the existing row gave it its splits. `transferPair`: the row
   * became one side of a transfer between the user's own accounts (transfer-pair.events.ts).
   */
  data: { transactionId: string; changes: TransactionChanges; autoAssignment?: AutoAssignmentNote; transferPair?: TransferPairNote };
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

/** A deleted bank row that a re-import brings back. */
export interface TransactionRestored {
  type: 'TransactionRestored';
  data: { transactionId: string };
}

export type TransactionEvent = TransactionRecorded | TransactionChanged | TransactionDeleted | TransactionRestored | TransactionDuplicateCleared;

export const transactionStream = (transactionId: string) => `transaction-${transactionId}`;
