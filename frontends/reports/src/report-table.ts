import type {
  budgetProgressReport,
  categoryReport,
  fundingHistoryReport,
  incomeVsExpensesReport,
  netWorthReport,
  payeeReport,
  RouteResponse,
} from '@budget/contracts';
import { wireCents } from '@budget/web';
import { isoMonthLabel, longDate, monthLabel, monthsEnding } from './dates.js';

/**
 * A report's answer (parsed by its contract, libs/contracts/src/reporting/reports.ts) as a table:
 * what the screen shows, sorts and downloads as CSV. Amounts are integer cents (the wire's dollars
 * read as text by `wireCents`), never floats.
 */
export type Cell =
  | { text: string }
  | { count: number }
  | { cents: number; /** Funding history: differs from the month before. */ changed?: boolean }
  | { date: string }
  | { month: string };

export interface ReportTable {
  headers: string[];
  rows: Cell[][];
  /** A totals row under the body (funding history). */
  footer?: Cell[];
}

const text = (value: string): Cell => ({ text: value });
const cents = (value: number): Cell => ({ cents: wireCents(value) });
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Net worth: a header row of account types, then a balance per type; the client adds the Net Worth total (product-spec §7). */
export function netWorthTable(answer: RouteResponse<typeof netWorthReport>): ReportTable {
  const [header = [], ...data] = answer;
  return {
    headers: ['Date', ...header.slice(1).map(String), 'Net Worth'],
    rows: data.map(([date, ...balances]) => {
      const values = balances.map((balance) => wireCents(balance));
      return [{ date: String(date) }, ...values.map((value) => ({ cents: value })), { cents: sum(values) }];
    }),
  };
}

export function payeeTable(answer: RouteResponse<typeof payeeReport>): ReportTable {
  return {
    headers: ['Payee', 'Payment Channel', 'Count', 'Sum'],
    rows: answer.map((row) => [text(row.name), text(row.paymentChannel), { count: row.count }, cents(row.sum)]),
  };
}

export function categoryTable(answer: RouteResponse<typeof categoryReport>): ReportTable {
  return {
    headers: ['Group', 'Category', 'Count', 'Sum'],
    rows: answer.map((row) => [text(row.groupName), text(row.categoryName), { count: row.count }, cents(row.sum)]),
  };
}

export function incomeVsExpensesTable(answer: RouteResponse<typeof incomeVsExpensesReport>): ReportTable {
  return {
    headers: ['Month', 'Income', 'Expenses', 'Net'],
    rows: answer.map(([month, income, expenses, net]) => [{ month }, cents(income), cents(expenses), cents(net)]),
  };
}

/** The 12 months of a funding history ending with `endDate`'s month, oldest first. */
export const fundingMonths = (endDate: string) => monthsEnding(Number(endDate.slice(0, 4)), Number(endDate.slice(5, 7)), 12);

/**
 * Funding history: a row per category, a column per month (oldest first, four-digit years), an
 * amount flagged when it differs from the month before, and a total per month under them.
 */
export function fundingHistoryTable(answer: RouteResponse<typeof fundingHistoryReport>, endDate: string): ReportTable {
  const months = fundingMonths(endDate);
  const rows = answer.map((row) => {
    const amounts = months.map(({ year, month }) =>
      sum((row.history ?? []).filter((entry) => entry.year === year && entry.month === month).map((entry) => wireCents(entry.amount))),
    );
    return [
      text(row.groupName),
      text(row.categoryName),
      ...amounts.map((amount, index) => ({ cents: amount, changed: index > 0 && amount !== amounts[index - 1] })),
    ];
  });
  const totals = months.map((_, index) => sum(rows.map((row) => centsOf(row[index + 2]))));
  return {
    headers: ['Group', 'Category', ...months.map(({ year, month }) => monthLabel(year, month))],
    rows,
    footer: [text('Total'), text(''), ...totals.map((total) => ({ cents: total }))],
  };
}

/** Budget progress: what is left after each day with rows, and how many rows that day had. */
export function budgetProgressTable(answer: RouteResponse<typeof budgetProgressReport>): ReportTable {
  return {
    headers: ['Date', 'Remaining', 'Transactions'],
    rows: answer.map(([date, remaining, ids]) => [{ date }, cents(remaining), { count: ids.length }]),
  };
}

/** The cents of an amount cell; 0 for any other cell. */
export function centsOf(cell: Cell | undefined): number {
  return cell !== undefined && 'cents' in cell ? cell.cents : 0;
}

/** What a cell shows: amounts are left to the screen (`<Amount>`) and the CSV (plain decimals). */
export function cellText(cell: Cell): string {
  if ('text' in cell) return cell.text;
  if ('count' in cell) return String(cell.count);
  if ('date' in cell) return longDate(cell.date);
  if ('month' in cell) return isoMonthLabel(cell.month);
  return String(cell.cents);
}

/** A cell's sort key (the payee table's sortable columns): amounts and counts as numbers, dates and months by their ISO text. */
export function cellSortKey(cell: Cell | undefined): number | string {
  if (cell === undefined) return '';
  if ('cents' in cell) return cell.cents;
  if ('count' in cell) return cell.count;
  if ('date' in cell) return cell.date;
  if ('month' in cell) return cell.month;
  return cell.text;
}
