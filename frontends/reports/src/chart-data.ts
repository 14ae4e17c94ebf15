import type { budgetProgressReport, categoryReport, payeeReport, RouteResponse } from '@budget/contracts';
import { wireCents } from '@budget/web';
import { daysBetween, isoMonthLabel, longDate } from './dates.js';
import { centsOf, type ReportTable } from './report-table.js';

/**
 * What a report's chart draws: points along the x axis (`label`) with an amount in cents per
 * series; each series is a line or bars (drawn by ReportChart through Recharts).
 */
export interface ChartSeries {
  key: string;
  name: string;
  shape: 'line' | 'bar';
}

export interface ChartPoint {
  label: string;
  /** Budget progress: the day (YYYY-MM-DD) and its transaction ids. */
  date?: string;
  ids?: readonly string[];
  [series: string]: string | number | readonly string[] | undefined;
}

export interface ChartSpec {
  title: string;
  series: ChartSeries[];
  points: ChartPoint[];
}

const seriesKey = (index: number) => `s${index}`;

/** Net worth: a line per account type, and one for the total (the table's columns after the date). */
export function netWorthChart(table: ReportTable): ChartSpec {
  const names = table.headers.slice(1);
  return {
    title: 'Net worth by account type',
    series: names.map((name, index) => ({ key: seriesKey(index), name, shape: 'line' })),
    points: table.rows.map((row) => ({
      label: 'date' in row[0]! ? longDate(row[0].date) : '',
      ...Object.fromEntries(names.map((_, index) => [seriesKey(index), centsOf(row[index + 1])])),
    })),
  };
}

/** Income vs expenses: income and expenses as bars, the net as a line, per month. */
export function incomeVsExpensesChart(table: ReportTable): ChartSpec {
  return {
    title: 'Income and expenses per month',
    series: [
      { key: 'income', name: 'Income', shape: 'bar' },
      { key: 'expenses', name: 'Expenses', shape: 'bar' },
      { key: 'net', name: 'Net', shape: 'line' },
    ],
    points: table.rows.map((row) => ({
      label: 'month' in row[0]! ? isoMonthLabel(row[0].month) : '',
      income: centsOf(row[1]),
      expenses: centsOf(row[2]),
      net: centsOf(row[3]),
    })),
  };
}

/** Category: the sum of each category as a bar. */
export function categoryChart(answer: RouteResponse<typeof categoryReport>): ChartSpec {
  return {
    title: 'Sum per category',
    series: [{ key: 'sum', name: 'Sum', shape: 'bar' }],
    points: answer.map((row) => ({ label: row.categoryName, sum: wireCents(row.sum) })),
  };
}

/** The most payees the payee chart shows: the largest sums, by size (the table has them all). */
export const PAYEE_CHART_LIMIT = 15;

/** Payee: the sums of the payees with the largest sums (either sign) as bars. */
export function payeeChart(answer: RouteResponse<typeof payeeReport>): ChartSpec {
  const largest = answer
    .map((row) => ({ label: `${row.name} (${row.paymentChannel})`, sum: wireCents(row.sum) }))
    .sort((a, b) => Math.abs(b.sum) - Math.abs(a.sum))
    .slice(0, PAYEE_CHART_LIMIT);
  return { title: `Sum per payee (the ${PAYEE_CHART_LIMIT} largest)`, series: [{ key: 'sum', name: 'Sum', shape: 'bar' }], points: largest };
}

/** Funding history: what was funded in all, month by month (the table's totals row). */
export function fundingHistoryChart(table: ReportTable): ChartSpec {
  return {
    title: 'Funded per month',
    series: [{ key: 'total', name: 'Total funded', shape: 'bar' }],
    points: table.headers.slice(2).map((label, index) => ({ label, total: centsOf(table.footer?.[index + 2]) })),
  };
}

/**
 * Budget progress: what is left, day by day from the first entry to the last; a day without rows
 * keeps the day before's amount (the contract leaves those days out) and has no transactions.
 */
export function budgetProgressChart(answer: RouteResponse<typeof budgetProgressReport>): ChartSpec {
  const sorted = [...answer].sort(([a], [b]) => a.localeCompare(b));
  const first = sorted[0];
  const last = sorted.at(-1);
  const byDay = new Map(sorted.map(([date, remaining, ids]) => [date, { remaining: wireCents(remaining), ids }]));
  let remaining = 0;
  const points: ChartPoint[] =
    first && last
      ? daysBetween(first[0], last[0]).map((date) => {
          const entry = byDay.get(date);
          remaining = entry?.remaining ?? remaining;
          return { label: longDate(date), date, ids: entry?.ids ?? [], remaining };
        })
      : [];
  return { title: 'Left of the month’s funding', series: [{ key: 'remaining', name: 'Remaining', shape: 'line' }], points };
}
