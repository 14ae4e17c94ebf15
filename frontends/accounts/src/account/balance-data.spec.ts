import { describe, expect, it } from 'vitest';
import { readBalances, readStatements } from './balance-data.js';

describe('account balances and statements', () => {
  it('sorts statements by end date, newest first', () => {
    const statement = (id: number, endDate: string) => ({ id, startDate: '2025-01-01', endDate, startingBalance: 0, endingBalance: '1.00' });
    const read = readStatements([statement(1, '2025-01-31'), statement(2, '2025-03-31'), statement(3, '2025-02-28')]);
    expect(read?.map((s) => s.id)).toEqual(['2', '3', '1']);
  });

  it('reads computed balance series without ids', () => {
    expect(readBalances([{ date: '2025-01-02', balance: 5 }])).toEqual([{ date: '2025-01-02', balance: 5 }]);
  });
});
