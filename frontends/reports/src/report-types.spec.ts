import { describe, expect, it } from 'vitest';
import { checkRange, REPORTS, reportPath } from './report-types.js';

const range = { startDate: '2024-06-15', endDate: '2025-06-15' };
const scope = { accountIds: ['3', '4'], categoryIds: ['7'] };

describe('reports', () => {
  it('lists the six reports in order', () => {
    expect(REPORTS.map((r) => r.label)).toEqual([
      'Net Worth', 'Payee', 'Category', 'Income Vs. Expenses', 'Funding History', 'Budget Progress',
    ]);
  });

  it('asks for each report with its parameters', () => {
    expect(reportPath('networth', range, scope)).toBe('/api/v1/reports/networth');
    expect(reportPath('payee', range, scope)).toBe(
      '/api/v1/reports/payee?startDate=2024-06-15&endDate=2025-06-15&pc=instore&pc=online&pc=other&pc=unknown&a=3&a=4',
    );
    expect(reportPath('category', range, scope)).toBe('/api/v1/reports/category?startDate=2024-06-15&endDate=2025-06-15&c=7');
    expect(reportPath('budget-progress', range, scope)).toBe('/api/v1/reports/budget-progress?m=6-2025');
  });

  it('requires both dates in order', () => {
    expect(checkRange(range)).toEqual({});
    expect(checkRange({ startDate: '', endDate: '' })).toEqual({
      startDate: 'A start date must be specified.',
      endDate: 'An end date must be specified.',
    });
    expect(checkRange({ startDate: '2025-02-01', endDate: '2025-01-01' }).endDate).toBeDefined();
  });
});
