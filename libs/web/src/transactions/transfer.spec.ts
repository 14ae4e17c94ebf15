import { describe, expect, it } from 'vitest';
import type { LedgerInstitutionView } from '@budget/contracts';
import { newTransactionBody, type TransactionForm } from './transaction-form.js';
import { counterTransfer, transferChoices, transferName, transferSplits } from './transfer.js';

const account = (id: string, name: string, extra: Partial<LedgerInstitutionView['accounts'][number]> = {}) => ({
  id, plaidId: null, name, closed: false, type: 'depository', subtype: 'checking', tracking: 'Transactions', balance: 0, pendingBalance: 0, plaidBalance: null, startDate: '2025-03-01', rate: null, ...extra,
});

describe('transfers between accounts', () => {
  it('names the side by the direction of the money', () => {
    expect(transferName(-25000, 'Visa')).toBe('Transfer to Visa');
    expect(transferName(25000, 'Checking')).toBe('Transfer from Checking');
  });

  it('offers the other open accounts that keep transactions', () => {
    const institutions = [
      { id: 'i1', name: 'Bank', plaidInstitutionId: null, syncDate: null, accounts: [account('a', 'Checking'), account('b', 'Visa', { type: 'credit' }), account('c', 'Old', { closed: true })] },
      { id: 'i2', name: 'Broker', plaidInstitutionId: null, syncDate: null, accounts: [account('d', 'Brokerage', { tracking: 'Balances' }), account('e', 'Car Loan', { type: 'loan', tracking: 'Uncategorized Transactions' })] },
    ] as unknown as LedgerInstitutionView[];
    expect(transferChoices(institutions, 'a').map((a) => a.name)).toEqual(['Visa', 'Car Loan']);
  });

  it('paying 250.00 to the card from checking records −250.00 and +250.00, both in Account Transfer', () => {
    const form: TransactionForm = { date: '2025-03-05', name: 'Transfer to Visa', amount: -25000, principle: 0, comment: 'March', splits: transferSplits(-25000, 'at') };
    expect(newTransactionBody(form)).toEqual({ date: '2025-03-05', name: 'Transfer to Visa', amount: -250, comment: 'March', categories: [{ categoryId: 'at', amount: -250 }] });
    const other = counterTransfer(form, { name: 'Checking' }, 'at');
    expect(newTransactionBody(other)).toEqual({ date: '2025-03-05', name: 'Transfer from Checking', amount: 250, comment: 'March', categories: [{ categoryId: 'at', amount: 250 }] });
    // A loan on the other side moves by its principal, the whole amount.
    expect(newTransactionBody(other, true)).toMatchObject({ amount: 250, principle: 250 });
  });
});
