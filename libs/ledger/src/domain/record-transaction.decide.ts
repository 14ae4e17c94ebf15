import type { Cents } from '@budget/money';
import { isCalendarDate } from './dates.js';
import { MESSAGES, RuleViolation } from './domain-error.js';
import { normaliseSplits, type SplitContext, type SplitInput } from './splits.js';
import type { Provider, TransactionRecorded } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

export interface RecordAccountTransaction {
  transactionId: string;
  kind: 'manual' | 'regular';
  accountId: string;
  date: string;
  name: string;
  amount: Cents;
  principle: Cents | null;
  comment: string | null;
  splits: readonly SplitInput[];
  provider: Provider;
  providerTransactionId: string | null;
  pending: boolean;
}

/** What the deciders of account transactions know besides the splits' categories. */
export interface TransactionContext extends SplitContext {
  /**
   * Whether the account is a loan: only there does `principle` (the part of a payment that moves
   * the balance) mean anything. Elsewhere it is ignored: the spec's client sends `principle: 0`
   * with every transaction, which would otherwise keep it from moving the balance.
   */
  loanAccount: boolean;
}

/** A manual entry or an imported bank row (server-behaviour §3.3 "Manual add", §4.2.5). */
export function decideRecordAccountTransaction(
  command: RecordAccountTransaction,
  state: TransactionState,
  context: TransactionContext,
): TransactionRecorded[] {
  if (state.exists) return [];
  if (!isCalendarDate(command.date)) throw new RuleViolation('date', MESSAGES.date, 'date');
  const name = command.name.trim();
  if (name === '') throw new RuleViolation('name', MESSAGES.name, 'required');
  const splits = normaliseSplits(command.splits, command.amount, context);
  return [
    {
      type: 'TransactionRecorded',
      data: {
        transactionId: command.transactionId,
        kind: command.kind,
        date: command.date,
        comment: command.comment?.trim() || null,
        splits,
        account: {
          accountId: command.accountId,
          name,
          amount: command.amount,
          principle: context.loanAccount ? command.principle : null,
          pending: command.pending,
          provider: command.provider,
          providerTransactionId: command.providerTransactionId,
          statementId: null,
        },
      },
    },
  ];
}
