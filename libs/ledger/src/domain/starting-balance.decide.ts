import type { Cents } from '@budget/money';
import type { TransactionChanged, TransactionRecorded } from './transaction.events.js';
import type { TransactionState } from './transaction.state.js';

export const STARTING_BALANCE_NAME = 'Initial Funding';

export interface SetStartingBalance {
  transactionId: string;
  accountId: string;
  fundingPoolCategoryId: string;
  startDate: string;
  /** entered (or current) balance − Σ posted non-starting rows dated ≥ startDate (rule 6). */
  amount: Cents;
}

/**
 * Creates the account's starting-balance transaction into the Funding Pool, or moves the one it
 * has to the new date and amount (rules 6 and 7): recomputed, never duplicated.
 */
export function decideSetStartingBalance(command: SetStartingBalance, state: TransactionState): (TransactionRecorded | TransactionChanged)[] {
  const split = { categoryId: command.fundingPoolCategoryId, amount: command.amount, comment: null };
  if (!state.exists) {
    return [
      {
        type: 'TransactionRecorded',
        data: {
          transactionId: command.transactionId,
          kind: 'starting-balance',
          date: command.startDate,
          comment: null,
          splits: [split],
          account: {
            accountId: command.accountId,
            name: STARTING_BALANCE_NAME,
            amount: command.amount,
            principle: null,
            pending: false,
            provider: 'NONE',
            providerTransactionId: null,
            statementId: null,
          },
        },
      },
    ];
  }
  const account = state.account!;
  const changes: TransactionChanged['data']['changes'] = {};
  if (state.date !== command.startDate) changes.date = { from: state.date, to: command.startDate };
  if (account.amount !== command.amount) {
    changes.amount = { from: account.amount, to: command.amount };
    changes.splits = { from: state.splits, to: [split] };
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'TransactionChanged', data: { transactionId: state.transactionId, changes } }];
}
