import type {
  budgetProgressDays,
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
  /**
   * The CSV's headers where they differ from the screen's: months are ISO text (YYYY-MM) in every
   * report's CSV, as their cells are, while the screen labels them 03/2026.
   */
  csvHeaders?: string[];
  rows: Cell[][];
  /** A totals row under the body (funding history). */
  footer?: Cell[];
}

const text = (value: string): Cell => ({ text: value });
const cents = (value: number): Cell => ({ cents: wireCents(value) });
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Net worth: a header row of account types, then a balance per type; the client adds the Net Worth
 * total (product-spec §7). The weeks before the first balance (before the first account was
 * opened) are left out, so the chart starts where the user's history does; a range with no
 * balance at all keeps its rows.
 */
export function netWorthTable(answer: RouteResponse<typeof netWorthReport>): ReportTable {
  const [header = [], ...data] = answer;
  const rows = data.map(([date, ...balances]) => {
    const values = balances.map((balance) => wireCents(balance));
    return [{ date: String(date) }, ...values.map((value) => ({ cents: value })), { cents: sum(values) }];
  });
  const first = rows.findIndex((row) => row.slice(1).some((cell) => centsOf(cell) !== 0));
  return {
    headers: ['Date', ...header.slice(1).map(String), 'Net Worth'],
    rows: first > 0 ? rows.slice(first) : rows,
  };
}

/** The payee report's rows as the answer has them: one per payee and payment channel. */
export function payeeTable(answer: RouteResponse<typeof payeeReport>): ReportTable {
  return {
    headers: ['Payee', 'Payment Channel', 'Count', 'Sum'],
    rows: answer.map((row) => [text(row.name), text(row.paymentChannel), { count: row.count }, cents(row.sum)]),
  };
}

/**
 * One row per payee across its payment channels (a café paid in store and online is one payee):
 * counts and sums added in cents, sorted by name as the answer is.
 */
export function payeeTableByName(answer: RouteResponse<typeof payeeReport>): ReportTable {
  const byName = new Map<string, { count: number; cents: number }>();
  for (const row of answer) {
    const entry = byName.get(row.name) ?? { count: 0, cents: 0 };
    entry.count += row.count;
    entry.cents += wireCents(row.sum);
    byName.set(row.name, entry);
  }
  return {
    headers: ['Payee', 'Count', 'Sum'],
    rows: [...byName].map(([name, entry]) => [text(name), { count: entry.count }, { cents: entry.cents }]),
  };
}

/** What a category row is: money spent (a negative sum) or income (positive); a zero sum counts as spending. */
export type CategoryKind = 'spending' | 'income';
export const categoryKind = (sumCents: number): CategoryKind => (sumCents > 0 ? 'income' : 'spending');

/**
 * Category: spending first, then income, each in the answer's order, so the two are never mixed;
 * `only` keeps one kind.
 */
export function categoryTable(answer: RouteResponse<typeof categoryReport>, only: CategoryKind | null = null): ReportTable {
  const rows = answer.map((row) => ({ kind: categoryKind(wireCents(row.sum)), cells: [text(row.groupName), text(row.categoryName), { count: row.count }, cents(row.sum)] }));
  const kinds: CategoryKind[] = only ? [only] : ['spending', 'income'];
  return {
    headers: ['Group', 'Category', 'Count', 'Sum'],
    rows: kinds.flatMap((kind) => rows.filter((row) => row.kind === kind).map((row) => row.cells)),
  };
}

/**
 * Spending breakdown: what each category spent in the range (the category report's negative sums,
 * as positive amounts), largest first, with its share of all spending in tenths of a percent.
 */
export function spendingTable(answer: RouteResponse<typeof categoryReport>): ReportTable {
  const spent = answer
    .map((row) => ({ group: row.groupName, category: row.categoryName, cents: -wireCents(row.sum) }))
    .filter((row) => row.cents > 0)
    .sort((a, b) => b.cents - a.cents || a.group.localeCompare(b.group) || a.category.localeCompare(b.category));
  const total = sum(spent.map((row) => row.cents));
  return {
    headers: ['Group', 'Category', 'Spent', 'Share'],
    rows: spent.map((row) => [text(row.group), text(row.category), { cents: row.cents }, text(shareText(row.cents, total))]),
    footer: spent.length > 0 ? [text('Total'), text(''), { cents: total }, text('100.0%')] : undefined,
  };
}

/** A part of a whole as a percentage with one decimal, rounded half up in integers ("12.5%"). */
export function shareText(part: number, whole: number): string {
  if (whole <= 0) return '0.0%';
  const tenths = Math.floor((part * 1000 * 2 + whole) / (whole * 2));
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
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
 * Funding history: a row per category funded in the range (categories never funded in its months
 * are left out), a column per month (oldest first, four-digit years), an amount flagged when it
 * differs from the month before, and a total per month under them.
 */
export function fundingHistoryTable(answer: RouteResponse<typeof fundingHistoryReport>, endDate: string): ReportTable {
  const months = fundingMonths(endDate);
  const all = answer.map((row) => {
    const amounts = months.map(({ year, month }) =>
      sum((row.history ?? []).filter((entry) => entry.year === year && entry.month === month).map((entry) => wireCents(entry.amount))),
    );
    return [
      text(row.groupName),
      text(row.categoryName),
      ...amounts.map((amount, index) => ({ cents: amount, changed: index > 0 && amount !== amounts[index - 1] })),
    ];
  });
  // A category with no funding in any of the months has nothing to show.
  const rows = all.filter((row) => row.slice(2).some((cell) => centsOf(cell) !== 0));
  const totals = months.map((_, index) => sum(rows.map((row) => centsOf(row[index + 2]))));
  return {
    headers: ['Group', 'Category', ...months.map(({ year, month }) => monthLabel(year, month))],
    csvHeaders: ['Group', 'Category', ...months.map(({ year, month }) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`)],
    rows,
    footer: [text('Total'), text(''), ...totals.map((total) => ({ cents: total }))],
  };
}

/** Budget progress (the days route): what is left after each day with rows, and how many rows that day had. */
export function budgetProgressTable(answer: RouteResponse<typeof budgetProgressDays>): ReportTable {
  return {
    headers: ['Date', 'Remaining', 'Transactions'],
    rows: answer.days.map(({ date, left, count }) => [{ date }, cents(left), { count }]),
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
