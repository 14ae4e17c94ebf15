import { describe, expect, it } from 'vitest';
import { findAccount, institutionsForTab, readInstitutions, tabOf } from './institution-data.js';

const institutions = readInstitutions({
  data: [
    {
      id: 2,
      name: 'Zeta Bank',
      accounts: [
        { id: 7, name: 'Savings', closed: false, tracking: 'Transactions', balance: 10 },
        { id: 5, name: 'Checking', closed: false, tracking: 'Transactions', balance: '1.50' },
        { id: 9, name: 'Old Card', closed: true, tracking: 'Transactions', balance: 0 },
      ],
    },
    { id: 1, name: 'Cash', accounts: [] },
  ],
}) ?? [];

describe('institutions by tab', () => {
  it('lists every institution on Opened with its open accounts by name', () => {
    const opened = institutionsForTab(institutions, 'opened');
    expect(opened.map((i) => [i.name, i.accounts?.map((a) => a.name)])).toEqual([
      ['Cash', []],
      ['Zeta Bank', ['Checking', 'Savings']],
    ]);
  });

  it('lists only institutions with closed accounts on Closed', () => {
    const closed = institutionsForTab(institutions, 'closed');
    expect(closed.map((i) => [i.name, i.accounts?.map((a) => a.id)])).toEqual([['Zeta Bank', ['9']]]);
  });

  it('finds an account and the tab it belongs in', () => {
    const account = findAccount(institutions, '9');
    expect(account?.name).toBe('Old Card');
    expect(account && tabOf(account)).toBe('closed');
    expect(findAccount(institutions, '99')).toBeNull();
  });
});
