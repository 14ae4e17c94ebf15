import { describe, expect, it } from 'vitest';
import { accountAmount, toRegisterRows, type TransactionData } from '@budget/web';
import { isStartingBalanceRow, outsideBalanceNote, withStartingBalanceRow } from './starting-balance-row.js';

const account = { id: 'a1', name: 'Checking', startDate: '2025-03-01', balance: 1204.33 };
const tx = (id: string, date: string, amount: number) => ({ id, date, type: 5, categories: [], accountTransaction: { amount, statementId: null } }) as unknown as TransactionData;

describe('the starting-balance row', () => {
  it('closes the register with the opening balance on the start date: 1,204.33 − (−45.67) − 100.00 = 1,150.00', () => {
    const listed = toRegisterRows([tx('t2', '2025-03-09', -45.67), tx('t1', '2025-03-05', 100)], { amountOf: accountAmount, detailOf: () => '', balance: 120433 });
    const rows = withStartingBalanceRow(listed, account, 120433);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ id: 'starting-balance-a1', date: '2025-03-01', name: 'Starting Balance', amount: 115000, balance: 115000 });
    expect(rows[2]!.transaction.accountTransaction?.amount).toBe(1150);
    expect([isStartingBalanceRow(rows[2]!), isStartingBalanceRow(rows[0]!)]).toEqual([true, false]);
  });

  it('stands alone in an account with no row yet: the balance entered, on the start date', () => {
    const rows = withStartingBalanceRow([], account, 120433);
    expect(rows).toEqual([expect.objectContaining({ id: 'starting-balance-a1', date: '2025-03-01', name: 'Starting Balance', amount: 120433, balance: 120433 })]);
    expect(isStartingBalanceRow(rows[0]!)).toBe(true);
  });

  it('sits above a bank row older than the start date, which carries no running balance', () => {
    const listed = toRegisterRows([tx('t2', '2025-03-09', -45.67), tx('old', '2025-02-20', -9)], { amountOf: accountAmount, detailOf: () => '', balance: 120433 });
    const rows = withStartingBalanceRow(listed, account, 120433);
    expect(rows.map((r) => [r.name === 'Starting Balance' ? 'start' : r.id, r.balance])).toEqual([['t2', 120433], ['start', 125000], ['old', null]]);
    expect(outsideBalanceNote('2025-03-01')).toBe('Not in the balance: before the start date (03/01/2025)');
  });
});
