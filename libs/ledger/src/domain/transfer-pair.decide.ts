import { RuleViolation, UnknownReference } from './domain-error.js';
import type { TransactionChanged, TransactionEvent } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';
import {
  TRANSFER_WINDOW_DAYS, type TransferLeg, type TransferPairEvent, type TransferPairHow, type TransferPairNote,
} from './transfer-pair.events.js';

/** A pair's stream, folded: never seen, offered to the user, recorded as a transfer, or declined. */
export interface TransferPairState {
  status: 'none' | 'offered' | 'paired' | 'declined';
  legs: [TransferLeg, TransferLeg] | null;
}

export function foldTransferPair(events: readonly TransferPairEvent[]): TransferPairState {
  let state: TransferPairState = { status: 'none', legs: null };
  for (const event of events) {
    switch (event.type) {
      case 'TransferPairOffered':
        state = { status: 'offered', legs: event.data.legs };
        break;
      case 'TransferPairRecorded':
        state = { status: 'paired', legs: event.data.legs };
        break;
      case 'TransferPairDeclined':
        state = { ...state, status: 'declined' };
        break;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown transfer pair event ${(unknown as { type: string }).type}`);
      }
    }
  }
  return state;
}

/** The row a transaction was paired with (its stream's transfer note), or null. */
export function pairedWith(events: readonly TransactionEvent[]): string | null {
  let other: string | null = null;
  for (const event of events) if (event.type === 'TransactionChanged' && event.data.transferPair) other = event.data.transferPair.otherTransactionId;
  return other;
}

/** One row as the decider sees it: its state from its own stream, whom it is paired with, its account's name. */
export interface PairSide {
  state: TransactionState;
  pairedWith: string | null;
  accountName: string;
}

export interface PairContext {
  pairId: string;
  unassignedCategoryId: string;
  accountTransferCategoryId: string;
}

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/** Why a row cannot be one side of a transfer now (null: it can). Only bank rows still wholly in Unassigned qualify. */
export function notPairable(side: PairSide, unassigned: string): string | null {
  const { state } = side;
  if (!state.exists || state.deleted) return 'was deleted';
  if (state.account === null || state.kind !== 'regular') return 'is not a bank transaction';
  if (state.account.pending) return 'is still pending';
  if (state.duplicateOf !== null) return 'is marked as a possible duplicate';
  if (side.pairedWith !== null) return 'is already one side of a transfer';
  if (state.account.amount === 0) return 'has no amount';
  if (state.splits.length === 0 || state.splits.some((s) => s.categoryId !== unassigned)) return 'has been given a category since';
  return null;
}

/** Why two pairable rows are not one transfer (null: they may be): two accounts, opposite amounts, dates close together. */
export function notATransfer(a: TransactionState, b: TransactionState): string | null {
  if (a.account === null || b.account === null) return 'They are not bank transactions.';
  if (a.account.accountId === b.account.accountId) return 'Both are in the same account.';
  if (a.account.amount + b.account.amount !== 0) return 'Their amounts are not opposite.';
  if (Math.abs(dayNumber(a.date) - dayNumber(b.date)) > TRANSFER_WINDOW_DAYS) return `They are more than ${TRANSFER_WINDOW_DAYS} days apart.`;
  return null;
}

/** The pair's two sides, money out first. */
export function legsOf(a: PairSide, b: PairSide): [TransferLeg, TransferLeg] {
  const leg = ({ state, accountName }: PairSide): TransferLeg => ({
    transactionId: state.transactionId, accountId: state.account!.accountId, accountName, name: state.account!.name, date: state.date, amount: state.account!.amount,
  });
  return a.state.account!.amount < 0 ? [leg(a), leg(b)] : [leg(b), leg(a)];
}

export interface PairDecision {
  pair: TransferPairEvent[];
  /** The `TransactionChanged` of each row, by transaction id (none when nothing is recorded). */
  rows: Map<string, TransactionChanged[]>;
}

const nothing = (): PairDecision => ({ pair: [], rows: new Map() });

/** The change that makes a row one side of the pair: its whole amount into Account Transfer, the other row named. */
function intoTransfer(side: PairSide, other: PairSide, how: TransferPairHow, context: PairContext): TransactionChanged {
  const { state } = side;
  const note: TransferPairNote = {
    pairId: context.pairId, how, accountName: side.accountName, otherTransactionId: other.state.transactionId,
    otherAccountId: other.state.account!.accountId, otherAccountName: other.accountName, otherName: other.state.account!.name,
  };
  return {
    type: 'TransactionChanged',
    data: {
      transactionId: state.transactionId,
      changes: { splits: { from: state.splits, to: [{ categoryId: context.accountTransferCategoryId, amount: state.account!.amount, comment: null }] } },
      transferPair: note,
    },
  };
}

function recorded(a: PairSide, b: PairSide, how: TransferPairHow, context: PairContext): PairDecision {
  return {
    pair: [{ type: 'TransferPairRecorded', data: { pairId: context.pairId, how, legs: legsOf(a, b) } }],
    rows: new Map([
      [a.state.transactionId, [intoTransfer(a, b, how, context)]],
      [b.state.transactionId, [intoTransfer(b, a, how, context)]],
    ]),
  };
}

/**
 * What the pairing after a bank feed records for two candidate rows: the pair itself when
 * `unambiguous` (each row the other's only candidate, and Plaid hinted a transfer), else an offer
 * to the user. A pair already offered, recorded or declined, and rows that no longer qualify, give
 * nothing: a re-sync or a retried job appends nothing twice.
 */
export function decideFoundPair(context: PairContext, pair: TransferPairState, a: PairSide, b: PairSide, unambiguous: boolean): PairDecision {
  if (pair.status !== 'none') return nothing();
  if (notPairable(a, context.unassignedCategoryId) !== null || notPairable(b, context.unassignedCategoryId) !== null) return nothing();
  if (notATransfer(a.state, b.state) !== null) return nothing();
  if (unambiguous) return recorded(a, b, 'automatic', context);
  return { pair: [{ type: 'TransferPairOffered', data: { pairId: context.pairId, legs: legsOf(a, b) } }], rows: new Map() };
}

/**
 * The user confirms an offered pair: both rows move into Account Transfer, linked. A pair already
 * recorded answers as it is (nothing appended); a declined or unknown pair, or a row that no
 * longer qualifies (deleted, given a category, paired with another row), is refused with the reason.
 */
export function decideConfirmPair(context: PairContext, pair: TransferPairState, a: PairSide, b: PairSide): PairDecision {
  if (pair.status === 'none') throw new UnknownReference('Transfer pair');
  if (pair.status === 'paired') return nothing();
  if (pair.status === 'declined') throw new RuleViolation('pairId', 'These transactions were declined as a transfer.', 'declined');
  for (const side of [a, b]) {
    const reason = notPairable(side, context.unassignedCategoryId);
    if (reason !== null) throw new RuleViolation('pairId', `"${side.state.account?.name ?? 'The transaction'}" in ${side.accountName} ${reason}.`, 'stale');
  }
  const reason = notATransfer(a.state, b.state);
  if (reason !== null) throw new RuleViolation('pairId', reason, 'invalid');
  return recorded(a, b, 'confirmed', context);
}

/** The user says an offered pair is not a transfer. Declining again changes nothing; a recorded pair cannot be declined. */
export function decideDeclinePair(pairId: string, pair: TransferPairState): TransferPairEvent[] {
  if (pair.status === 'none') throw new UnknownReference('Transfer pair');
  if (pair.status === 'declined') return [];
  if (pair.status === 'paired') throw new RuleViolation('pairId', 'These transactions are already recorded as a transfer.', 'paired');
  return [{ type: 'TransferPairDeclined', data: { pairId } }];
}
