import { describe, expect, it } from 'vitest';
import { readBalances } from './balance-data.js';

describe('balance history', () => {
  it('reads history rows and computed series, newest first', () => {
    expect(readBalances([{ date: '2025-01-02', balance: 5 }, { id: 'b', date: '2025-01-09', balance: '7.50' }])).toEqual([
      { id: 'b', date: '2025-01-09', balance: '7.50' },
      { date: '2025-01-02', balance: 5 },
    ]);
  });
});
