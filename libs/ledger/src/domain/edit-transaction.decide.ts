import type { Cents } from '@budget/money';
import { isCalendarDate } from './dates.js';
import { ForbiddenChange, MESSAGES, RuleViolation, UnknownReference } from './domain-error.js';
import { beforeStartDate, type TransactionContext } from './record-transaction.decide.js';
import { normaliseSplits, sameSplits, type SplitInput } from './splits.js';
import type { TransactionChanged, TransactionChanges } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

export interface EditTransaction {
  version: number;
  date?: string;
  name?: string;
  amount?: Cents;
  principle?: Cents | null;
  comment?: string | null;
  splits?: readonly SplitInput[];
  statementId?: string | null;
}

export class StaleVersion extends Error {
  constructor(readonly expected: number, readonly actual: number) {
    super(`version ${expected} is stale (now ${actual})`);
  }
}

/**
 * PATCH /transaction/{id} (server-behaviour §4.3, rules 9 and 10): optimistic version check, bank
 * rows keep their date, name and amount, starting balances are not edited by hand, funding and
 * rebalances are edited as category transfers, and the splits always sum to the amount.
 */
export function decideEditTransaction(command: EditTransaction, state: TransactionState, context: TransactionContext): TransactionChanged[] {
  if (!state.exists || state.deleted || !state.account) throw new UnknownReference('Transaction');
  if (command.version !== state.version) throw new StaleVersion(command.version, state.version);
  if (state.kind === 'starting-balance') throw new ForbiddenChange('A starting balance is changed through the account, not by hand.');
  const account = state.account;
  const changes: TransactionChanges = {};

  const bankFed = state.kind === 'regular';
  if (command.date !== undefined && command.date !== state.date) {
    if (bankFed) throw new RuleViolation('date', 'The date of a bank transaction cannot be changed.', 'readonly');
    if (!isCalendarDate(command.date)) throw new RuleViolation('date', MESSAGES.date, 'date');
    const early = beforeStartDate(command.date, context);
    if (early) throw early;
    changes.date = { from: state.date, to: command.date };
  }
  if (command.name !== undefined && command.name.trim() !== account.name) {
    if (bankFed) throw new RuleViolation('name', 'The name of a bank transaction cannot be changed.', 'readonly');
    if (command.name.trim() === '') throw new RuleViolation('name', MESSAGES.name, 'required');
    changes.name = { from: account.name, to: command.name.trim() };
  }
  if (command.amount !== undefined && command.amount !== account.amount) {
    if (bankFed) throw new RuleViolation('amount', 'The amount of a bank transaction cannot be changed.', 'readonly');
    changes.amount = { from: account.amount, to: command.amount };
  }
  // `principle` counts on loans only; elsewhere the client's `principle: 0` is ignored.
  if (command.principle !== undefined && context.loanAccount && command.principle !== account.principle) {
    changes.principle = { from: account.principle, to: command.principle };
  }
  if (command.comment !== undefined && (command.comment?.trim() || null) !== state.comment) {
    changes.comment = { from: state.comment, to: command.comment?.trim() || null };
  }
  if (command.statementId !== undefined && command.statementId !== account.statementId) {
    changes.statementId = { from: account.statementId, to: command.statementId };
  }

  const amount = changes.amount?.to ?? account.amount;
  if (command.splits !== undefined) {
    const splits = normaliseSplits(command.splits, amount, context);
    if (!sameSplits(splits, state.splits)) changes.splits = { from: state.splits, to: splits };
  } else if (changes.amount && state.splits.length > 0) {
    throw new RuleViolation('categories', MESSAGES.splitSum, 'sum');
  }

  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes } }];
}

