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

/** A manual entry or an imported bank row (server-behaviour §3.3 "Manual add", §4.2.5). */
export function decideRecordAccountTransaction(
  command: RecordAccountTransaction,
  state: TransactionState,
  context: SplitContext,
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
          principle: command.principle,
          pending: command.pending,
          provider: command.provider,
          providerTransactionId: command.providerTransactionId,
          statementId: null,
        },
      },
    },
  ];
}
