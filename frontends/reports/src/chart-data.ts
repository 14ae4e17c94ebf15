import type { budgetProgressDays, categoryReport, RouteResponse } from '@budget/contracts';
import { formatCents } from '@budget/money';
import { wireCents } from '@budget/web';
import { daysBetween, isoMonthLabel, longDate } from './dates.js';
import { categoryKind, cellText, centsOf, type CategoryKind, type ReportTable } from './report-table.js';

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
  /** Budget progress: the day (YYYY-MM-DD) and how many transactions it had. */
  date?: string;
  count?: number;
  [series: string]: string | number | undefined;
}

export interface ChartSpec {
  title: string;
  series: ChartSeries[];
  points: ChartPoint[];
  /** Bars carry their amount as a label (payee, category). */
  labelBars?: boolean;
  /** Lines mark no points (net worth: a year of weekly points reads better as a plain line). */
  noDots?: boolean;
}

/** Spending breakdown: groups holding their categories' spending, drawn as a treemap. */
export interface BreakdownGroup {
  name: string;
  cents: number;
  children: { name: string; cents: number }[];
}

const seriesKey = (index: number) => `s${index}`;

/** Net worth: a line per account type, and one for the total (the table's columns after the date). */
export function netWorthChart(table: ReportTable): ChartSpec {
  const names = table.headers.slice(1);
  return {
    title: 'Net worth by account type',
    noDots: true,
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

/**
 * Category: spending and income as two series, so a salary never stands in the same bars as the
 * groceries: each category's sum is a bar of its kind (spending first, then income).
 */
export function categoryChart(answer: RouteResponse<typeof categoryReport>, only: CategoryKind | null = null): ChartSpec {
  const rows = answer.map((row) => ({ label: row.categoryName, cents: wireCents(row.sum) }));
  const kinds: CategoryKind[] = only ? [only] : ['spending', 'income'];
  const ordered = kinds.flatMap((kind) => rows.filter((row) => categoryKind(row.cents) === kind));
  return {
    title: only === 'income' ? 'Income per category' : only === 'spending' ? 'Spending per category' : 'Spending and income per category',
    series: kinds.map((kind) => ({ key: kind, name: kind === 'spending' ? 'Spending' : 'Income', shape: 'bar' as const })),
    points: ordered.map((row) => ({ label: row.label, [categoryKind(row.cents)]: row.cents })),
    labelBars: true,
  };
}

/** Spending breakdown: the spending table's rows by group, largest group first. */
export function spendingBreakdown(table: ReportTable): BreakdownGroup[] {
  const groups = new Map<string, BreakdownGroup>();
  for (const row of table.rows) {
    const group = cellText(row[0]!);
    const entry = groups.get(group) ?? { name: group, cents: 0, children: [] };
    entry.cents += centsOf(row[2]);
    entry.children.push({ name: cellText(row[1]!), cents: centsOf(row[2]) });
    groups.set(group, entry);
  }
  return [...groups.values()].sort((a, b) => b.cents - a.cents);
}

/** The most payees the payee chart shows: the largest sums, by size (the table has them all). */
export const PAYEE_CHART_LIMIT = 15;

/**
 * Payee: the sums of the payees with the largest sums (either sign) as labelled bars, from the
 * payee table (one row per payee, or per payee and channel when split).
 */
export function payeeChart(table: ReportTable): ChartSpec {
  const split = table.headers[1] === 'Payment Channel';
  const largest = table.rows
    .map((row) => ({ label: split ? `${cellText(row[0]!)} (${cellText(row[1]!)})` : cellText(row[0]!), sum: centsOf(row.at(-1)) }))
    .sort((a, b) => Math.abs(b.sum) - Math.abs(a.sum))
    .slice(0, PAYEE_CHART_LIMIT);
  return { title: `Sum per payee (the ${PAYEE_CHART_LIMIT} largest)`, series: [{ key: 'sum', name: 'Sum', shape: 'bar' }], points: largest, labelBars: true };
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
 * Budget progress (the days route, docs/architecture.md §4.7): what is left, day by day from the
 * first entry to the last; a day without rows keeps the day before's amount (the route leaves those
 * days out) and has no transactions.
 */
export function budgetProgressChart(answer: RouteResponse<typeof budgetProgressDays>): ChartSpec {
  const sorted = [...answer.days].sort((a, b) => a.date.localeCompare(b.date));
  const first = sorted[0];
  const last = sorted.at(-1);
  const byDay = new Map(sorted.map(({ date, left, count }) => [date, { remaining: wireCents(left), count }]));
  let remaining = 0;
  const points: ChartPoint[] =
    first && last
      ? daysBetween(first.date, last.date).map((date) => {
          const entry = byDay.get(date);
          remaining = entry?.remaining ?? remaining;
          return { label: longDate(date), date, count: entry?.count ?? 0, remaining };
        })
      : [];
  return { title: 'Left of the month’s funding', series: [{ key: 'remaining', name: 'Remaining', shape: 'line' }], points };
}

/** The amounts (cents) of every series at every point: what the amount axis has to hold. */
export function seriesAmounts(chart: ChartSpec): number[] {
  return chart.points.flatMap((point) => chart.series.map((series) => point[series.key]).filter((value): value is number => typeof value === 'number'));
}

/**
 * Round ticks for an amount axis, in cents: steps of 1, 2 or 5 times a power of ten (whole dollars
 * once the range passes a few dollars), from a multiple of the step at or below the least amount
 * (and 0) to one at or above the greatest, about `count` of them. Integers only: no float drift
 * can print 1,234.57 on an axis.
 */
export function amountTicks(amounts: readonly number[], count = 5): number[] {
  const low = Math.min(0, ...amounts);
  const high = Math.max(0, ...amounts);
  if (low === high) return [0, 100];
  const raw = Math.ceil((high - low) / Math.max(1, count - 1));
  let power = 1;
  while (power * 10 <= raw) power *= 10;
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? power * 10;
  const first = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick < high + step; tick += step) {
    ticks.push(tick);
    if (tick >= high) break;
  }
  return ticks;
}

/** An axis tick: whole dollars when every tick is whole ("1,500"), otherwise cents ("2.50"). */
export function tickText(cents: number, ticks: readonly number[]): string {
  const whole = ticks.every((tick) => tick % 100 === 0);
  const text = formatCents(cents);
  return whole ? text.slice(0, -3) : text;
}
