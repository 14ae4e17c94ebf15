import { describe, expect, it } from 'vitest';
import { toReportTable } from './report-table.js';

const today = new Date(2025, 5, 15);

describe('toReportTable', () => {
  it('adds a Net Worth total to the per-account net worth series', () => {
    const table = toReportTable('networth', [['date', 'Checking', 'Card'], ['2025-06-01', '100.10', -20.2]], today);
    expect(table?.headers).toEqual(['Date', 'Checking', 'Card', 'Net Worth']);
    expect(table?.rows[0]).toEqual(['06/01/25', { cents: 10010 }, { cents: -2020 }, { cents: 7990 }]);
  });

  it('labels the income vs expenses months', () => {
    const table = toReportTable('income-vs-expenses', [['2025-05', 10, -4, 6]], today);
    expect(table?.rows).toEqual([['2025-05', { cents: 1000 }, { cents: -400 }, { cents: 600 }]]);
  });

  it('reads payee and category rows by name', () => {
    expect(toReportTable('payee', [{ rowNumber: 1, name: 'Cafe', paymentChannel: 'in store', count: 2, sum: '-7.50' }], today)?.rows).toEqual([
      ['Cafe', 'in store', '2', { cents: -750 }],
    ]);
    expect(toReportTable('category', [{ groupName: 'Food', categoryName: 'Groceries', count: 1, sum: 3 }], today)?.rows[0]?.[1]).toBe('Groceries');
  });

  it('spreads funding history over the last twelve months, newest first', () => {
    const rows = [{ groupName: 'Food', categoryName: 'Groceries', history: [{ year: 2025, month: 6, amount: 50 }, { year: 2024, month: 7, amount: '5.5' }] }];
    const table = toReportTable('funding-history', rows, today);
    expect(table?.headers.slice(0, 3)).toEqual(['Group', 'Category', '06/25']);
    expect(table?.headers.at(-1)).toBe('07/24');
    expect(table?.rows[0]?.[2]).toEqual({ cents: 5000 });
    expect(table?.rows[0]?.at(-1)).toEqual({ cents: 550 });
  });

  it('counts the transactions of each budget progress day', () => {
    expect(toReportTable('budget-progress', [['2025-06-02', '12.00', [4, 5]]], today)?.rows).toEqual([['06/02/25', { cents: 1200 }, '2']]);
  });

  it('answers null for anything but a list', () => {
    expect(toReportTable('payee', { message: 'x' }, today)).toBeNull();
  });
});
