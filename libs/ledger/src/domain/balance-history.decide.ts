import type { Cents } from '@budget/money';
import type { BalanceChanged, BalanceRecorded, BalanceRemoved } from './account.events.js';
import type { AccountState } from './account.state.js';
import { refuseBalanceBeyondBound } from './balance-bound.js';
import { isCalendarDate } from './dates.js';
import { RuleViolation, UnknownReference } from './domain-error.js';

const ONE_PER_DATE = 'Only one balance per date is allowed.';

function check(state: AccountState, date: string, ignoreId: string | null): void {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  if (!isCalendarDate(date)) throw new RuleViolation('date', 'A valid date must be provided.', 'date');
  const taken = Object.entries(state.balances).some(([id, row]) => id !== ignoreId && row.date === date);
  if (taken) throw new RuleViolation('date', ONE_PER_DATE, 'unique');
}

/** Balance history of a Balances-tracked account (rule 20): one row per date. */
export function decideRecordBalance(balanceId: string, date: string, balance: Cents, state: AccountState): BalanceRecorded[] {
  if (state.exists && !state.deleted && state.tracking !== 'Balances') {
    throw new RuleViolation('accountId', 'Balances are recorded only for accounts that track balances.', 'tracking');
  }
  check(state, date, null);
  refuseBalanceBeyondBound('amount', balance);
  return [{ type: 'BalanceRecorded', data: { accountId: state.accountId, balanceId, date, balance } }];
}

export function decideChangeBalance(balanceId: string, date: string, balance: Cents, state: AccountState): BalanceChanged[] {
  if (!state.balances[balanceId]) throw new UnknownReference('Balance');
  check(state, date, balanceId);
  refuseBalanceBeyondBound('amount', balance);
  return [{ type: 'BalanceChanged', data: { accountId: state.accountId, balanceId, date, balance } }];
}

export function decideRemoveBalance(balanceId: string, state: AccountState): BalanceRemoved[] {
  if (!state.exists || state.deleted || !state.balances[balanceId]) throw new UnknownReference('Balance');
  return [{ type: 'BalanceRemoved', data: { accountId: state.accountId, balanceId } }];
}

/** The account balance of a Balances-tracked account: its newest row, or 0 when none is left. */
export function balanceFromHistory(state: AccountState): Cents {
  const rows = Object.values(state.balances).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return rows[0]?.balance ?? 0;
}
