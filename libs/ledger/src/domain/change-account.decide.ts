import type { AccountClosed, AccountDeleted, AccountRenamed, AccountReopened, AccountStartDateChanged } from './account.events.js';
import type { AccountState } from './account.state.js';
import { isCalendarDate } from './dates.js';
import { RuleViolation, UnknownReference } from './domain-error.js';

export interface ChangeAccount {
  name?: string;
  closed?: boolean;
  startDate?: string;
}

type Changed = AccountRenamed | AccountClosed | AccountReopened | AccountStartDateChanged;

/** PATCH /account/{id}: rename, close or reopen, move the start date. Unchanged fields add nothing. */
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
  return events;
}

export function decideDeleteAccount(state: AccountState): AccountDeleted[] {
  if (!state.exists || state.deleted) throw new UnknownReference('Account');
  return [{ type: 'AccountDeleted', data: { accountId: state.accountId } }];
}
