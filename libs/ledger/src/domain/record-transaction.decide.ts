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
  /**
   * The account's start date: a manual entry dated before it would be stored and silently left
   * out of the balance (server-behaviour §3.3, §4.2.4), so the user's own entries are refused.
   * Bank rows may be older (§3.3 "Plaid adds a posted tx dated < start date") and are taken.
   */
  accountStartDate?: string | null;
}

/** The 422 on `date` for a manual entry or edit dated before its account's start date. */
export function beforeStartDate(date: string, context: TransactionContext): RuleViolation | null {
  const start = context.accountStartDate;
  return start && date < start ? new RuleViolation('date', `The date is before the account's start date (${start}).`, 'range') : null;
}

/** A manual entry or an imported bank row (server-behaviour §3.3 "Manual add", §4.2.5). */
export function decideRecordAccountTransaction(
  command: RecordAccountTransaction,
  state: TransactionState,
  context: TransactionContext,
): TransactionRecorded[] {
  if (state.exists) return [];
  if (!isCalendarDate(command.date)) throw new RuleViolation('date', MESSAGES.date, 'date');
  const early = command.kind === 'manual' ? beforeStartDate(command.date, context) : null;
  if (early) throw early;
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
