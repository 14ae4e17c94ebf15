import { describe, expect, it } from 'vitest';
import { budgetProgressDays, categoryReport, incomeVsExpensesReport, netWorthReport, payeeReport } from '@budget/contracts';
import { amountTicks, budgetProgressChart, categoryChart, incomeVsExpensesChart, netWorthChart, PAYEE_CHART_LIMIT, payeeChart, spendingBreakdown, tickText } from './chart-data.js';
import { categoryTable, incomeVsExpensesTable, netWorthTable, payeeTable, payeeTableByName, spendingTable } from './report-table.js';

describe('report charts', () => {
  it('draws net worth as a line per account type and the total, in cents', () => {
    const chart = netWorthChart(netWorthTable(netWorthReport.response.parse([['date', 'Checking', 'Loan'], ['2026-01-31', 100.5, -40]])));
    expect(chart.series).toEqual([
      { key: 's0', name: 'Checking', shape: 'line' },
      { key: 's1', name: 'Loan', shape: 'line' },
      { key: 's2', name: 'Net Worth', shape: 'line' },
    ]);
    expect(chart.points).toEqual([{ label: '01/31/2026', s0: 10050, s1: -4000, s2: 6050 }]);
    expect(chart.noDots).toBe(true);
  });

  it('draws income and expenses as bars and the net as a line', () => {
    const chart = incomeVsExpensesChart(incomeVsExpensesTable(incomeVsExpensesReport.response.parse([['2026-02', 10, -4.25, 5.75]])));
    expect(chart.series.map((s) => `${s.name}:${s.shape}`)).toEqual(['Income:bar', 'Expenses:bar', 'Net:line']);
    expect(chart.points).toEqual([{ label: '02/2026', income: 1000, expenses: -425, net: 575 }]);
  });

  it('draws spending and income per category as two labelled series, and the largest payees by size', () => {
    const categories = categoryReport.response.parse([
      { rowNumber: 1, groupName: 'I', categoryName: 'Salary', sum: 100, count: 1 },
      { rowNumber: 2, groupName: 'G', categoryName: 'Fuel', sum: -60, count: 2 },
    ]);
    const chart = categoryChart(categories);
    expect(chart.series.map((s) => s.name)).toEqual(['Spending', 'Income']);
    expect(chart.points).toEqual([{ label: 'Fuel', spending: -6000 }, { label: 'Salary', income: 10000 }]);
    expect(chart.labelBars).toBe(true);
    expect(categoryChart(categories, 'income').points).toEqual([{ label: 'Salary', income: 10000 }]);
    expect(categoryTable(categories).rows).toHaveLength(2);
    const many = Array.from({ length: 20 }, (_, i) => ({ rowNumber: i + 1, name: `P${i}`, paymentChannel: 'online', count: 1, sum: i % 2 === 0 ? -i : i }));
    const points = payeeChart(payeeTable(payeeReport.response.parse(many))).points;
    expect(points).toHaveLength(PAYEE_CHART_LIMIT);
    expect(points.slice(0, 3)).toEqual([{ label: 'P19 (online)', sum: 1900 }, { label: 'P18 (online)', sum: -1800 }, { label: 'P17 (online)', sum: 1700 }]);
    expect(payeeChart(payeeTableByName(payeeReport.response.parse(many))).points[0]).toEqual({ label: 'P19', sum: 1900 });
  });

  it('puts round ticks on the amount axis, from 0, in whole dollars once they are whole', () => {
    expect(amountTicks([203_517])).toEqual([0, 100_000, 200_000, 300_000]);
    expect(amountTicks([-8_035, 2_000])).toEqual([-10_000, -5_000, 0, 5_000]);
    expect(amountTicks([7])).toEqual([0, 2, 4, 6, 8]);
    expect(amountTicks([])).toEqual([0, 100]);
    expect(tickText(200_000, [0, 100_000, 200_000])).toBe('2,000');
    expect(tickText(250, [0, 250, 500])).toBe('2.50');
  });

  it('groups the spending breakdown by group, largest first', () => {
    const table = spendingTable(categoryReport.response.parse([
      { rowNumber: 1, groupName: 'Food', categoryName: 'Groceries', sum: -20, count: 4 },
      { rowNumber: 2, groupName: 'Home', categoryName: 'Rent', sum: -60, count: 1 },
      { rowNumber: 3, groupName: 'Food', categoryName: 'Dining', sum: -50, count: 1 },
    ]));
    expect(spendingBreakdown(table)).toEqual([
      { name: 'Food', cents: 7000, children: [{ name: 'Dining', cents: 5000 }, { name: 'Groceries', cents: 2000 }] },
      { name: 'Home', cents: 6000, children: [{ name: 'Rent', cents: 6000 }] },
    ]);
  });

  it('fills the budget progress days without rows with the day before, with no transactions', () => {
    const answer = budgetProgressDays.response.parse({
      funded: 500,
      days: [{ date: '2026-11-04', left: 420, count: 1 }, { date: '2026-11-01', left: 500, count: 0 }, { date: '2026-11-02', left: 480.25, count: 2 }],
    });
    expect(budgetProgressChart(answer).points).toEqual([
      { label: '11/01/2026', date: '2026-11-01', count: 0, remaining: 50000 },
      { label: '11/02/2026', date: '2026-11-02', count: 2, remaining: 48025 },
      { label: '11/03/2026', date: '2026-11-03', count: 0, remaining: 48025 },
      { label: '11/04/2026', date: '2026-11-04', count: 1, remaining: 42000 },
    ]);
    expect(budgetProgressChart({ funded: 0, days: [] }).points).toEqual([]);
  });
});
