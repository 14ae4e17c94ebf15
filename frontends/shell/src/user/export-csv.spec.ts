import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, exportCsv, exportFileName } from './export-csv.js';

const line = (overrides: Partial<Parameters<typeof exportCsv>[0][number]> = {}) => ({
  transactionId: 't-1', date: '2025-03-02', type: 'Manual' as const, account: 'Bank: Checking', payee: 'Market', categoryGroup: 'Food',
  category: 'Groceries', memo: null, amount: -25.5, pending: false, ...overrides,
});

describe('the export as CSV', () => {
  it('writes the headers, then a row per line, amounts as exact decimal text', () => {
    expect(exportCsv([line(), line({ amount: 0.1, category: 'Dining Out', memo: 'tip', pending: true })])).toBe(
      [EXPORT_HEADERS.join(','), '2025-03-02,Bank: Checking,Market,Food,Groceries,,-25.50,Manual,No,t-1', '2025-03-02,Bank: Checking,Market,Food,Dining Out,tip,0.10,Manual,Yes,t-1'].join('\r\n'),
    );
  });

  it('quotes commas, quotes and line breaks so a spreadsheet reads the same text back', () => {
    const tricky = 'Market & Cafe, "Downtown"\nsecond line';
    const [, row] = Papa.parse<string[]>(exportCsv([line({ payee: tricky, account: null, categoryGroup: null })])).data;
    expect(row![1]).toBe('');
    expect(row![2]).toBe(tricky);
    expect(row![3]).toBe('');
  });

  it('keeps a payee that looks like a formula as text, and a negative amount as a number', () => {
    const csv = exportCsv([line({ payee: '=HYPERLINK("http://x")', memo: '@sum', amount: -1234.5 })]);
    const [, row] = Papa.parse<string[]>(csv).data;
    expect(row![2]).toBe(`'=HYPERLINK("http://x")`);
    expect(row![5]).toBe(`'@sum`);
    expect(row![6]).toBe('-1234.50');
  });

  it('refuses an amount that is not whole cents rather than write a wrong one', () => {
    expect(() => exportCsv([line({ amount: 0.005 })])).toThrow(/dollars and cents/);
  });

  it('names the file by the day', () => {
    expect(exportFileName('2026-11-30')).toBe('transactions-2026-11-30.csv');
  });
});
