import type { Cents } from '@budget/money';
import type { BalanceChanged, BalanceRecorded } from '../account.events.js';
import type { AccountState } from '../account.state.js';
import { decideChangeBalance, decideRecordBalance } from '../balance-history.decide.js';
import { RuleViolation } from '../domain-error.js';
import { nameBasedUuid } from './bank-transaction-id.js';

/** The UUID namespace of the balance entries a sync records (a fixed random UUID; never change it). */
const PLAID_BALANCE_NAMESPACE = '0c7d4e52-2b8a-4f0e-9b7c-6f1d2a93e4b5';

/**
 * The id of a linked account's balance-history entry for one date: derived from (account, date), so a
 * sync retried, run twice at once or run again the same day finds its entry instead of adding one.
 */
export const plaidBalanceEntryId = (accountId: string, date: string): string => nameBasedUuid(PLAID_BALANCE_NAMESPACE, `${accountId.toLowerCase()}\u0000${date}`);

/**
 * A linked account that tracks Balances follows Plaid's balance in its history (rule 20: one entry
 * per date): each sync's date gets one entry with Plaid's balance — recorded the first time, changed
 * when a later sync that day reads another balance, nothing when it is the same. A date the user
 * already gave a balance of their own keeps theirs; a balance past the product's bound is left out
 * (the sync's rows still land). Other tracking modes keep no history: nothing.
 */
export function decidePlaidBalanceEntry(state: AccountState, date: string, balance: Cents): (BalanceRecorded | BalanceChanged)[] {
  if (!state.exists || state.deleted || state.tracking !== 'Balances') return [];
  const id = plaidBalanceEntryId(state.accountId, date);
  const own = state.balances[id];
  if (!own && Object.values(state.balances).some((entry) => entry.date === date)) return [];
  if (own?.balance === balance) return [];
  try {
    return own ? decideChangeBalance(id, date, balance, state) : decideRecordBalance(id, date, balance, state);
  } catch (error) {
    if (error instanceof RuleViolation) return [];
    throw error;
  }
}
