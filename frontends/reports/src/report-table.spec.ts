import { describe, expect, it } from 'vitest';
import { sortOrder, type Column } from '@budget/web';
import { budgetProgressDays, categoryReport, fundingHistoryReport, incomeVsExpensesReport, netWorthReport, payeeReport } from '@budget/contracts';
import {
  budgetProgressTable,
  categoryTable,
  cellText,
  fundingHistoryTable,
  incomeVsExpensesTable,
  netWorthTable,
  payeeTable,
  payeeTableByName,
  cellSortKey,
  shareText,
  spendingTable,
  type Cell,
} from './report-table.js';
import { toCsv } from './report-csv.js';

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

  it('starts net worth at the first week with a balance, and keeps an all-zero range as it is', () => {
    const answer = netWorthReport.response.parse([['date', 'Checking'], ['2026-01-04', 0], ['2026-01-11', 0], ['2026-01-18', 12.5], ['2026-01-25', 0]]);
    expect(netWorthTable(answer).rows.map((row) => cellText(row[0]!))).toEqual(['01/18/2026', '01/25/2026']);
    const empty = netWorthReport.response.parse([['date', 'Checking'], ['2026-01-04', 0], ['2026-01-11', 0]]);
    expect(netWorthTable(empty).rows).toHaveLength(2);
  });

  it('makes one payee of one name across payment channels, adding counts and cents', () => {
    const split = payeeReport.response.parse([
      { rowNumber: 1, name: 'Cafe', paymentChannel: 'in store', count: 3, sum: -7.5 },
      { rowNumber: 2, name: 'Cafe', paymentChannel: 'online', count: 1, sum: -0.1 },
      { rowNumber: 3, name: 'Cafe', paymentChannel: 'other', count: 1, sum: -0.2 },
      { rowNumber: 4, name: 'Deli', paymentChannel: 'online', count: 2, sum: -10 },
    ]);
    expect(payeeTableByName(split)).toEqual({
      headers: ['Payee', 'Count', 'Sum'],
      rows: [[{ text: 'Cafe' }, { count: 5 }, { cents: -780 }], [{ text: 'Deli' }, { count: 2 }, { cents: -1000 }]],
    });
    expect(payeeTable(split).rows).toHaveLength(4);
  });

  it('puts spending before income in the category table, or keeps one kind', () => {
    const answer = categoryReport.response.parse([
      { rowNumber: 1, groupName: 'Income', categoryName: 'Salary', sum: 3000, count: 1 },
      { rowNumber: 2, groupName: 'Food', categoryName: 'Groceries', sum: -52.25, count: 4 },
      { rowNumber: 3, groupName: 'Food', categoryName: 'Dining', sum: 0, count: 1 },
    ]);
    expect(categoryTable(answer).rows.map((row) => cellText(row[1]!))).toEqual(['Groceries', 'Dining', 'Salary']);
    expect(categoryTable(answer, 'income').rows.map((row) => cellText(row[1]!))).toEqual(['Salary']);
    expect(categoryTable(answer, 'spending').rows.map((row) => cellText(row[1]!))).toEqual(['Groceries', 'Dining']);
  });

  it('breaks spending down by category with shares that round half up, leaving income out', () => {
    const answer = categoryReport.response.parse([
      { rowNumber: 1, groupName: 'Income', categoryName: 'Salary', sum: 3000, count: 1 },
      { rowNumber: 2, groupName: 'Food', categoryName: 'Groceries', sum: -20, count: 4 },
      { rowNumber: 3, groupName: 'Home', categoryName: 'Rent', sum: -60, count: 1 },
      { rowNumber: 4, groupName: 'Food', categoryName: 'Dining', sum: -0.01, count: 1 },
    ]);
    const table = spendingTable(answer);
    expect(table.rows).toEqual([
      [{ text: 'Home' }, { text: 'Rent' }, { cents: 6000 }, { text: '75.0%' }],
      [{ text: 'Food' }, { text: 'Groceries' }, { cents: 2000 }, { text: '25.0%' }],
      [{ text: 'Food' }, { text: 'Dining' }, { cents: 1 }, { text: '0.0%' }],
    ]);
    expect(table.footer).toEqual([{ text: 'Total' }, { text: '' }, { cents: 8001 }, { text: '100.0%' }]);
    expect(shareText(1, 8)).toBe('12.5%');
    expect(shareText(1, 3)).toBe('33.3%');
    expect(shareText(2, 3)).toBe('66.7%');
    expect(shareText(0, 0)).toBe('0.0%');
    expect(spendingTable(categoryReport.response.parse([{ rowNumber: 1, groupName: 'I', categoryName: 'S', sum: 5, count: 1 }]))).toEqual({ headers: ['Group', 'Category', 'Spent', 'Share'], rows: [], footer: undefined });
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
    // Dining was never funded in these months: left out. Rent was (a negative funding).
    expect(table.rows.map((row) => cellText(row[1]!))).toEqual(['Groceries', 'Rent']);
    expect(table.footer?.slice(0, 2)).toEqual([{ text: 'Total' }, { text: '' }]);
    expect(table.footer?.slice(11)).toEqual([{ cents: 20000 }, { cents: 20000 }, { cents: 20050 }]);
    // The CSV's month columns are ISO months, as every other report's months are.
    expect(toCsv(table).split('\r\n')[0]).toBe('Group,Category,2025-03,2025-04,2025-05,2025-06,2025-07,2025-08,2025-09,2025-10,2025-11,2025-12,2026-01,2026-02');
  });

  it('counts the transactions of each budget progress day', () => {
    const table = budgetProgressTable(budgetProgressDays.response.parse({ funded: 500, days: [{ date: '2026-11-01', left: 500, count: 0 }, { date: '2026-11-03', left: 437.66, count: 2 }] }));
    expect(table.rows).toEqual([
      [{ date: '2026-11-01' }, { cents: 50000 }, { count: 0 }],
      [{ date: '2026-11-03' }, { cents: 43766 }, { count: 2 }],
    ]);
  });
});
