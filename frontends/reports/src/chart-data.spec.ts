import { describe, expect, it } from 'vitest';
import { budgetProgressReport, categoryReport, incomeVsExpensesReport, netWorthReport, payeeReport } from '@budget/contracts';
import { budgetProgressChart, categoryChart, incomeVsExpensesChart, netWorthChart, PAYEE_CHART_LIMIT, payeeChart } from './chart-data.js';
import { incomeVsExpensesTable, netWorthTable } from './report-table.js';

describe('report charts', () => {
  it('draws net worth as a line per account type and the total, in cents', () => {
    const chart = netWorthChart(netWorthTable(netWorthReport.response.parse([['date', 'Checking', 'Loan'], ['2026-01-31', 100.5, -40]])));
    expect(chart.series).toEqual([
      { key: 's0', name: 'Checking', shape: 'line' },
      { key: 's1', name: 'Loan', shape: 'line' },
      { key: 's2', name: 'Net Worth', shape: 'line' },
    ]);
    expect(chart.points).toEqual([{ label: '01/31/2026', s0: 10050, s1: -4000, s2: 6050 }]);
  });

  it('draws income and expenses as bars and the net as a line', () => {
    const chart = incomeVsExpensesChart(incomeVsExpensesTable(incomeVsExpensesReport.response.parse([['2026-02', 10, -4.25, 5.75]])));
    expect(chart.series.map((s) => `${s.name}:${s.shape}`)).toEqual(['Income:bar', 'Expenses:bar', 'Net:line']);
    expect(chart.points).toEqual([{ label: '02/2026', income: 1000, expenses: -425, net: 575 }]);
  });

  it('draws a bar per category, and the largest payees by size', () => {
    expect(categoryChart(categoryReport.response.parse([{ rowNumber: 1, groupName: 'G', categoryName: 'Fuel', sum: -60, count: 2 }])).points).toEqual([{ label: 'Fuel', sum: -6000 }]);
    const many = Array.from({ length: 20 }, (_, i) => ({ rowNumber: i + 1, name: `P${i}`, paymentChannel: 'online', count: 1, sum: i % 2 === 0 ? -i : i }));
    const points = payeeChart(payeeReport.response.parse(many)).points;
    expect(points).toHaveLength(PAYEE_CHART_LIMIT);
    expect(points.slice(0, 3)).toEqual([{ label: 'P19 (online)', sum: 1900 }, { label: 'P18 (online)', sum: -1800 }, { label: 'P17 (online)', sum: 1700 }]);
  });

  it('fills the budget progress days without rows with the day before, with no transactions', () => {
    const answer = budgetProgressReport.response.parse([['2026-11-04', 420, ['9']], ['2026-11-01', 500, []], ['2026-11-02', 480.25, ['7', '8']]]);
    expect(budgetProgressChart(answer).points).toEqual([
      { label: '11/01/2026', date: '2026-11-01', ids: [], remaining: 50000 },
      { label: '11/02/2026', date: '2026-11-02', ids: ['7', '8'], remaining: 48025 },
      { label: '11/03/2026', date: '2026-11-03', ids: [], remaining: 48025 },
      { label: '11/04/2026', date: '2026-11-04', ids: ['9'], remaining: 42000 },
    ]);
    expect(budgetProgressChart([]).points).toEqual([]);
  });
});
