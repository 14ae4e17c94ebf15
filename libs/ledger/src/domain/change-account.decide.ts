import type { Cents } from '@budget/money';
import { isTracking } from './account.catalogue.js';
import type {
  AccountClosed, AccountDeleted, AccountRenamed, AccountReopened, AccountStartDateChanged, AccountTrackingChanged, BalanceChanged, BalanceRecorded,
} from './account.events.js';
import type { AccountState } from './account.state.js';
import { balanceFromHistory } from './balance-history.decide.js';
import { isCalendarDate } from './dates.js';
import { RuleViolation, UnknownReference } from './domain-error.js';

export interface ChangeAccount {
  name?: string;
  closed?: boolean;
  startDate?: string;
  tracking?: string;
}

type Changed = AccountRenamed | AccountClosed | AccountReopened | AccountStartDateChanged | AccountTrackingChanged;

/**
 * PATCH /account/{id}: rename, close or reopen, move the start date, change the tracking (the
 * spec's Account Settings sends `{startDate, tracking}` together). Unchanged fields add nothing;
 * a moved start date comes before a tracking change, so the tracking applies from the new date.
 */
export function decideChangeAccount(command: ChangeAccount, state: AccountState): Changed[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  const events: Changed[] = [];
  const accountId = state.accountId;
  if (command.name !== undefined) {
    const name = command.name.trim();
    if (name === '') throw new RuleViolation('name', 'Account name is required', 'required');
    if (name !== state.name) events.push({ type: 'AccountRenamed', data: { accountId, name, previousName: state.name } });
  }
  if (command.closed !== undefined && command.closed !== state.closed) {
    events.push(command.closed ? { type: 'AccountClosed', data: { accountId } } : { type: 'AccountReopened', data: { accountId } });
  }
  if (command.startDate !== undefined && command.startDate !== state.startDate) {
    if (!isCalendarDate(command.startDate)) throw new RuleViolation('startDate', 'The start date is not a valid date.', 'date');
    events.push({ type: 'AccountStartDateChanged', data: { accountId, from: state.startDate, to: command.startDate } });
  }
  if (command.tracking !== undefined && command.tracking !== state.tracking) {
    if (!isTracking(command.tracking)) throw new RuleViolation('tracking', 'The tracking must be Transactions, Uncategorized Transactions or Balances.', 'enum');
    events.push({ type: 'AccountTrackingChanged', data: { accountId, from: state.tracking, to: command.tracking } });
  }
  return events;
}

/**
 * An account that starts tracking Balances keeps the balance it has: its balance is then its
 * newest history row, so when that row does not already hold `balance`, today's row is recorded
 * (or changed, when today has one) with it. `state` is the account after the change.
 */
export function decideKeepBalanceInHistory(state: AccountState, balance: Cents, today: string, balanceId: string): (BalanceRecorded | BalanceChanged)[] {
  if (state.tracking !== 'Balances' || balanceFromHistory(state) === balance) return [];
  const accountId = state.accountId;
  const todays = Object.entries(state.balances).find(([, row]) => row.date === today)?.[0];
  return todays
    ? [{ type: 'BalanceChanged', data: { accountId, balanceId: todays, date: today, balance } }]
    : [{ type: 'BalanceRecorded', data: { accountId, balanceId, date: today, balance } }];
}

export function decideDeleteAccount(state: AccountState): AccountDeleted[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  return [{ type: 'AccountDeleted', data: { accountId: state.accountId } }];
}
