import { describe, expect, it } from 'vitest';
import type { AccountEvent } from '../account.events.js';
import { foldAccount } from '../account.state.js';
import { decidePlaidBalanceEntry, plaidBalanceEntryId } from './plaid-balance-entry.decide.js';

const accountId = '3f0c1d9e-5a1b-4c2d-8e3f-9a0b1c2d3e4f';
const opened = (tracking: string): AccountEvent => ({
  type: 'AccountOpened',
  data: { accountId, institutionId: 'i', name: 'Savings', type: 'depository', subtype: 'savings', tracking: tracking as 'Balances', startDate: '2025-01-01', balance: 0, rate: null },
});
const given = (...events: AccountEvent[]) => foldAccount(events);
const entry = plaidBalanceEntryId(accountId, '2025-03-10');

describe('decidePlaidBalanceEntry', () => {
  it('records the sync date under the id derived from account and date (the same id every time)', () => {
    expect(entry).toBe(plaidBalanceEntryId(accountId.toUpperCase(), '2025-03-10'));
    expect(entry).not.toBe(plaidBalanceEntryId(accountId, '2025-03-11'));
    expect(decidePlaidBalanceEntry(given(opened('Balances')), '2025-03-10', 12_345)).toEqual([
      { type: 'BalanceRecorded', data: { accountId, balanceId: entry, date: '2025-03-10', balance: 12_345 } },
    ]);
  });

  it('changes that entry when a later sync the same day reads another balance, and does nothing when it is the same', () => {
    const state = given(opened('Balances'), { type: 'BalanceRecorded', data: { accountId, balanceId: entry, date: '2025-03-10', balance: 12_345 } });
    expect(decidePlaidBalanceEntry(state, '2025-03-10', 12_000)).toEqual([
      { type: 'BalanceChanged', data: { accountId, balanceId: entry, date: '2025-03-10', balance: 12_000 } },
    ]);
    expect(decidePlaidBalanceEntry(state, '2025-03-10', 12_345)).toEqual([]);
  });

  it('leaves a date the user gave a balance alone, and accounts that do not track balances', () => {
    const state = given(opened('Balances'), { type: 'BalanceRecorded', data: { accountId, balanceId: 'users-own', date: '2025-03-10', balance: 1 } });
    expect(decidePlaidBalanceEntry(state, '2025-03-10', 12_345)).toEqual([]);
    expect(decidePlaidBalanceEntry(given(opened('Transactions')), '2025-03-10', 12_345)).toEqual([]);
    expect(decidePlaidBalanceEntry(given(), '2025-03-10', 12_345)).toEqual([]);
  });
});
