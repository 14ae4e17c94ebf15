import { sumCents, type Cents } from '@budget/money';
import { followSplits, routeDeltaToUnassigned } from '../splits.js';
import type { Split, TransactionChanged, TransactionChanges, TransactionDeleted, TransactionRecorded } from '../transaction.events.js';
import type { TransactionState } from '../transaction.state.js';
import { bankTransactionId, type BankRowProvider } from './bank-transaction-id.js';

/** The longest name a bank row keeps (the API's own limit on a typed name). */
export const BANK_ROW_NAME_MAX = 500;

/** One added or modified row from a bank feed, already in our sign (money out negative, rule 1). */
export interface BankRow {
  /** Our account (the caller's): the feed's account id is mapped before the ledger sees the row. */
  accountId: string;
  provider: BankRowProvider;
  providerTransactionId: string;
  /** The pending row this posted row replaces (Plaid's `pending_transaction_id`), if any. */
  pendingTransactionId: string | null;
  date: string;
  name: string;
  amount: Cents;
  pending: boolean;
  /** Plaid's payment channel, when the feed gives one. */
  paymentChannel?: string | null;
}

/** A row the feed withdrew (Plaid's `removed`). */
export interface BankRemoval {
  accountId: string;
  provider: BankRowProvider;
  providerTransactionId: string;
}

/** The transaction id a row is stored under, and the one of the pending row it replaces. */
export const bankRowTransactionId = (row: Pick<BankRow, 'accountId' | 'provider' | 'providerTransactionId'>) =>
  bankTransactionId(row.accountId, row.provider, row.providerTransactionId);
export const replacedTransactionId = (row: BankRow) =>
  row.pendingTransactionId === null || row.pendingTransactionId === row.providerTransactionId
    ? null
    : bankTransactionId(row.accountId, row.provider, row.pendingTransactionId);

/** What deciding a bank row needs besides the streams. */
export interface BankRowContext {
  unassignedCategoryId: string;
  /**
   * The splits a rule gives a new row (the rules' seam); null: the whole amount Unassigned
   * (rule 2). Splits that do not sum to the amount are ignored, so a rule never fails a sync.
   */
  assigned: readonly Split[] | null;
  /** The existing manual, OFX or CSV row a new row duplicates (`decideDuplicates`), if any. */
  duplicateOf?: string | null;
}

export interface BankRowDecision {
  /** Events for the row's own stream. */
  row: (TransactionRecorded | TransactionChanged)[];
  /** Events for the stream of the pending row it replaces. */
  replaced: TransactionDeleted[];
}

/** A bank name as the API would accept it: trimmed, without control characters, at most 500 characters, never empty. */
export function bankRowName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  const clipped = Array.from(clean).slice(0, BANK_ROW_NAME_MAX).join('').trim();
  return clipped === '' ? 'Bank transaction' : clipped;
}

/**
 * An added or modified bank row (server-behaviour §4.2.3 step 3, rules 1–4):
 * - a row not stored yet is recorded under Unassigned (or the rule's splits); when it is the posted
 *   form of a pending row (`pendingTransactionId`), it takes that row's splits — the user's
 *   categories are kept and the amount difference goes to Unassigned (rule 4) — and the pending row
 *   is deleted (its splits reversed, the posted row's applied: Dining stays Dining). This holds in
 *   whatever order Plaid delivers the pending row's removal, since a deleted row still has its splits;
 * - a row already stored takes the feed's amount (the difference routed to Unassigned, so the splits
 *   keep summing to the amount), date, name and pending flag; nothing when they are the same
 *   (a re-fetch after a crash appends nothing);
 * - a row deleted meanwhile (removed by the feed or by the user) stays deleted.
 */
export function decideBankRow(row: BankRow, state: TransactionState, replaced: TransactionState | null, context: BankRowContext): BankRowDecision {
  const name = bankRowName(row.name);
  if (state.exists) return { row: state.deleted ? [] : changesOf(row, name, state, context.unassignedCategoryId), replaced: [] };

  const pendingPart = replaced?.exists ? replaced.account : null;
  // The posted form of a pending row follows its split (the tipped bill): one category or a rule's
  // split take the posted amount; only a hand-made split over several categories sends the
  // difference to Unassigned, and the row is marked for review.
  const followed = pendingPart ? followSplits(replaced!.splits, row.amount, context.unassignedCategoryId, { byRule: replaced!.ruleSplits, ruled: context.assigned }) : null;
  const splits = followed
    ? followed.splits
    : context.assigned && context.assigned.length > 0 && sumCents(context.assigned.map((s) => s.amount)) === row.amount
      ? [...context.assigned]
      : [{ categoryId: context.unassignedCategoryId, amount: row.amount, comment: null }];
  const transactionId = bankRowTransactionId(row);
  // The posted form of a pending row keeps its flag (or its cleared flag: a dedup is not undone).
  const duplicateOf = replaced?.exists ? replaced.duplicateOf : (context.duplicateOf ?? null);
  const recorded: TransactionRecorded = {
    type: 'TransactionRecorded',
    data: {
      transactionId,
      kind: 'regular',
      date: row.date,
      comment: replaced?.exists ? replaced.comment : null,
      splits,
      account: {
        accountId: row.accountId,
        name,
        amount: row.amount,
        // As imported OFX rows: a loan's bank row moves the balance by its whole amount.
        principle: null,
        pending: row.pending,
        provider: 'PLAID',
        providerTransactionId: row.providerTransactionId,
        statementId: null,
        ...(row.paymentChannel ? { paymentChannel: row.paymentChannel } : {}),
      },
      ...(duplicateOf !== null && { duplicateOfTransactionId: duplicateOf }),
      ...(followed?.review && { review: true as const }),
    },
  };
  const retire: TransactionDeleted[] =
    replaced?.exists && !replaced.deleted ? [{ type: 'TransactionDeleted', data: { transactionId: replaced.transactionId } }] : [];
  return { row: [recorded], replaced: retire };
}

function changesOf(row: BankRow, name: string, state: TransactionState, unassigned: string): TransactionChanged[] {
  const account = state.account;
  if (!account) return [];
  const changes: TransactionChanges = {};
  if (row.amount !== account.amount) {
    changes.amount = { from: account.amount, to: row.amount };
    changes.splits = { from: state.splits, to: routeDeltaToUnassigned(state.splits, row.amount - account.amount, unassigned) };
  }
  if (row.date !== state.date) changes.date = { from: state.date, to: row.date };
  if (name !== account.name) changes.name = { from: account.name, to: name };
  if (row.pending !== account.pending) changes.pending = { from: account.pending, to: row.pending };
  return Object.keys(changes).length === 0 ? [] : [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes } }];
}

/**
 * A row the feed removed (§4.2.3 step 4, with weak points 10 and 18 fixed): deleted like a user's
 * delete (rule 11), so the projection reverses its splits and, when posted, its amount from the
 * account — with the right sign, once, and only what it counted (start date and tracking apply as
 * for any row). Unknown or already deleted: nothing.
 */
export function decideBankRemoval(state: TransactionState): TransactionDeleted[] {
  if (!state.exists || state.deleted) return [];
  return [{ type: 'TransactionDeleted', data: { transactionId: state.transactionId } }];
}
