import { describe, expect, it } from 'vitest';
import { sortOrder, type Column } from '@budget/web';
import { budgetProgressReport, categoryReport, fundingHistoryReport, incomeVsExpensesReport, netWorthReport, payeeReport } from '@budget/contracts';
import {
  budgetProgressTable,
  categoryTable,
  cellText,
  fundingHistoryTable,
  incomeVsExpensesTable,
  netWorthTable,
  payeeTable,
  cellSortKey,
  type Cell,
} from './report-table.js';

// Answers go through the contracts' schemas, as `api.call` parses them.
const netWorth = netWorthReport.response.parse([
  ['date', 'Checking', 'Credit Card'],
  ['2026-10-31', 1200.1, -300.35],
  ['2026-11-25', 0.1, 0.2],
]);
const payees = payeeReport.response.parse([
  { rowNumber: 1, name: 'Cafe', paymentChannel: 'in store', count: 3, sum: -7.5 },
  { rowNumber: 2, name: 'Acme Payroll', paymentChannel: 'other', count: 2, sum: 4000 },
  { rowNumber: 3, name: 'Books', paymentChannel: 'online', count: 10, sum: -120.99 },
]);

describe('report tables', () => {
  it('adds the Net Worth total column in cents (0.10 + 0.20 is exactly 0.30)', () => {
    const table = netWorthTable(netWorth);
    expect(table.headers).toEqual(['Date', 'Checking', 'Credit Card', 'Net Worth']);
    expect(table.rows).toEqual([
      [{ date: '2026-10-31' }, { cents: 120010 }, { cents: -30035 }, { cents: 89975 }],
      [{ date: '2026-11-25' }, { cents: 10 }, { cents: 20 }, { cents: 30 }],
    ]);
    expect(cellText(table.rows[0]![0]!)).toBe('10/31/2026');
  });

  it('reads payee and category rows', () => {
    expect(payeeTable(payees).rows[0]).toEqual([{ text: 'Cafe' }, { text: 'in store' }, { count: 3 }, { cents: -750 }]);
    const categories = categoryReport.response.parse([{ rowNumber: 1, groupName: 'Food', categoryName: 'Groceries', sum: -52.25, count: 4 }]);
    expect(categoryTable(categories)).toEqual({ headers: ['Group', 'Category', 'Count', 'Sum'], rows: [[{ text: 'Food' }, { text: 'Groceries' }, { count: 4 }, { cents: -5225 }]] });
  });

  it('sorts the payee table by each column, both ways, numbers as numbers', () => {
    const { headers, rows } = payeeTable(payees);
    const columns = headers.map((header, index): Column<Cell[]> => ({ header, render: () => null, sortKey: (row) => cellSortKey(row[index]) }));
    const sortRows = (table: Cell[][], column: number, direction: 'ascending' | 'descending') => sortOrder(table, columns, { column: headers[column]!, direction }).map((index) => table[index]!);
    const names = (sorted: typeof rows) => sorted.map((row) => cellText(row[0]!));
    expect(names(sortRows(rows, 0, 'ascending'))).toEqual(['Acme Payroll', 'Books', 'Cafe']);
    // other > online > in store
    expect(names(sortRows(rows, 1, 'descending'))).toEqual(['Acme Payroll', 'Books', 'Cafe']);
    // 10 after 3 and 2: counts compare as numbers, not text.
    expect(names(sortRows(rows, 2, 'ascending'))).toEqual(['Acme Payroll', 'Cafe', 'Books']);
    expect(names(sortRows(rows, 3, 'ascending'))).toEqual(['Books', 'Cafe', 'Acme Payroll']);
    expect(names(sortRows(rows, 3, 'descending'))).toEqual(['Acme Payroll', 'Cafe', 'Books']);
  });

  it('shows income vs expenses by month with four-digit years', () => {
    const table = incomeVsExpensesTable(incomeVsExpensesReport.response.parse([['2026-01', 3000, -1250.5, 1749.5]]));
    expect(table.rows).toEqual([[{ month: '2026-01' }, { cents: 300000 }, { cents: -125050 }, { cents: 174950 }]]);
    expect(cellText(table.rows[0]![0]!)).toBe('01/2026');
  });

  it('spreads funding history over the 12 months ending with the end date, flags changes and totals each month', () => {
    const answer = fundingHistoryReport.response.parse([
      {
        groupId: '1', groupName: 'Food', groupType: 'regular', categoryId: '10', categoryName: 'Groceries',
        history: [{ year: 2025, month: 12, amount: 200 }, { year: 2026, month: 1, amount: 200 }, { year: 2026, month: 2, amount: 250.5 }, { year: 2025, month: 2, amount: 99 }],
      },
      { groupId: '1', groupName: 'Food', groupType: 'regular', categoryId: '11', categoryName: 'Dining', history: null },
      { groupId: '2', groupName: 'Home', groupType: 'regular', categoryId: '12', categoryName: 'Rent', history: [{ year: 2026, month: 2, amount: -50 }] },
    ]);
    const table = fundingHistoryTable(answer, '2026-02-14');
    expect(table.headers).toEqual(['Group', 'Category', '03/2025', '04/2025', '05/2025', '06/2025', '07/2025', '08/2025', '09/2025', '10/2025', '11/2025', '12/2025', '01/2026', '02/2026']);
    const groceries = table.rows[0]!;
    // February 2025 is outside the 12 months.
    expect(groceries.slice(2, 11).every((cell) => 'cents' in cell && cell.cents === 0 && !cell.changed)).toBe(true);
    expect(groceries.slice(11)).toEqual([{ cents: 20000, changed: true }, { cents: 20000, changed: false }, { cents: 25050, changed: true }]);
    expect(table.rows[1]!.slice(2).every((cell) => 'cents' in cell && cell.cents === 0)).toBe(true);
    expect(table.footer?.slice(0, 2)).toEqual([{ text: 'Total' }, { text: '' }]);
    expect(table.footer?.slice(11)).toEqual([{ cents: 20000 }, { cents: 20000 }, { cents: 20050 }]);
  });

  it('counts the transactions of each budget progress day', () => {
    const table = budgetProgressTable(budgetProgressReport.response.parse([['2026-11-01', 500, []], ['2026-11-03', 437.66, ['4', '5']]]));
    expect(table.rows).toEqual([
      [{ date: '2026-11-01' }, { cents: 50000 }, { count: 0 }],
      [{ date: '2026-11-03' }, { cents: 43766 }, { count: 2 }],
    ]);
  });
});
