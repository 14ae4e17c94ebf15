import type { Cents } from '@budget/money';
import { nameBasedUuid } from './bank-rows/bank-transaction-id.js';

/**
 * Transfers between the user's own accounts, found among bank rows (README "Transfer pairs"): two
 * rows in two of the user's accounts, opposite amounts, dates within a few days. A pair is one
 * account transfer — both rows wholly in the Account Transfer category (server-behaviour §3.1, as
 * a transfer typed in the transaction dialog is), each row naming the other — and it has a stream
 * of its own, `transfer-pair-<pairId>`, whose id is derived from the two rows' ids: its first
 * append expects no stream, so a pair is offered, recorded or declined exactly once.
 */

/** One side of a pair, as the pairing saw it (the log and the candidates list name both accounts). */
export interface TransferLeg {
  transactionId: string;
  accountId: string;
  accountName: string;
  /** The row's name at the bank ("Transfer to Saving"). */
  name: string;
  date: string;
  amount: Cents;
}

/** How a pair came to be recorded: alone (unambiguous, with Plaid's transfer hint) or confirmed by the user. */
export type TransferPairHow = 'automatic' | 'confirmed';

/** Carried by the `TransactionChanged` that moves a paired row into Account Transfer: the other row of the pair. */
export interface TransferPairNote {
  pairId: string;
  how: TransferPairHow;
  accountName: string;
  otherTransactionId: string;
  otherAccountId: string;
  otherAccountName: string;
  otherName: string;
}

/** Two rows that may be one transfer, offered to the user (several candidates, or no transfer hint). */
export interface TransferPairOffered {
  type: 'TransferPairOffered';
  /** `legs[0]` is the money going out (negative amount), `legs[1]` the money coming in. */
  data: { pairId: string; legs: [TransferLeg, TransferLeg] };
}

/** The two rows are one transfer: each row's own stream has its `TransactionChanged` in the same write. */
export interface TransferPairRecorded {
  type: 'TransferPairRecorded';
  data: { pairId: string; how: TransferPairHow; legs: [TransferLeg, TransferLeg] };
}

/** The user said the two rows are not one transfer: never offered again. */
export interface TransferPairDeclined {
  type: 'TransferPairDeclined';
  data: { pairId: string };
}

export type TransferPairEvent = TransferPairOffered | TransferPairRecorded | TransferPairDeclined;
export const TRANSFER_PAIR_EVENTS: ReadonlySet<string> = new Set(['TransferPairOffered', 'TransferPairRecorded', 'TransferPairDeclined']);

export const transferPairStream = (pairId: string) => `transfer-pair-${pairId}`;

/** How many days apart the two sides of a transfer may be dated (a card payment takes a few business days). */
export const TRANSFER_WINDOW_DAYS = 5;

/** Plaid's `personal_finance_category.primary` values that mark a row as one side of a transfer. */
export const TRANSFER_HINTS: ReadonlySet<string> = new Set(['TRANSFER_IN', 'TRANSFER_OUT', 'LOAN_PAYMENTS']);

/** The UUID namespace of pair ids (a fixed random UUID; never change it). */
const TRANSFER_PAIR_NAMESPACE = '9d3c2f5e-0b7a-4e21-8c64-71f0a5b2d9e3';

/** The pair's id: a name-based UUID of the two rows' ids, in either order. */
export function transferPairId(a: string, b: string): string {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()].sort();
  return nameBasedUuid(TRANSFER_PAIR_NAMESPACE, `${x}\u0000${y}`);
}
