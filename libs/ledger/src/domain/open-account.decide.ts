import type { Cents } from '@budget/money';
import { DEFAULT_TRACKING, isAccountType, isSubtypeOf, isTracking } from './account.catalogue.js';
import type { AccountOpened, BalanceRecorded, OnlineAccountFacts } from './account.events.js';
import { isCalendarDate } from './dates.js';
import { refuseBalanceBeyondBound } from './balance-bound.js';
import { RuleViolation } from './domain-error.js';

export interface OpenAccount {
  accountId: string;
  institutionId: string;
  name?: string | undefined;
  type?: string | undefined;
  subtype?: string | undefined;
  tracking?: string | undefined;
  startDate?: string | undefined;
  balance: Cents;
  rate: number | null;
  /** Id for the first balance-history row of a Balances-tracked account. */
  balanceId: string;
  /** Field path prefix for errors, e.g. `accounts.0.` in an institution body. */
  fieldPrefix?: string;
  /** A linked account: its Plaid facts (the balance it opens with is then Plaid's). */
  plaid?: OnlineAccountFacts | undefined;
}

/**
 * Opens an offline account (product-spec §5 "Offline account"), with its type's default tracking
 * when none is given (`DEFAULT_TRACKING`: loans and investments stay off the budget). A Balances-tracked account gets
 * its first history row on the start date; the starting-balance transaction of a
 * Transactions-tracked account is a separate stream, decided by `decideSetStartingBalance`.
 */
export function decideOpenAccount(command: OpenAccount): [AccountOpened, ...BalanceRecorded[]] {
  const at = (field: string) => `${command.fieldPrefix ?? ''}${field}`;
  const name = command.name?.trim() ?? '';
  if (name === '') throw new RuleViolation(at('name'), 'Account name is required', 'required');
  if (!command.startDate) throw new RuleViolation('startDate', 'Start date is required', 'required');
  if (!isCalendarDate(command.startDate)) throw new RuleViolation('startDate', 'The start date is not a valid date.', 'date');
  const type = command.type ?? 'depository';
  if (!isAccountType(type)) throw new RuleViolation(at('type'), 'The account type is not valid.', 'enum');
  const subtype = command.subtype?.trim() || (type === 'depository' ? 'checking' : '');
  if (!isSubtypeOf(type, subtype)) throw new RuleViolation(at('subtype'), `The subtype is not valid for ${type} accounts.`, 'enum');
  const tracking = command.tracking ?? DEFAULT_TRACKING[type];
  if (!isTracking(tracking)) throw new RuleViolation(at('tracking'), 'The tracking must be Transactions, Uncategorized Transactions or Balances.', 'enum');
  refuseBalanceBeyondBound(at('balance'), command.balance);
  // The spec's client sends `rate: 0` (or null) with every account: on a non-loan it means none.
  const rate = type !== 'loan' && command.rate === 0 ? null : command.rate;
  if (rate !== null && (type !== 'loan' || !Number.isInteger(rate) || rate < 0)) {
    throw new RuleViolation(at('rate'), 'A rate is given only for loans, as a non-negative percentage with up to three decimals.', 'rate');
  }
  const opened: AccountOpened = {
    type: 'AccountOpened',
    data: {
      accountId: command.accountId,
      institutionId: command.institutionId,
      name,
      type,
      subtype,
      tracking,
      startDate: command.startDate,
      balance: command.balance,
      rate,
      ...(command.plaid ? { plaid: command.plaid } : {}),
    },
  };
  if (tracking !== 'Balances') return [opened];
  return [
    opened,
    { type: 'BalanceRecorded', data: { accountId: command.accountId, balanceId: command.balanceId, date: command.startDate, balance: command.balance } },
  ];
}
