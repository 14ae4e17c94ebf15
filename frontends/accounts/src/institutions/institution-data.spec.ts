import { describe, expect, it } from 'vitest';
import { account, institution } from './institution.testing.js';
import { findAccount, institutionsForTab, tabOf } from './institution-data.js';

const institutions = [
  institution({
    id: '2',
    name: 'Zeta Bank',
    accounts: [
      account({ id: '7', name: 'Savings', balance: 10 }),
      account({ id: '5', name: 'Checking', balance: 1.5 }),
      account({ id: '9', name: 'Old Card', closed: true }),
    ],
  }),
  institution({ id: '1', name: 'Cash', accounts: [] }),
];

describe('institutions by tab', () => {
  it('lists every institution on Opened with its open accounts by name', () => {
    const opened = institutionsForTab(institutions, 'opened');
    expect(opened.map((i) => [i.name, i.accounts.map((a) => a.name)])).toEqual([
      ['Cash', []],
      ['Zeta Bank', ['Checking', 'Savings']],
    ]);
  });

  it('lists only institutions with closed accounts on Closed', () => {
    const closed = institutionsForTab(institutions, 'closed');
    expect(closed.map((i) => [i.name, i.accounts.map((a) => a.id)])).toEqual([['Zeta Bank', ['9']]]);
  });

  it('finds an account and the tab it belongs in', () => {
    const found = findAccount(institutions, '9');
    expect(found?.name).toBe('Old Card');
    expect(found && tabOf(found)).toBe('closed');
    expect(findAccount(institutions, '99')).toBeNull();
  });
});
