import type { Cents } from '@budget/money';
import { RuleViolation } from '../domain-error.js';
import type { TransactionRecorded } from '../transaction.events.js';

/** The name of the adjustment's row (the log line names it too). */
export const BANK_ADJUSTMENT_NAME = 'Bank balance adjustment';

export interface BankAdjustment {
  transactionId: string;
  accountId: string;
  /** The difference the user was shown (bank − cleared), in cents. */
  amount: Cents;
  /** The account as it is now. */
  shown: { linked: boolean; difference: Cents | null };
  fundingPoolCategoryId: string;
  date: string;
}

/**
 * A linked account's difference from the bank, recorded by the user (docs/architecture.md §8): one
 * transaction of exactly the difference, cleared (provider PLAID, so the cleared balance becomes the
 * bank's), in the Funding Pool (the money the bank holds beyond our rows is the budget's to assign,
 * as a starting balance is). Refused when the account is not linked, when there is no difference,
 * or when the difference is not the amount the user saw.
 */
export function decideBankAdjustment(a: BankAdjustment): TransactionRecorded[] {
  if (!a.shown.linked || a.shown.difference === null) throw new RuleViolation('amount', 'Only a linked account can be adjusted to its bank.', 'linked');
  if (a.shown.difference === 0) throw new RuleViolation('amount', 'The account already matches the bank.', 'nothing');
  if (a.shown.difference !== a.amount) throw new RuleViolation('amount', 'The difference from the bank has changed since it was shown; look at it again.', 'changed');
  return [{
    type: 'TransactionRecorded',
    data: {
      transactionId: a.transactionId,
      kind: 'manual',
      date: a.date,
      comment: 'Recorded so that the cleared balance matches the bank',
      splits: [{ categoryId: a.fundingPoolCategoryId, amount: a.amount, comment: null }],
      account: { accountId: a.accountId, name: BANK_ADJUSTMENT_NAME, amount: a.amount, principle: null, pending: false, provider: 'PLAID', providerTransactionId: null, statementId: null },
      bankAdjustment: true,
    },
  }];
}
