import { describe, expect, it } from 'vitest';
import { checkParams, csvFileName, monthFromUrl, monthToUrl, paramsSearch, readParams } from './report-params.js';
import { REPORTS } from './report-types.js';

const today = new Date(2026, 10, 25);
const url = (text: string) => new URLSearchParams(text);

describe('report URL parameters', () => {
  it('lists the six reports in the order of product-spec §2, then the spending breakdown', () => {
    expect(REPORTS.map((r) => r.label)).toEqual(['Net Worth', 'Payee', 'Category', 'Income Vs. Expenses', 'Funding History', 'Budget Progress', 'Spending Breakdown']);
  });

  it('defaults to the last year, this month and every filter value', () => {
    expect(readParams(url(''), today)).toEqual({
      startDate: '2025-11-25',
      endDate: '2026-11-25',
      channels: null,
      accounts: null,
      categories: null,
      month: '2026-11',
    });
  });

  it('reads a bookmarked run back, dropping unknown channels and repeated values', () => {
    const params = readParams(url('startDate=2026-01-01&endDate=2026-03-31&pc=online&pc=bogus&pc=online&a=7&a=9&c=3&m=3-2026'), today);
    expect(params).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31', channels: ['online'], accounts: ['7', '9'], categories: ['3'], month: '2026-03' });
  });

  it('writes only the parameters each report takes, and round-trips them', () => {
    const params = { ...readParams(url(''), today), channels: ['instore' as const, 'other' as const], accounts: ['4'], categories: ['12', '13'] };
    expect(paramsSearch('net-worth', params)).toBe('startDate=2025-11-25&endDate=2026-11-25');
    expect(paramsSearch('payee', params)).toBe('startDate=2025-11-25&endDate=2026-11-25&pc=instore&pc=other&a=4');
    expect(paramsSearch('category', params)).toBe('startDate=2025-11-25&endDate=2026-11-25&c=12&c=13');
    expect(paramsSearch('budget-progress', params)).toBe('m=11-2026');
    expect(readParams(url(paramsSearch('payee', params)), today)).toEqual({ ...params, categories: null });
  });

  it('leaves out a filter of every value (null), as the API reads a missing one', () => {
    expect(paramsSearch('payee', readParams(url(''), today))).toBe('startDate=2025-11-25&endDate=2026-11-25');
  });

  it('converts months between the month input and the API', () => {
    expect(monthFromUrl('3-2026')).toBe('2026-03');
    expect(monthFromUrl('12-1999')).toBe('1999-12');
    expect(monthFromUrl('13-2026')).toBeNull();
    expect(monthFromUrl(null)).toBeNull();
    expect(monthToUrl('2026-03')).toBe('3-2026');
  });

  it('requires both dates, valid and in order, and a filter with at least one value', () => {
    const params = readParams(url(''), today);
    expect(checkParams('net-worth', params)).toEqual({});
    expect(checkParams('net-worth', { ...params, startDate: '', endDate: '' })).toEqual({
      startDate: 'A start date must be specified.',
      endDate: 'An end date must be specified.',
    });
    expect(checkParams('net-worth', { ...params, startDate: '2026-02-30' })).toEqual({ startDate: 'A valid start date must be provided.' });
    expect(checkParams('category', { ...params, startDate: '2026-12-01' })).toEqual({ endDate: 'The end date must not be before the start date.' });
    expect(checkParams('payee', params, { channels: true, accounts: true })).toEqual({
      channels: 'Choose at least one payment channel.',
      accounts: 'Choose at least one account.',
    });
    expect(checkParams('budget-progress', { ...params, month: '' })).toEqual({ month: 'A month must be specified.' });
  });

  it('names the CSV by the report and its range, with four-digit years', () => {
    const params = readParams(url(''), today);
    expect(csvFileName('net-worth', params)).toBe('net-worth-2025-11-25-to-2026-11-25.csv');
    expect(csvFileName('budget-progress', params)).toBe('budget-progress-2026-11.csv');
  });
});
