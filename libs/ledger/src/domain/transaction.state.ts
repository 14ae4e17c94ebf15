import type { AccountPart, Split, TransactionEvent, TransactionKind } from './transaction.events.js';

export interface TransactionState {
  transactionId: string;
  exists: boolean;
  deleted: boolean;
  kind: TransactionKind;
  date: string;
  comment: string | null;
  splits: Split[];
  account: AccountPart | null;
  /** Stream revision of the last event: the transaction's `version`. */
  version: number;
  /** The row this bank row was flagged a duplicate of, until dedup clears it (deleting the pair is the projection's). */
  duplicateOf: string | null;
  /** A bank row's stream that holds only `BankRowClaimed`: the typed row it became. */
  claimedBy: string | null;
  /** Whether the splits are an auto-assignment rule's (a posted amount then follows the rule's split). */
  ruleSplits: boolean;
  /** The last review mark (`TransactionReviewed`) while nothing else happened to the row since; null otherwise. */
  reviewMark: boolean | null;
}

export const initialTransactionState: TransactionState = {
  transactionId: '',
  exists: false,
  deleted: false,
  kind: 'manual',
  date: '',
  comment: null,
  splits: [],
  account: null,
  version: -1,
  duplicateOf: null,
  claimedBy: null,
  ruleSplits: false,
  reviewMark: null,
};

export function evolveTransaction(state: TransactionState, event: TransactionEvent): TransactionState {
  const version = state.version + 1;
  switch (event.type) {
    case 'TransactionRecorded': {
      const { transactionId, kind, date, comment, splits, account, duplicateOfTransactionId } = event.data;
      return { transactionId, exists: true, deleted: false, kind, date, comment, splits, account, version, duplicateOf: duplicateOfTransactionId ?? null, claimedBy: null, ruleSplits: event.data.autoAssignment !== undefined, reviewMark: null };
    }
    case 'TransactionChanged': {
      const c = event.data.changes;
      const account = state.account && {
        ...state.account,
        ...(c.name && { name: c.name.to }),
        ...(c.amount && { amount: c.amount.to }),
        ...(c.principle && { principle: c.principle.to }),
        ...(c.statementId && { statementId: c.statementId.to }),
        ...(c.pending && { pending: c.pending.to }),
        ...(c.provider && { provider: c.provider.to }),
        ...(c.providerTransactionId && { providerTransactionId: c.providerTransactionId.to }),
      };
      return {
        ...state,
        date: c.date?.to ?? state.date,
        comment: c.comment ? c.comment.to : state.comment,
        splits: c.splits?.to ?? state.splits,
        ruleSplits: c.splits ? event.data.autoAssignment !== undefined : state.ruleSplits,
        account,
        version,
        reviewMark: null,
      };
    }
    case 'TransactionDeleted':
      return { ...state, deleted: true, version };
    case 'TransactionRestored':
      return { ...state, deleted: false, version };
    case 'TransactionDuplicateCleared':
      return { ...state, duplicateOf: null, version };
    case 'TransactionReviewed':
      return { ...state, reviewMark: event.data.reviewed, version };
    case 'BankRowClaimed':
      return { ...state, transactionId: event.data.transactionId, claimedBy: event.data.claimedBy, version };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown transaction event ${(unknown as { type: string }).type}`);
    }
  }
}

export const foldTransaction = (events: readonly TransactionEvent[]) => events.reduce(evolveTransaction, initialTransactionState);
