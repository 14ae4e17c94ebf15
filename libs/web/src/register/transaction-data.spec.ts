import { describe, expect, it } from 'vitest';
import { readRegisterPage } from './transaction-data.js';

describe('readRegisterPage', () => {
  it('reads rows, balance and count, skipping rows that do not fit', () => {
    const body = {
      data: {
        transactions: [
          { id: 1, date: '2025-03-04', type: 0, categories: [], accountTransaction: { name: 'Shop', amount: '-3.00', account: { id: 2, name: 'Checking' } } },
          { id: 'broken' },
        ],
        balance: '10.00',
        transactionsCount: 41,
      },
    };
    const page = readRegisterPage(body);
    expect(page?.transactions.map((t) => t.id)).toEqual(['1']);
    expect(page?.balance).toBe('10.00');
    expect(page?.count).toBe(41);
  });

  it('leaves balance and count empty when the register has none', () => {
    expect(readRegisterPage({ data: { transactions: [] } })).toEqual({ transactions: [], balance: null, count: null, received: 0 });
    expect(readRegisterPage({ transactions: [] })).toBeNull();
  });
});
